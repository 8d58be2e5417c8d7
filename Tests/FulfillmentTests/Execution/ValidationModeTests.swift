import Fulfillment
import JSON
import SmartHomeProtocol
import Testing

/// Strict mode (the default) refuses values outside a device's range; lenient mode clamps them. Neither
/// accepts parameters of the wrong type or a command the device cannot do.
struct ValidationModeTests {
    typealias G = GoogleRequest

    static let lenient = FulfillmentOptions(validationMode: .lenient)

    static func error(_ id: String, _ code: String) -> JSONValue {
        ["ids": [.string(id)], "status": "ERROR", "errorCode": .string(code)]
    }

    static func success(_ id: String, _ states: JSONValue) -> JSONValue {
        ["ids": [.string(id)], "status": "SUCCESS", "states": states]
    }

    @Test func strictIsTheDefault() {
        #expect(FulfillmentOptions().validationMode == .strict)
    }

    // MARK: - Strict

    @Test(arguments: [150, -1, 101])
    func strictRefusesBrightnessOutOfRangeAndChangesNothing(brightness: Int) throws {
        let fulfillment = try TestFulfillment()
        let results = try fulfillment.execute(G.group(["desk"], G.brightnessAbsolute(.int(brightness))))
        #expect(results == [Self.error("desk", "valueOutOfRange")])
        #expect(try fulfillment.query("desk") == ["online": true, "status": "SUCCESS", "on": false, "brightness": 50])
    }

    @Test(arguments: [
        ("percent 150", GoogleRequest.brightnessRelative(percent: 150)),
        ("weight 6", GoogleRequest.brightnessRelative(weight: 6)),
    ])
    func strictRefusesRelativeChangeOutOfRange(label: String, step: JSONValue) throws {
        let fulfillment = try TestFulfillment()
        let results = try fulfillment.execute(G.group(["desk"], step))
        #expect(results == [Self.error("desk", "valueOutOfRange")], "\(label)")
        #expect(try fulfillment.query("desk")?["brightness"] == 50, "\(label)")
    }

    @Test func strictRefusesTemperatureBelowRange() throws {
        let fulfillment = try TestFulfillment()
        let results = try fulfillment.execute(G.group(["reading"], G.colorAbsolute(["temperature": 1000])))
        #expect(results == [Self.error("reading", "valueOutOfRange")])
        #expect(try fulfillment.query("reading")?["color"] == ["temperatureK": 4000])
    }

    // MARK: - Lenient

    /// Clamped to 0–100; 0 % is MinLevel (1), which reads as 1 %.
    @Test(arguments: [(150, 100), (101, 100), (-20, 1), (42, 42)])
    func lenientClampsBrightness(brightness: Int, stored: Int) throws {
        let fulfillment = try TestFulfillment(options: Self.lenient)
        let results = try fulfillment.execute(G.group(["desk"], G.brightnessAbsolute(.int(brightness))))
        #expect(results == [Self.success("desk", ["brightness": .int(stored), "online": true])])
        #expect(try fulfillment.query("desk")?["brightness"] == .int(stored))
    }

    @Test func lenientClampsRelativeChange() throws {
        let fulfillment = try TestFulfillment(options: Self.lenient)
        let results = try fulfillment.execute(G.group(["desk"], G.brightnessRelative(weight: 9)))
        #expect(results == [Self.success("desk", ["brightness": 100, "online": true])])
    }

    /// Below the range goes to the warm end (2000 K for 500 mireds), above it to the cool end.
    @Test(arguments: [(1000, 2000), (1999, 2000), (9000, 6536), (3000, 3003)])
    func lenientClampsTemperatureIntoTheDeviceRange(kelvin: Int, stored: Int) throws {
        let fulfillment = try TestFulfillment(options: Self.lenient)
        let results = try fulfillment.execute(G.group(["reading"], G.colorAbsolute(["temperature": .int(kelvin)])))
        #expect(results == [Self.success("reading", ["color": ["temperatureK": .int(stored)], "online": true])])
        #expect(try fulfillment.query("reading")?["color"] == ["temperatureK": .int(stored)])
    }

    @Test func lenientClampsHueAndSaturation() throws {
        let fulfillment = try TestFulfillment(options: Self.lenient)
        let results = try fulfillment.execute(
            G.group(["strip"], G.colorAbsolute(["spectrumHSV": ["hue": 400, "saturation": 2, "value": 1]]))
        )
        let color: JSONValue = ["spectrumHsv": ["hue": 360, "saturation": 1, "value": 1]]
        #expect(results == [Self.success("strip", ["color": color, "online": true])])
    }

    @Test(arguments: [
        ("on a string", GoogleRequest.step("OnOff", ["on": "yes"])),
        ("on missing", GoogleRequest.step("OnOff", [:])),
        ("params missing", ["command": "action.devices.commands.OnOff"] as JSONValue),
        ("brightness a string", GoogleRequest.step("BrightnessAbsolute", ["brightness": "bright"])),
        ("brightness missing", GoogleRequest.step("BrightnessAbsolute", ["level": 10])),
        ("relative a string", GoogleRequest.brightnessRelative(percent: "more")),
        ("temperature a string", GoogleRequest.colorAbsolute(["temperature": "warm"])),
    ])
    func wrongTypedOrMissingParamsAreNotSupportedInBothModes(label: String, step: JSONValue) throws {
        for options in [FulfillmentOptions(), Self.lenient] {
            let fulfillment = try TestFulfillment(options: options)
            let before = try fulfillment.query("ceiling")
            let results = try fulfillment.execute(G.group(["ceiling"], step))
            #expect(results == [Self.error("ceiling", "notSupported")], "\(label), \(options.validationMode)")
            #expect(try fulfillment.query("ceiling") == before, "\(label), \(options.validationMode)")
        }
    }

    @Test(arguments: [FulfillmentOptions(), FulfillmentOptions(validationMode: .lenient)])
    func unsupportedCommandsAreFunctionNotSupportedInBothModes(options: FulfillmentOptions) throws {
        let fulfillment = try TestFulfillment(options: options)
        let cases: [(String, JSONValue)] = [
            ("hall", G.brightnessAbsolute(50)),
            ("reading", G.colorAbsolute(["spectrumRGB": 0xFF0000])),
            ("desk", G.step("ColorLoop", [:])),
            ("desk", ["command": "action.devices.commands.OpenClose", "params": ["openPercent": 100]]),
        ]
        for (id, step) in cases {
            let results = try fulfillment.execute(G.group([id], step))
            #expect(results == [Self.error(id, "functionNotSupported")], "\(id) \(step)")
        }
    }
}
