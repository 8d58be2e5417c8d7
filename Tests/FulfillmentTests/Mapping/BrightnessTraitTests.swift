import Fulfillment
import JSON
import MatterModel
import SmartHomeProtocol
import Testing

struct BrightnessTraitTests {
    typealias G = GoogleRequest

    static func success(_ id: String, brightness: Int) -> JSONValue {
        ["ids": [.string(id)], "status": "SUCCESS", "states": ["brightness": .int(brightness), "online": true]]
    }

    @Test func absoluteSetsAndPersistsTheBrightness() throws {
        let fulfillment = try TestFulfillment()
        let results = try fulfillment.execute(G.group(["desk"], G.brightnessAbsolute(42)))
        #expect(results == [Self.success("desk", brightness: 42)])
        #expect(try fulfillment.query("desk") == ["online": true, "status": "SUCCESS", "on": false, "brightness": 42])
    }

    /// 1–100 round-trip exactly (0 sets MinLevel, which reads as 1 %: see absoluteZeroLeavesOnOffAlone).
    @Test(arguments: [1, 2, 25, 50, 99, 100])
    func absoluteRoundTripsEveryPercent(brightness: Int) throws {
        let fulfillment = try TestFulfillment()
        let results = try fulfillment.execute(G.group(["ceiling"], G.brightnessAbsolute(.int(brightness))))
        #expect(results == [Self.success("ceiling", brightness: brightness)])
        #expect(try fulfillment.query("ceiling")?["brightness"] == .int(brightness))
    }

    /// A fraction is rounded to the nearest percent (half away from zero).
    @Test func absoluteRoundsAFraction() throws {
        let fulfillment = try TestFulfillment()
        let results = try fulfillment.execute(G.group(["desk"], G.brightnessAbsolute(42.5)))
        #expect(results == [Self.success("desk", brightness: 43)])
    }

    /// Brightness 0 is a level, not "off": OnOff stays as it was, the light goes to MinLevel (1), on at its lowest
    /// output, and reads as 1 %, never as an on light at 0 %.
    @Test func absoluteZeroLeavesOnOffAlone() throws {
        let fulfillment = try TestFulfillment()
        _ = try fulfillment.execute(G.group(["ceiling"], G.brightnessAbsolute(0)))
        #expect(try fulfillment.query("ceiling")?["on"] == true)
        #expect(try fulfillment.query("ceiling")?["brightness"] == 1)
        #expect(try fulfillment.storedDevice("ceiling")?.endpoints[0].cluster(.LevelControl).int("CurrentLevel") == 1)
    }

    /// Devices whose brightness comes from a second device type (a plug that is also a dimmable light).
    @Test func absoluteOnTwoTypeDevice() throws {
        let fulfillment = try TestFulfillment()
        let results = try fulfillment.execute(G.group(["combo"], G.brightnessAbsolute(60)))
        #expect(results == [Self.success("combo", brightness: 60)])
        #expect(try fulfillment.query("combo")?["brightness"] == 60)
    }

    /// Relative changes start from the current 50 %.
    @Test(arguments: [
        ("percent +20", GoogleRequest.brightnessRelative(percent: 20), 70),
        ("percent -30", GoogleRequest.brightnessRelative(percent: -30), 20),
        ("weight +2", GoogleRequest.brightnessRelative(weight: 2), 70),
        ("weight -2", GoogleRequest.brightnessRelative(weight: -2), 30),
        ("percent +80 stops at 100", GoogleRequest.brightnessRelative(percent: 80), 100),
        // 0 % is MinLevel (1), a light on at its lowest output: it reads as 1 %.
        ("weight -5 stops at the lowest level", GoogleRequest.brightnessRelative(weight: -5), 1),
    ])
    func relative(label: String, step: JSONValue, brightness: Int) throws {
        let fulfillment = try TestFulfillment()
        let results = try fulfillment.execute(G.group(["desk"], step))
        #expect(results == [Self.success("desk", brightness: brightness)], "\(label)")
        #expect(try fulfillment.query("desk")?["brightness"] == .int(brightness), "\(label)")
    }

    @Test func relativeWithoutPercentOrWeightIsNotSupported() throws {
        let fulfillment = try TestFulfillment()
        let results = try fulfillment.execute(G.group(["desk"], G.step("BrightnessRelative", [:])))
        #expect(results == [["ids": ["desk"], "status": "ERROR", "errorCode": "notSupported"]])
    }

    @Test(arguments: ["hall", "plug"])
    func brightnessOnDeviceWithoutTheTraitIsFunctionNotSupported(id: String) throws {
        let fulfillment = try TestFulfillment()
        let before = try fulfillment.query(id)
        for step in [G.brightnessAbsolute(50), G.brightnessRelative(percent: 10)] {
            let results = try fulfillment.execute(G.group([id], step))
            #expect(results == [["ids": [.string(id)], "status": "ERROR", "errorCode": "functionNotSupported"]])
        }
        #expect(try fulfillment.query(id) == before)
    }
}
