import Fulfillment
import JSON
import MatterModel
import SmartHomeProtocol
import Testing

/// `ColorAbsolute`. Google spells the command's params `temperature`, `spectrumRGB`, `spectrumHSV` and the
/// states `temperatureK`, `spectrumHsv`.
struct ColorSettingTraitTests {
    typealias G = GoogleRequest

    static func success(_ id: String, color: JSONValue) -> JSONValue {
        ["ids": [.string(id)], "status": "SUCCESS", "states": ["color": color, "online": true]]
    }

    static func error(_ id: String, _ code: String) -> JSONValue {
        ["ids": [.string(id)], "status": "ERROR", "errorCode": .string(code)]
    }

    // MARK: - Temperature

    @Test(arguments: [("reading", 2500), ("reading", 2000), ("reading", 6536), ("ceiling", 5000), ("strip", 4000)])
    func temperatureSetsKelvin(id: String, kelvin: Int) throws {
        let fulfillment = try TestFulfillment()
        let results = try fulfillment.execute(G.group([id], G.colorAbsolute(["temperature": .int(kelvin)])))
        #expect(results == [Self.success(id, color: ["temperatureK": .int(kelvin)])])
        #expect(try fulfillment.query(id)?["color"] == ["temperatureK": .int(kelvin)])
    }

    /// A color light showing hue and saturation switches to ColorMode 2: QUERY then reports `temperatureK`.
    @Test func temperatureSwitchesAColorLightToTemperatureMode() throws {
        let fulfillment = try TestFulfillment()
        #expect(try fulfillment.query("ceiling")?["color"]?["spectrumHsv"] != nil)
        _ = try fulfillment.execute(G.group(["ceiling"], G.colorAbsolute(["temperature": 5000])))
        let stored = try #require(try fulfillment.storedDevice("ceiling"))
        #expect(stored.endpoints[0].clusters[.ColorControl]?.int("ColorMode") == 2)
        #expect(stored.endpoints[0].clusters[.ColorControl]?.int("EnhancedColorMode") == 2)
        #expect(stored.endpoints[0].clusters[.ColorControl]?.int("ColorTemperatureMireds") == 200)
        #expect(
            try fulfillment.query("ceiling")
                == [
                    "online": true, "status": "SUCCESS", "on": true, "brightness": 100, "color": ["temperatureK": 5000],
                ]
        )
    }

    // MARK: - Spectrum

    @Test(arguments: [
        ("red", 0xFF0000, 0.0, 1.0),
        ("cyan", 0x00FFFF, 180.0, 1.0),
        ("white", 0xFFFFFF, 0.0, 0.0),
    ])
    func spectrumRGBBecomesSpectrumHsv(label: String, rgb: Int, hue: Double, saturation: Double) throws {
        let fulfillment = try TestFulfillment()
        let results = try fulfillment.execute(G.group(["strip"], G.colorAbsolute(["spectrumRGB": .int(rgb)])))
        let color: JSONValue = ["spectrumHsv": ["hue": .double(hue), "saturation": .double(saturation), "value": 1]]
        #expect(results == [Self.success("strip", color: color)], "\(label)")
        #expect(try fulfillment.query("strip")?["color"] == color, "\(label)")
        let stored = try #require(try fulfillment.storedDevice("strip"))
        #expect(stored.endpoints[0].clusters[.ColorControl]?.int("ColorMode") == 0, "\(label)")
    }

    @Test func spectrumHSVSetsHueAndSaturation() throws {
        let fulfillment = try TestFulfillment()
        let results = try fulfillment.execute(
            G.group(["strip"], G.colorAbsolute(["spectrumHSV": ["hue": 180, "saturation": 0.5, "value": 1]]))
        )
        let color: JSONValue = ["spectrumHsv": ["hue": 180, "saturation": 0.5, "value": 1]]
        #expect(results == [Self.success("strip", color: color)])
        #expect(
            try fulfillment.query("strip")
                == ["online": true, "status": "SUCCESS", "on": false, "brightness": 50, "color": color]
        )
    }

    /// HSV's `value` belongs to brightness, which ColorAbsolute leaves alone; the state reports value 1.
    @Test func spectrumHSVValueDoesNotTouchBrightness() throws {
        let fulfillment = try TestFulfillment()
        let results = try fulfillment.execute(
            G.group(["ceiling"], G.colorAbsolute(["spectrumHSV": ["hue": 0, "saturation": 1, "value": 0.25]]))
        )
        #expect(results == [Self.success("ceiling", color: ["spectrumHsv": ["hue": 0, "saturation": 1, "value": 1]])])
        #expect(try fulfillment.query("ceiling")?["brightness"] == 100)
    }

    @Test func spectrumAfterTemperatureInOneRequest() throws {
        let fulfillment = try TestFulfillment()
        let results = try fulfillment.execute(
            G.group(
                ["ceiling"],
                G.colorAbsolute(["spectrumRGB": 0xFF0000]),
                G.colorAbsolute(["temperature": 2500]),
                G.colorAbsolute(["spectrumRGB": 0x00FFFF])
            )
        )
        let color: JSONValue = ["spectrumHsv": ["hue": 180, "saturation": 1, "value": 1]]
        #expect(results == [Self.success("ceiling", color: color)])
        let stored = try #require(try fulfillment.storedDevice("ceiling"))
        // The temperature step ran too: its mireds stay after the switch back to hue and saturation.
        #expect(stored.endpoints[0].clusters[.ColorControl]?.int("ColorTemperatureMireds") == 400)
    }

    // MARK: - Refusals (strict, the default)

    @Test(arguments: [
        ("reading", 7000), ("reading", 1999), ("reading", 1500), ("reading", 0), ("ceiling", 10000),
    ])
    func temperatureOutsideTheDeviceRangeIsValueOutOfRange(id: String, kelvin: Int) throws {
        let fulfillment = try TestFulfillment()
        let before = try fulfillment.query(id)
        let results = try fulfillment.execute(G.group([id], G.colorAbsolute(["temperature": .int(kelvin)])))
        #expect(results == [Self.error(id, "valueOutOfRange")])
        #expect(try fulfillment.query(id) == before)
    }

    @Test(arguments: [
        ("spectrumRGB", GoogleRequest.colorAbsolute(["spectrumRGB": 0xFF0000])),
        ("spectrumHSV", GoogleRequest.colorAbsolute(["spectrumHSV": ["hue": 120, "saturation": 1, "value": 1]])),
    ])
    func spectrumOnATemperatureOnlyLightIsFunctionNotSupported(label: String, step: JSONValue) throws {
        let fulfillment = try TestFulfillment()
        let results = try fulfillment.execute(G.group(["reading"], step))
        #expect(results == [Self.error("reading", "functionNotSupported")], "\(label)")
        #expect(try fulfillment.query("reading")?["color"] == ["temperatureK": 4000], "\(label)")
    }

    @Test(arguments: ["hall", "desk", "plug", "combo"])
    func colorOnADeviceWithoutTheTraitIsFunctionNotSupported(id: String) throws {
        let fulfillment = try TestFulfillment()
        let results = try fulfillment.execute(G.group([id], G.colorAbsolute(["temperature": 4000])))
        #expect(results == [Self.error(id, "functionNotSupported")])
    }

    @Test(arguments: [
        ("color missing", GoogleRequest.step("ColorAbsolute", [:])),
        ("color a string", GoogleRequest.step("ColorAbsolute", ["color": "red"])),
        ("color without a known member", GoogleRequest.colorAbsolute(["name": "red"])),
        ("temperature a string", GoogleRequest.colorAbsolute(["temperature": "warm"])),
        ("spectrumRGB a string", GoogleRequest.colorAbsolute(["spectrumRGB": "#ff0000"])),
        ("spectrumHSV without saturation", GoogleRequest.colorAbsolute(["spectrumHSV": ["hue": 10]])),
    ])
    func malformedColorIsNotSupported(label: String, step: JSONValue) throws {
        let fulfillment = try TestFulfillment()
        let results = try fulfillment.execute(G.group(["ceiling"], step))
        #expect(results == [Self.error("ceiling", "notSupported")], "\(label)")
    }

    @Test(arguments: [
        ("spectrumRGB above 0xFFFFFF", GoogleRequest.colorAbsolute(["spectrumRGB": 0x100_0000])),
        ("spectrumRGB negative", GoogleRequest.colorAbsolute(["spectrumRGB": -1])),
        ("hue above 360", GoogleRequest.colorAbsolute(["spectrumHSV": ["hue": 400, "saturation": 1, "value": 1]])),
        ("saturation above 1", GoogleRequest.colorAbsolute(["spectrumHSV": ["hue": 10, "saturation": 2, "value": 1]])),
    ])
    func spectrumOutOfRangeIsValueOutOfRange(label: String, step: JSONValue) throws {
        let fulfillment = try TestFulfillment()
        let results = try fulfillment.execute(G.group(["ceiling"], step))
        #expect(results == [Self.error("ceiling", "valueOutOfRange")], "\(label)")
        #expect(
            try fulfillment.query("ceiling")?["color"] == ["spectrumHsv": ["hue": 180, "saturation": 1, "value": 1]],
            "\(label)"
        )
    }

    // MARK: - Known issues

    /// Matter makes xy and color temperature mandatory for an Extended Color Light, hue/saturation optional.
    /// A light whose `ColorCapabilities` is 24 (xy | color temperature) cannot be in ColorMode 0: `spectrumRGB`
    /// is carried out in xy (`CurrentX`, `CurrentY`, `ColorMode` 1), leaving a state the device file's own
    /// validation accepts, so the registry can be exported and imported again.
    @Test func spectrumOnAColorLightWithoutHueSaturationKeepsTheStateValid() throws {
        let file = Fixtures.deviceFile(
            #"""
            {"id": "xy", "name": "XY bulb", "deviceTypes": ["ExtendedColorLight"],
             "clusters": {"ColorControl": {"ColorCapabilities": 24, "ColorMode": 1}}}
            """#
        )
        let fulfillment = try TestFulfillment(devices: file)
        _ = try fulfillment.execute(G.group(["xy"], G.colorAbsolute(["spectrumRGB": 0xFF0000])))
        let stored = try #require(try fulfillment.storedDevice("xy"))
        let color = try #require(stored.endpoints[0].clusters[.ColorControl])
        #expect(color.int("ColorMode") == 1)
        let exported = DeviceFile(
            users: [UserDevices(agentUserId: Fixtures.alice, devices: [stored])]
        ).encoded()
        #expect(
            AttributeSchema.validate(color, cluster: .ColorControl, deviceTypes: stored.endpoints[0].deviceTypes) == nil
        )
        #expect(throws: Never.self) { try DeviceFile.parse(exported) }

    }

    /// An Extended Color Light in ColorMode 1 shows the color of `CurrentX`/`CurrentY` (here CIE x 0.17, y 0.70:
    /// a saturated green), not the unused `CurrentHue`/`CurrentSaturation`. ColorMode 1 is also the mode such a
    /// light gets when the device file gives no `ColorMode`.
    @Test func colorLightInXYModeReportsItsXYColor() throws {
        let file = Fixtures.deviceFile(
            #"""
            {"id": "xy", "name": "XY bulb", "deviceTypes": ["ExtendedColorLight"],
             "clusters": {"ColorControl": {"ColorMode": 1, "CurrentX": 11141, "CurrentY": 45875}}}
            """#
        )
        let fulfillment = try TestFulfillment(devices: file)
        let hsv = try #require(try fulfillment.query("xy")?["color"]?["spectrumHsv"])
        let hue = try #require(hsv["hue"]?.doubleValue)
        let saturation = try #require(hsv["saturation"]?.doubleValue)
        #expect((90...150).contains(hue))
        #expect(saturation > 0.5)

    }
}
