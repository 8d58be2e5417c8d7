import Fulfillment
import JSON
import MatterModel
import SmartHomeProtocol
import Testing

/// The media catalogue through the mapping: each device's Google type and traits, which endpoint backs each trait,
/// and what `devices validate` says (no problem for any catalogue device; the guide's if-applicable traits a device
/// lacks as warnings). The trait payloads are the trait mappings' own tests.
struct MediaCatalogueTests {
    static func devices() throws -> [Device] {
        try DeviceFile.parse(MediaCatalogue.deviceFile).users.flatMap(\.devices)
    }

    static func device(_ id: String) throws -> Device {
        try #require(try devices().first { $0.id == id }, "\(id)")
    }

    static func bound(_ device: Device, _ trait: SmartHomeProtocol.Trait) -> Int? {
        DeviceTypeMapping.bindings(of: device).first { $0.trait == trait }?.endpoint
    }

    @Test func eachDeviceHasItsGoogleTypeAndTraits() throws {
        let devices = try Self.devices()
        #expect(devices.map(\.id) == MediaCatalogue.expected.map(\.id))
        for (device, expected) in zip(devices, MediaCatalogue.expected) {
            let sync = try #require(DeviceValidation(device: device, willReportState: true).syncDevice, "\(device.id)")
            #expect(sync.type.rawValue == GoogleVocabulary.deviceTypePrefix + expected.type, "\(device.id)")
            #expect(sync.traits.map { String($0.rawValue.split(separator: ".").last ?? "") } == expected.traits)
        }
    }

    @Test func everyDevicePassesValidation() throws {
        for device in try Self.devices() {
            let validation = DeviceValidation(device: device, willReportState: true)
            #expect(validation.violations.isEmpty, "\(device.id): \(validation.violations)")
            #expect(validation.problems.isEmpty, "\(device.id): \(validation.problems)")
        }
    }

    /// The player backs power and the media traits; the Speaker endpoint backs Volume; a content app backs nothing.
    @Test func theTVsTraitsComeFromThePlayerAndItsSpeaker() throws {
        let tv = try Self.device("living-room-tv")
        #expect(tv.endpoints.map(\.primaryType) == [.CastingVideoPlayer, .Speaker, .ContentApp, .ContentApp])
        for trait: SmartHomeProtocol.Trait in [
            .onOff, .mediaState, .transportControl, .inputSelector, .channel, .appSelector,
        ] {
            #expect(Self.bound(tv, trait) == 0, "\(trait)")
        }
        #expect(Self.bound(tv, .volume) == 1)
        #expect(DeviceTypeMapping.traits(for: tv.endpoints[2]).isEmpty)
        #expect(DeviceTypeMapping.traits(for: tv.endpoints[1]) == [.volume], "the Speaker's On/Off is its mute")
    }

    /// A remote's own endpoint has only client clusters: every trait comes from the player beside it.
    @Test func theRemotesTraitsComeFromThePlayerItDrives() throws {
        let remote = try Self.device("universal-remote")
        #expect(DeviceTypeMapping.traits(for: remote.endpoints[0]).isEmpty)
        #expect(Self.bound(remote, .onOff) == 1)
        #expect(Self.bound(remote, .mediaState) == 1)
        #expect(Self.bound(remote, .inputSelector) == 1)
        #expect(Self.bound(remote, .volume) == 2)
    }

    /// Without the guide's if-applicable traits the device passes, with one warning each.
    @Test func theSetTopBoxIsWarnedOfTheTraitsItLacks() throws {
        let validation = DeviceValidation(device: try Self.device("cable-box"), willReportState: true)
        #expect(validation.passes)
        let messages = validation.warnings.map(\.message)
        for trait in ["AppSelector", "InputSelector", "Volume"] {
            #expect(
                messages.contains(
                    "SETTOP's guide requires \(trait) if applicable to the device (\"required, if applicable to your device\"); add it if the device has it"
                ),
                "\(messages)"
            )
        }
    }

    @Test(arguments: [
        ("tv", GoogleDeviceType.tv), ("setTop", .settop), ("STREAMINGBOX", .streamingBox),
        ("streamingstick", .streamingStick), ("streamingBar", .streamingSoundbar), ("soundbar", .soundbar),
        ("avReceiver", .audioVideoReceiver), ("speaker", .speaker),
    ])
    func theFormFactorLabelPicksTheGoogleType(_ value: String, _ type: GoogleDeviceType) throws {
        let device = try Self.player(formFactor: value)
        #expect(DeviceTypeMapping.googleType(for: device) == type)
        #expect(DeviceValidation.unknownFormFactor(of: device).isEmpty)
    }

    /// Every value fits Matter's 16-character `LabelStruct.Value`, and no two name the same type.
    @Test func theFormFactorsFitAFixedLabel() {
        #expect(DeviceTypeMapping.formFactors.allSatisfy { $0.value.count <= 16 })
        #expect(Set(DeviceTypeMapping.formFactors.map(\.type)).count == DeviceTypeMapping.formFactors.count)
    }

    @Test func anUnknownFormFactorIsATVWithAWarning() throws {
        let device = try Self.player(formFactor: "projector")
        #expect(DeviceTypeMapping.googleType(for: device) == .tv)
        let validation = DeviceValidation(device: device, willReportState: true)
        #expect(
            validation.warnings.contains { $0.message.hasPrefix("formFactor \"projector\" is not one Hearth knows") }
        )
        #expect(validation.problems.isEmpty, "\(validation.problems)")
    }

    @Test func aPlayerWithoutALabelIsATV() throws {
        let device = try #require(
            try DeviceFile.parse(
                Fixtures.deviceFile(
                    #"""
                    {"id": "p", "name": "P", "room": "Den", "deviceType": "BasicVideoPlayer",
                     "clusters": {"OnOff": {"OnOff": true}, "MediaPlayback": {"CurrentState": 0}, "KeypadInput": {}}}
                    """#
                )
            ).users[0].devices.first
        )
        #expect(DeviceTypeMapping.googleType(for: device) == .tv)
        #expect(DeviceTypeMapping.traits(of: device) == [.onOff, .mediaState, .transportControl])
    }

    /// Today's Matter speaker (Level Control + On/Off as mute) keeps its single Volume trait; the SPEAKER guide's
    /// other traits are warnings, not problems.
    @Test func aPlainMatterSpeakerIsStillVolumeOnly() throws {
        let device = try #require(
            try DeviceFile.parse(
                Fixtures.deviceFile(
                    #"""
                    {"id": "s", "name": "S", "room": "Den", "deviceType": "Speaker",
                     "clusters": {"OnOff": {"OnOff": true}, "LevelControl": {"CurrentLevel": 100}}}
                    """#
                )
            ).users[0].devices.first
        )
        #expect(DeviceTypeMapping.googleType(for: device) == .speaker)
        #expect(DeviceTypeMapping.traits(of: device) == [.volume])
        let validation = DeviceValidation(device: device, willReportState: true)
        #expect(validation.passes, "\(validation.problems)")
        #expect(validation.warnings.filter { $0.message.hasPrefix("SPEAKER's guide requires") }.count == 3)
    }

    /// A content app is part of a casting player, not a device of its own.
    @Test func aContentAppAloneIsNotExposed() throws {
        let device = Device(id: "a", name: "A", deviceTypes: [.ContentApp])
        #expect(!DeviceTypeMapping.isExposed(device))
    }

    /// The player's parts: a casting player needs a content app, a remote a player (a casting one counts).
    @Test func missingMediaPartsAreProblems() {
        let casting = Device(id: "c", name: "C", endpoints: [Endpoint(deviceTypes: [.CastingVideoPlayer])])
        #expect(
            DeviceValidation.missingParts(of: casting).map(\.message).first?
                .hasPrefix("a CastingVideoPlayer needs at least one ContentApp endpoint") == true
        )
        let remote = Device(id: "r", name: "R", endpoints: [Endpoint(deviceTypes: [.VideoRemoteControl])])
        #expect(
            DeviceValidation.missingParts(of: remote).map(\.message).first?
                .hasPrefix("a VideoRemoteControl needs at least one BasicVideoPlayer endpoint") == true
        )
        let castingRemote = Device(
            id: "r",
            name: "R",
            endpoints: [
                Endpoint(deviceTypes: [.VideoRemoteControl]), Endpoint(deviceTypes: [.CastingVideoPlayer]),
                Endpoint(deviceTypes: [.ContentApp]),
            ]
        )
        #expect(DeviceValidation.missingParts(of: castingRemote).isEmpty)
    }

    /// A Basic Video Player with a `formFactor` Fixed Label and the clusters Matter makes mandatory.
    static func player(formFactor: String) throws -> Device {
        try #require(
            try DeviceFile.parse(
                Fixtures.deviceFile(
                    #"""
                    {"id": "p", "name": "P", "room": "Den", "deviceType": "BasicVideoPlayer",
                     "clusters": {"OnOff": {"OnOff": true}, "MediaPlayback": {"CurrentState": 0}, "KeypadInput": {},
                                  "FixedLabel": {"LabelList": [{"Label": "vendor", "Value": "Acme"},
                                                               {"Label": "formFactor", "Value": "\#(formFactor)"}]}}}
                    """#
                )
            ).users[0].devices.first
        )
    }
}
