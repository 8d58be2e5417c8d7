import Fulfillment
import JSON
import SmartHomeProtocol
import Testing

/// SYNC `type`, `traits` (exact list and order) and `attributes` per Matter device type.
struct DeviceTypeMappingTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var deviceType: String
        var id: String
        var type: JSONValue
        var traits: JSONValue
        var attributes: JSONValue

        var testDescription: String { deviceType }
    }

    static let range153to500: JSONValue = ["temperatureMinK": 2000, "temperatureMaxK": 6536]

    static let cases: [Case] = [
        Case(deviceType: "OnOffLight", id: "hall", type: Fixtures.light, traits: [Fixtures.onOff], attributes: [:]),
        Case(
            deviceType: "DimmableLight",
            id: "desk",
            type: Fixtures.light,
            traits: [Fixtures.onOff, Fixtures.brightness],
            attributes: [:]
        ),
        Case(
            deviceType: "ColorTemperatureLight",
            id: "reading",
            type: Fixtures.light,
            traits: [Fixtures.onOff, Fixtures.brightness, Fixtures.colorSetting],
            attributes: ["colorTemperatureRange": range153to500]
        ),
        Case(
            deviceType: "ExtendedColorLight",
            id: "ceiling",
            type: Fixtures.light,
            traits: [Fixtures.onOff, Fixtures.brightness, Fixtures.colorSetting],
            attributes: ["colorModel": "hsv", "colorTemperatureRange": range153to500]
        ),
        Case(
            deviceType: "OnOffPlugInUnit",
            id: "plug",
            type: Fixtures.outlet,
            traits: [Fixtures.onOff],
            attributes: [:]
        ),
    ]

    @Test(arguments: cases)
    func typeTraitsAndAttributes(_ expected: Case) throws {
        let fulfillment = try TestFulfillment()
        let device = try #require(try fulfillment.syncDevice(expected.id))
        #expect(device["type"] == expected.type)
        #expect(device["traits"] == expected.traits)
        #expect(device["attributes"] == expected.attributes)
    }

    struct RangeCase: Sendable, CustomTestStringConvertible {
        var minMireds: Int
        var maxMireds: Int
        var minK: Int
        var maxK: Int

        var testDescription: String { "\(minMireds)…\(maxMireds) mireds" }
    }

    /// The warm end (`temperatureMinK`) comes from the largest mireds.
    @Test(arguments: [
        RangeCase(minMireds: 153, maxMireds: 500, minK: 2000, maxK: 6536),
        RangeCase(minMireds: 153, maxMireds: 454, minK: 2203, maxK: 6536),
        RangeCase(minMireds: 200, maxMireds: 400, minK: 2500, maxK: 5000),
    ])
    func colorTemperatureRangeComesFromPhysicalMireds(_ range: RangeCase) throws {
        for deviceType in ["ColorTemperatureLight", "ExtendedColorLight"] {
            let file = Fixtures.deviceFile(
                """
                {"id": "l", "name": "L", "deviceTypes": ["\(deviceType)"],
                 "clusters": {"ColorControl": {"ColorTempPhysicalMinMireds": \(range.minMireds),
                                               "ColorTempPhysicalMaxMireds": \(range.maxMireds)}}}
                """
            )
            let device = try #require(try TestFulfillment(devices: file).syncDevice("l"))
            #expect(
                device["attributes"]?["colorTemperatureRange"]
                    == ["temperatureMinK": .int(range.minK), "temperatureMaxK": .int(range.maxK)],
                "\(deviceType)"
            )
        }
    }

    struct MultiTypeCase: Sendable, CustomTestStringConvertible {
        var deviceTypes: [String]
        var type: JSONValue
        var traits: JSONValue

        var testDescription: String { deviceTypes.joined(separator: " + ") }
    }

    /// The primary (first) device type picks Google's type; the traits are the union, each once, in Google's
    /// fixed order (OnOff, Brightness, ColorSetting).
    @Test(arguments: [
        MultiTypeCase(
            deviceTypes: ["OnOffPlugInUnit", "DimmableLight"],
            type: Fixtures.outlet,
            traits: [Fixtures.onOff, Fixtures.brightness]
        ),
        MultiTypeCase(
            deviceTypes: ["DimmableLight", "OnOffPlugInUnit"],
            type: Fixtures.light,
            traits: [Fixtures.onOff, Fixtures.brightness]
        ),
        MultiTypeCase(
            deviceTypes: ["OnOffPlugInUnit", "ColorTemperatureLight"],
            type: Fixtures.outlet,
            traits: [Fixtures.onOff, Fixtures.brightness, Fixtures.colorSetting]
        ),
    ])
    func deviceWithSeveralTypes(_ expected: MultiTypeCase) throws {
        let types = expected.deviceTypes.map { "\"\($0)\"" }.joined(separator: ", ")
        let file = Fixtures.deviceFile(#"{"id": "multi", "name": "Multi", "deviceTypes": [\#(types)]}"#)
        let device = try #require(try TestFulfillment(devices: file).syncDevice("multi"))
        #expect(device["type"] == expected.type)
        #expect(device["traits"] == expected.traits)
    }

    @Test func fixtureComboIsAnOutletWithBrightness() throws {
        let fulfillment = try TestFulfillment()
        let device = try #require(try fulfillment.syncDevice("combo"))
        #expect(device["type"] == Fixtures.outlet)
        #expect(device["traits"] == [Fixtures.onOff, Fixtures.brightness])
        #expect(device["attributes"] == [:])
    }
}
