import JSON
import MatterModel
import SmartHomeProtocol
import Testing

@testable import Fulfillment

/// Google `Modes` from Matter's mode clusters, the laundry controls and Temperature Control's levels, through
/// SYNC, QUERY and EXECUTE.
struct ModesTraitTests {
    typealias G = GoogleRequest

    static let modes: JSONValue = "action.devices.traits.Modes"

    /// A washer's device file: three wash cycles, spin speeds and rinses; `state` is its Operational State.
    static func washerFile(state: Int = 0) -> String {
        Fixtures.deviceFile(
            #"""
            {"id": "washer", "name": "Washer", "deviceTypes": ["LaundryWasher"],
             "clusters": {"OperationalState": {"OperationalState": \#(state)},
               "LaundryWasherMode": {"CurrentMode": 0, "SupportedModes": [
                 {"Label": "Normal", "Mode": 0, "ModeTags": [{"Value": 16384}]},
                 {"Label": "Delicates", "Mode": 1, "ModeTags": [{"Value": 16385}]},
                 {"Label": "Quick 30", "Mode": 4, "ModeTags": [{"Value": 1}]}]},
               "LaundryWasherControls": {"FeatureMap": 3, "SpinSpeeds": ["Off", "800 rpm", "1400 rpm"],
                 "SpinSpeedCurrent": 1, "NumberOfRinses": 1, "SupportedRinses": [0, 1, 2]}}}
            """#
        )
    }

    /// The washer of ``washerFile(state:)`` under `mode` validation.
    static func washer(state: Int = 0, mode: ValidationMode = .strict) throws -> TestFulfillment {
        try TestFulfillment(devices: washerFile(state: state), options: FulfillmentOptions(validationMode: mode))
    }

    static func setModes(_ settings: JSONValue) -> JSONValue {
        G.step("SetModes", ["updateModeSettings": settings])
    }

    @Test func washerSyncListsTheCycleSpinAndRinses() throws {
        let device = try #require(try Self.washer().syncDevice("washer"))
        #expect(device["traits"]?.arrayValue?.contains(Self.modes) == true)
        let modes = try #require(device["attributes"]?["availableModes"]?.arrayValue)
        #expect(modes.map { $0["name"] } == ["wash cycle", "spin speed", "rinses"])
        #expect(
            modes[0]
                == [
                    "name": "wash cycle",
                    "name_values": [
                        ["name_synonym": ["wash cycle", "cycle", "wash program", "program"], "lang": "en"]
                    ],
                    "settings": [
                        ["setting_name": "mode-0", "setting_values": [["setting_synonym": ["Normal"], "lang": "en"]]],
                        [
                            "setting_name": "mode-1",
                            "setting_values": [["setting_synonym": ["Delicates", "delicate"], "lang": "en"]],
                        ],
                        [
                            "setting_name": "mode-4",
                            "setting_values": [["setting_synonym": ["Quick 30", "quick", "fast"], "lang": "en"]],
                        ],
                    ],
                    "ordered": false,
                ]
        )
        #expect(modes[1]["ordered"] == true)
        #expect(modes[1]["settings"]?.arrayValue?.map { $0["setting_name"] } == ["speed-0", "speed-1", "speed-2"])
        #expect(modes[2]["settings"]?.arrayValue?.map { $0["setting_name"] } == ["none", "normal", "extra"])
    }

    @Test func washerQueryReportsEachCurrentSetting() throws {
        let states = try #require(try Self.washer().query("washer"))
        #expect(
            states["currentModeSettings"] == ["wash cycle": "mode-0", "spin speed": "speed-1", "rinses": "normal"]
        )
    }

    @Test func setModesChangesSeveralModesAtOnce() throws {
        let fulfillment = try Self.washer()
        let results = try fulfillment.execute(
            G.group(["washer"], Self.setModes(["wash cycle": "mode-4", "spin speed": "speed-2", "rinses": "extra"]))
        )
        #expect(results.count == 1)
        #expect(results.first?["status"] == "SUCCESS")
        #expect(
            results.first?["states"]?["currentModeSettings"]
                == ["wash cycle": "mode-4", "spin speed": "speed-2", "rinses": "extra"]
        )
        let stored = try #require(try fulfillment.storedDevice("washer")).endpoints[0]
        #expect(stored.cluster(.LaundryWasherMode).int("CurrentMode") == 4)
        #expect(stored.cluster(.LaundryWasherControls).int("SpinSpeedCurrent") == 2)
        #expect(stored.cluster(.LaundryWasherControls).int("NumberOfRinses") == 2)
    }

    static let refusals: [(String, JSONValue)] = [
        ("an unknown mode", ["temperature": "hot"]),
        ("an unknown setting", ["wash cycle": "mode-2"]),
        ("a setting that is not a string", ["wash cycle": 1]),
        ("a known and an unknown mode", ["wash cycle": "mode-1", "load size": "large"]),
    ]

    /// Strict validation refuses any entry the device does not offer with `notSupported`, and changes nothing.
    @Test(arguments: refusals)
    func strictRefusesWhatTheDeviceDoesNotOffer(_ name: String, _ settings: JSONValue) throws {
        let fulfillment = try Self.washer()
        let results = try fulfillment.execute(G.group(["washer"], Self.setModes(settings)))
        #expect(results == [["ids": ["washer"], "status": "ERROR", "errorCode": "notSupported"]], "\(name)")
        #expect(
            try fulfillment.storedDevice("washer")?.endpoints[0].cluster(.LaundryWasherMode).int("CurrentMode") == 0
        )
    }

    /// Lenient validation applies the entries it can and refuses only when none is left.
    @Test func lenientAppliesTheKnownEntries() throws {
        let fulfillment = try Self.washer(mode: .lenient)
        let mixed = try fulfillment.execute(
            G.group(["washer"], Self.setModes(["wash cycle": "mode-1", "load size": "large", "rinses": "max"]))
        )
        #expect(mixed.first?["status"] == "SUCCESS")
        #expect(mixed.first?["states"]?["currentModeSettings"]?["wash cycle"] == "mode-1")
        #expect(mixed.first?["states"]?["currentModeSettings"]?["rinses"] == "normal")
        let none = try fulfillment.execute(G.group(["washer"], Self.setModes(["load size": "large"])))
        #expect(none == [["ids": ["washer"], "status": "ERROR", "errorCode": "notSupported"]])
    }

    @Test func updateModeSettingsMustBeAnObject() throws {
        let fulfillment = try Self.washer()
        let results = try fulfillment.execute(G.group(["washer"], Self.setModes("wash cycle")))
        #expect(results == [["ids": ["washer"], "status": "ERROR", "errorCode": "notSupported"]])
    }

    /// A new cycle while the washer runs or is paused is Matter's `InvalidInMode`: Google's `deviceBusy`. The spin
    /// speed is not a cycle and still changes.
    @Test(arguments: [1, 2])
    func aRunningCycleRefusesANewOne(_ state: Int) throws {
        let fulfillment = try Self.washer(state: state)
        let cycle = try fulfillment.execute(G.group(["washer"], Self.setModes(["wash cycle": "mode-1"])))
        #expect(cycle == [["ids": ["washer"], "status": "ERROR", "errorCode": "deviceBusy"]])
        let spin = try fulfillment.execute(G.group(["washer"], Self.setModes(["spin speed": "speed-0"])))
        #expect(spin.first?["status"] == "SUCCESS")
    }

    /// A refrigerator whose cabinet has Refrigerator and TCC Mode and Temperature Control levels (TL): two modes.
    static let cabinet = Fixtures.deviceFile(
        #"""
        {"id": "fridge", "name": "Fridge", "endpoints": [
          {"deviceTypes": ["Refrigerator"]},
          {"deviceTypes": ["TemperatureControlledCabinet"], "clusters": {
             "TemperatureControl": {"FeatureMap": 2, "SelectedTemperatureLevel": 1,
               "SupportedTemperatureLevels": ["Cold", "Colder", "Coldest"]},
             "RefrigeratorAndTemperatureControlledCabinetMode": {"CurrentMode": 0, "SupportedModes": [
               {"Label": "Normal", "Mode": 0, "ModeTags": [{"Value": 0}]},
               {"Label": "Rapid cool", "Mode": 1, "ModeTags": [{"Value": 16384}]}]}}}]}
        """#
    )

    @Test func cabinetModeAndTemperatureLevel() throws {
        let fulfillment = try TestFulfillment(devices: Self.cabinet)
        // SYNC leaves the refrigerator out until its cabinet's TemperatureControl trait is written (Google
        // requires that trait's temperatureRange), so the Modes attributes are read from the mapping itself.
        var attributes = JSONObject()
        ModesTrait.attributes(of: try #require(try fulfillment.storedDevice("fridge")).endpoints[1], into: &attributes)
        let modes = try #require(attributes["availableModes"]?.arrayValue)
        #expect(modes.map { $0["name"] } == ["cabinet mode", "temperature level"])
        #expect(
            modes[0]["settings"]?.arrayValue?[1]
                == ["setting_name": "mode-1", "setting_values": [["setting_synonym": ["Rapid cool"], "lang": "en"]]]
        )
        #expect(
            modes[0]["settings"]?.arrayValue?[0]["setting_values"]?.arrayValue?[0]["setting_synonym"] == [
                "Normal", "auto", "automatic",
            ]
        )
        #expect(modes[1]["ordered"] == true)
        #expect(
            try fulfillment.query("fridge")?["currentModeSettings"]
                == ["cabinet mode": "mode-0", "temperature level": "level-1"]
        )
        let results = try fulfillment.execute(
            G.group(["fridge"], Self.setModes(["cabinet mode": "mode-1", "temperature level": "level-2"]))
        )
        #expect(
            results.first?["states"]?["currentModeSettings"]
                == ["cabinet mode": "mode-1", "temperature level": "level-2"]
        )
        let stored = try #require(try fulfillment.storedDevice("fridge")).endpoints[1]
        #expect(stored.cluster(.TemperatureControl).int("SelectedTemperatureLevel") == 2)
    }
    /// The cabinet's changes are Matter's own commands: `ChangeToMode` and `SetTemperature` with a level.
    @Test func cabinetChangesAreDescribedAsMatterCommands() throws {
        let before = try #require(try TestFulfillment(devices: Self.cabinet).storedDevice("fridge")).endpoints[1]
        var after = before
        after.clusters[.RefrigeratorAndTemperatureControlledCabinetMode]?["CurrentMode"] = .int(1)
        after.clusters[.TemperatureControl]?["SelectedTemperatureLevel"] = .int(2)
        let descriptions = MatterCommandDescription.describe(
            .setModes,
            params: JSONObject([("updateModeSettings", ["cabinet mode": "mode-1", "temperature level": "level-2"])]),
            before: before,
            after: after
        )
        #expect(
            descriptions.map(\.command) == [
                "RefrigeratorAndTemperatureControlledCabinetMode.ChangeToMode", "TemperatureControl.SetTemperature",
            ]
        )
        #expect(
            descriptions.map(\.arguments) == [
                JSONObject([("NewMode", 1)]), JSONObject([("TargetTemperatureLevel", 2)]),
            ]
        )
        #expect(descriptions.first?.changed.map(\.key) == ["RefrigeratorAndTemperatureControlledCabinetMode"])
    }

    /// A dryer's dryness levels, ordered low to high; a null selection reports no current setting.
    @Test func dryerDryness() throws {
        let fulfillment = try TestFulfillment(
            devices: Fixtures.deviceFile(
                #"""
                {"id": "dryer", "name": "Dryer", "deviceTypes": ["LaundryDryer"],
                 "clusters": {"LaundryDryerControls": {"SupportedDrynessLevels": [0, 1, 3],
                   "SelectedDrynessLevel": null}}}
                """#
            )
        )
        let endpoint = try #require(try fulfillment.storedDevice("dryer")).endpoints[0]
        var attributes = JSONObject()
        ModesTrait.attributes(of: endpoint, into: &attributes)
        let dryness = try #require(attributes["availableModes"]?.arrayValue?.first)
        #expect(dryness["name"] == "dryness")
        #expect(dryness["ordered"] == true)
        #expect(dryness["settings"]?.arrayValue?.map { $0["setting_name"] } == ["low", "normal", "max"])
        #expect(try fulfillment.query("dryer")?["currentModeSettings"] == [:])
        let results = try fulfillment.execute(G.group(["dryer"], Self.setModes(["dryness": "max"])))
        #expect(results.first?["states"]?["currentModeSettings"] == ["dryness": "max"])
        let after = try #require(try fulfillment.storedDevice("dryer")).endpoints[0]
        #expect(after.cluster(.LaundryDryerControls).int("SelectedDrynessLevel") == 3)
        let described = MatterCommandDescription.describe(
            .setModes,
            params: JSONObject([("updateModeSettings", ["dryness": "max"])]),
            before: endpoint,
            after: after
        )
        #expect(described.map(\.command) == ["LaundryDryerControls.Write"])
        #expect(described.first?.arguments == JSONObject([("SelectedDrynessLevel", 3)]))
    }
}

/// Which endpoints back `Modes` at all (``DeviceTypeMapping/clusterTraits(for:)``).
struct ModesPresenceTests {
    static func endpoint(_ clusters: [ClusterID: ClusterState]) -> Endpoint {
        Endpoint(deviceTypes: [.LaundryWasher], clusters: clusters)
    }

    @Test func aModeClusterWithTwoModesBringsModes() {
        let modes: AttributeValue = .list([
            .structure(["Label": .string("A"), "Mode": .int(0), "ModeTags": .list([])]),
            .structure(["Label": .string("B"), "Mode": .int(1), "ModeTags": .list([])]),
        ])
        let endpoint = Self.endpoint([.DishwasherMode: ClusterState(["SupportedModes": modes, "CurrentMode": .int(0)])])
        #expect(DeviceTypeMapping.clusterTraits(for: endpoint).contains(.modes))
    }

    /// Mode Select: its `Description` leads the mode's synonyms; its `SemanticTags` (a namespace's, not Mode
    /// Base's) bring no words.
    @Test func modeSelectUsesItsDescription() throws {
        let options: AttributeValue = .list([
            .structure([
                "Label": .string("Espresso"), "Mode": .int(3),
                "SemanticTags": .list([.structure(["MfgCode": .int(0), "Value": .int(1)])]),
            ]),
            .structure(["Label": .string("Lungo"), "Mode": .int(7), "SemanticTags": .list([])]),
        ])
        let endpoint = Self.endpoint([
            .ModeSelect: ClusterState([
                "Description": .string("Coffee"), "SupportedModes": options, "CurrentMode": .int(7),
            ])
        ])
        let offer = try #require(ModeOffer.offers(of: endpoint).first)
        #expect(offer.name == "mode")
        #expect(offer.synonyms == ["Coffee", "mode"])
        #expect(offer.settings.map(\.synonyms) == [["Espresso"], ["Lungo"]])
        #expect(offer.currentSetting?.name == "mode-7")
        #expect(!offer.ordered)
    }

    /// Google's settings need "At least 2 items": an empty or one-setting source brings no mode, and without a
    /// mode the trait is not in SYNC.
    @Test func noUsableModeNoTrait() {
        let one: AttributeValue = .list([.structure(["Label": .string("A"), "Mode": .int(0), "ModeTags": .list([])])])
        let cases: [[ClusterID: ClusterState]] = [
            [.DishwasherMode: ClusterState(["SupportedModes": .list([]), "CurrentMode": .int(0)])],
            [.ModeSelect: ClusterState(["SupportedModes": one, "CurrentMode": .int(0)])],
            [.LaundryDryerControls: ClusterState(["SupportedDrynessLevels": .list([.int(1)])])],
            // Spin speeds without the SPIN feature, levels without TL.
            [
                .LaundryWasherControls: ClusterState([
                    "FeatureMap": .int(0), "SpinSpeeds": .list([.string("a"), .string("b")]),
                ])
            ],
            [
                .TemperatureControl: ClusterState([
                    "FeatureMap": .int(1), "SupportedTemperatureLevels": .list([.string("a"), .string("b")]),
                ])
            ],
        ]
        for clusters in cases {
            #expect(!DeviceTypeMapping.clusterTraits(for: Self.endpoint(clusters)).contains(.modes), "\(clusters)")
        }
    }
}
