import Fulfillment
import JSON
import MatterModel
import SmartHomeProtocol
import Testing

/// Speaker: Volume from Level Control (volume) and On/Off (mute).
struct VolumeTraitTests {
    typealias G = GoogleRequest

    static let user = AppliancesCatalogue.user
    static let lenient = FulfillmentOptions(validationMode: .lenient)

    static func fulfillment(_ options: FulfillmentOptions = FulfillmentOptions()) throws -> TestFulfillment {
        try TestFulfillment(devices: AppliancesCatalogue.deviceFile, options: options)
    }

    static func setVolume(_ level: JSONValue) -> JSONValue { G.step("setVolume", ["volumeLevel": level]) }
    static func relative(_ steps: JSONValue) -> JSONValue { G.step("volumeRelative", ["relativeSteps": steps]) }
    static func mute(_ mute: Bool) -> JSONValue { G.step("mute", ["mute": .bool(mute)]) }

    static func success(volume: Int, muted: Bool) -> [JSONValue] {
        [
            [
                "ids": ["living-room-speaker"], "status": "SUCCESS",
                "states": ["currentVolume": .int(volume), "isMuted": .bool(muted), "online": true],
            ]
        ]
    }

    static func error(_ code: String) -> [JSONValue] {
        [["ids": ["living-room-speaker"], "status": "ERROR", "errorCode": .string(code)]]
    }

    @Test(arguments: [1, 2, 40, 73, 99, 100])
    func setVolumeSetsAndPersists(volume: Int) throws {
        let fulfillment = try Self.fulfillment()
        let results = try fulfillment.execute(
            G.group(["living-room-speaker"], Self.setVolume(.int(volume))),
            as: Self.user
        )
        #expect(results == Self.success(volume: volume, muted: false))
        #expect(try fulfillment.query("living-room-speaker", as: Self.user)?["currentVolume"] == .int(volume))
        let level = try fulfillment.storedDevice("living-room-speaker", of: Self.user)?.endpoints[0]
            .cluster(.LevelControl).int("CurrentLevel")
        #expect(level == VolumeConversion.currentLevel(fromVolumePercent: volume))
    }

    /// Volume 0 is the quietest level (MinLevel 1; muting is On/Off's), which reads as 1: an audible speaker never
    /// reports 0.
    @Test func setVolumeZeroSetsTheLowestLevelWhichReadsAsOne() throws {
        let fulfillment = try Self.fulfillment()
        let results = try fulfillment.execute(G.group(["living-room-speaker"], Self.setVolume(0)), as: Self.user)
        #expect(results == Self.success(volume: 1, muted: false))
        let level = try fulfillment.storedDevice("living-room-speaker", of: Self.user)?.endpoints[0]
            .cluster(.LevelControl).int("CurrentLevel")
        #expect(level == 1)
    }

    @Test(arguments: [-1, 101, 150])
    func strictRefusesVolumeOutOfRangeAndChangesNothing(volume: Int) throws {
        let fulfillment = try Self.fulfillment()
        let before = try fulfillment.query("living-room-speaker", as: Self.user)
        let results = try fulfillment.execute(
            G.group(["living-room-speaker"], Self.setVolume(.int(volume))),
            as: Self.user
        )
        #expect(results == Self.error("valueOutOfRange"))
        #expect(try fulfillment.query("living-room-speaker", as: Self.user) == before)
    }

    @Test(arguments: [(-5, 1), (101, 100), (1000, 100)])
    func lenientClampsVolume(volume: Int, stored: Int) throws {
        let fulfillment = try Self.fulfillment(Self.lenient)
        let results = try fulfillment.execute(
            G.group(["living-room-speaker"], Self.setVolume(.int(volume))),
            as: Self.user
        )
        #expect(results == Self.success(volume: stored, muted: false))
    }

    /// From 40: steps are volume percent points; the result stops at the lowest level (which reads as 1) and 100.
    @Test(arguments: [(5, 45), (-15, 25), (90, 100), (-39, 1), (-60, 1)])
    func relativeSteps(steps: Int, volume: Int) throws {
        let fulfillment = try Self.fulfillment()
        let results = try fulfillment.execute(
            G.group(["living-room-speaker"], Self.relative(.int(steps))),
            as: Self.user
        )
        #expect(results == Self.success(volume: volume, muted: false))
    }

    /// Google's errors reference has no volume code: at the top, its general "already set to the highest setting".
    @Test func upAtMaximumIsMaxSettingReached() throws {
        let fulfillment = try Self.fulfillment()
        _ = try fulfillment.execute(G.group(["living-room-speaker"], Self.setVolume(100)), as: Self.user)
        let results = try fulfillment.execute(G.group(["living-room-speaker"], Self.relative(1)), as: Self.user)
        #expect(results == Self.error("maxSettingReached"))
    }

    /// At the bottom, "already set to the lowest setting".
    @Test func downAtMinimumIsMinSettingReached() throws {
        let fulfillment = try Self.fulfillment()
        _ = try fulfillment.execute(G.group(["living-room-speaker"], Self.setVolume(0)), as: Self.user)
        let results = try fulfillment.execute(G.group(["living-room-speaker"], Self.relative(-1)), as: Self.user)
        #expect(results == Self.error("minSettingReached"))
    }

    @Test func strictRefusesTooManyStepsLenientClamps() throws {
        let strict = try Self.fulfillment()
        #expect(
            try strict.execute(G.group(["living-room-speaker"], Self.relative(101)), as: Self.user)
                == Self.error("valueOutOfRange")
        )
        let lenient = try Self.fulfillment(Self.lenient)
        #expect(
            try lenient.execute(G.group(["living-room-speaker"], Self.relative(-500)), as: Self.user)
                == Self.success(volume: 1, muted: false)
        )
    }

    /// A speaker whose Level Control stops short of 1 and 254: at its own ends no step moves it, and Google hears so.
    @Test func stepsAtTheDevicesOwnLevelLimitsAreMinAndMaxSettingReached() throws {
        let file = """
            {"users": [{"agentUserId": "u", "devices": [{"id": "s", "name": "S", "deviceTypes": ["Speaker"],
              "clusters": {"OnOff": {"OnOff": true},
                           "LevelControl": {"CurrentLevel": 20, "MinLevel": 20, "MaxLevel": 200}}}]}]}
            """
        let fulfillment = try TestFulfillment(devices: file)
        let error: (String) -> [JSONValue] = { [["ids": ["s"], "status": "ERROR", "errorCode": .string($0)]] }
        #expect(try fulfillment.execute(G.group(["s"], Self.relative(-1)), as: "u") == error("minSettingReached"))
        _ = try fulfillment.execute(G.group(["s"], Self.setVolume(100)), as: "u")
        #expect(
            try fulfillment.storedDevice("s", of: "u")?.endpoints[0].cluster(.LevelControl).int("CurrentLevel") == 200
        )
        #expect(try fulfillment.execute(G.group(["s"], Self.relative(1)), as: "u") == error("maxSettingReached"))
        // Between the ends a step moves as usual.
        let down = try fulfillment.execute(G.group(["s"], Self.relative(-10)), as: "u")
        #expect(down.first?["status"] == "SUCCESS", "\(down)")
    }

    /// Mute is On/Off false; the volume is remembered and reported while muted, as Google asks.
    @Test func muteAndUnmute() throws {
        let fulfillment = try Self.fulfillment()
        #expect(
            try fulfillment.execute(G.group(["living-room-speaker"], Self.mute(true)), as: Self.user)
                == Self.success(volume: 40, muted: true)
        )
        #expect(
            try fulfillment.storedDevice("living-room-speaker", of: Self.user)?.endpoints[0].cluster(.OnOff)
                .bool("OnOff") == false
        )
        #expect(
            try fulfillment.execute(G.group(["living-room-speaker"], Self.mute(false)), as: Self.user)
                == Self.success(volume: 40, muted: false)
        )
    }

    @Test func setVolumeLeavesMuteAlone() throws {
        let fulfillment = try Self.fulfillment()
        let results = try fulfillment.execute(
            G.group(["living-room-speaker"], Self.mute(true), Self.setVolume(60)),
            as: Self.user
        )
        #expect(results == Self.success(volume: 60, muted: true))
    }

    @Test func missingParametersAreNotSupported() throws {
        let fulfillment = try Self.fulfillment()
        for step in [G.step("setVolume", [:]), G.step("volumeRelative", [:]), G.step("mute", ["mute": 1])] {
            #expect(
                try fulfillment.execute(G.group(["living-room-speaker"], step), as: Self.user)
                    == Self.error("notSupported")
            )
        }
    }

    /// A Speaker exposes Volume only: OnOff and Brightness commands are not its.
    @Test func speakerHasNoOnOffOrBrightness() throws {
        let fulfillment = try Self.fulfillment()
        for step in [G.onOff(false), G.brightnessAbsolute(10)] {
            #expect(
                try fulfillment.execute(G.group(["living-room-speaker"], step), as: Self.user)
                    == Self.error("functionNotSupported")
            )
        }
    }

    @Test func volumeOnADeviceWithoutTheTraitIsFunctionNotSupported() throws {
        let fulfillment = try Self.fulfillment()
        let results = try fulfillment.execute(G.group(["hall-dimmer-plug"], Self.setVolume(10)), as: Self.user)
        #expect(results == [["ids": ["hall-dimmer-plug"], "status": "ERROR", "errorCode": "functionNotSupported"]])
    }

    /// The dimmable plug is an OUTLET with Brightness.
    @Test func dimmablePlugTakesBrightnessAndOnOff() throws {
        let fulfillment = try Self.fulfillment()
        let results = try fulfillment.execute(
            G.group(["hall-dimmer-plug"], G.onOff(false), G.brightnessAbsolute(30)),
            as: Self.user
        )
        #expect(
            results == [
                [
                    "ids": ["hall-dimmer-plug"], "status": "SUCCESS",
                    "states": ["on": false, "brightness": 30, "online": true],
                ]
            ]
        )
    }
}
