import Testing

@testable import MatterModel

/// One value of one attribute and whether the schema allows it.
struct EdgeValue: Sendable, CustomTestStringConvertible {
    var cluster: ClusterID
    var attribute: String
    var value: AttributeValue
    var allowed: Bool

    var testDescription: String { "\(cluster).\(attribute) = \(value): \(allowed ? "ok" : "refused")" }

    static let all: [EdgeValue] = [
        EdgeValue(cluster: .LevelControl, attribute: "CurrentLevel", value: .int(254), allowed: true),
        EdgeValue(cluster: .LevelControl, attribute: "CurrentLevel", value: .int(1), allowed: true),
        EdgeValue(cluster: .LevelControl, attribute: "CurrentLevel", value: .int(255), allowed: false),
        EdgeValue(cluster: .LevelControl, attribute: "CurrentLevel", value: .int(0), allowed: false),
        EdgeValue(cluster: .LevelControl, attribute: "CurrentLevel", value: .bool(true), allowed: false),
        EdgeValue(cluster: .LevelControl, attribute: "MinLevel", value: .int(1), allowed: true),
        EdgeValue(cluster: .LevelControl, attribute: "MinLevel", value: .int(0), allowed: false),
        EdgeValue(cluster: .LevelControl, attribute: "MaxLevel", value: .int(255), allowed: false),
        EdgeValue(cluster: .LevelControl, attribute: "OnLevel", value: .int(255), allowed: true),
        EdgeValue(cluster: .LevelControl, attribute: "OnLevel", value: .int(0), allowed: false),
        EdgeValue(cluster: .LevelControl, attribute: "OnOffTransitionTime", value: .int(65535), allowed: true),
        EdgeValue(cluster: .LevelControl, attribute: "OnOffTransitionTime", value: .int(-1), allowed: false),
        EdgeValue(cluster: .ColorControl, attribute: "ColorTemperatureMireds", value: .int(65279), allowed: true),
        EdgeValue(cluster: .ColorControl, attribute: "ColorTemperatureMireds", value: .int(65280), allowed: false),
        EdgeValue(cluster: .ColorControl, attribute: "ColorTemperatureMireds", value: .int(1), allowed: true),
        EdgeValue(cluster: .ColorControl, attribute: "ColorTemperatureMireds", value: .int(0), allowed: false),
        EdgeValue(cluster: .ColorControl, attribute: "ColorTempPhysicalMinMireds", value: .int(65279), allowed: true),
        EdgeValue(cluster: .ColorControl, attribute: "ColorTempPhysicalMaxMireds", value: .int(65280), allowed: false),
        EdgeValue(cluster: .ColorControl, attribute: "CurrentHue", value: .int(254), allowed: true),
        EdgeValue(cluster: .ColorControl, attribute: "CurrentHue", value: .int(255), allowed: false),
        EdgeValue(cluster: .ColorControl, attribute: "CurrentSaturation", value: .int(255), allowed: false),
        EdgeValue(cluster: .ColorControl, attribute: "CurrentX", value: .int(65279), allowed: true),
        EdgeValue(cluster: .ColorControl, attribute: "CurrentY", value: .int(65280), allowed: false),
        EdgeValue(cluster: .ColorControl, attribute: "ColorMode", value: .int(2), allowed: true),
        EdgeValue(cluster: .ColorControl, attribute: "ColorMode", value: .int(3), allowed: false),
        EdgeValue(cluster: .ColorControl, attribute: "EnhancedColorMode", value: .int(3), allowed: true),
        EdgeValue(cluster: .ColorControl, attribute: "ColorCapabilities", value: .int(0x1F), allowed: true),
        EdgeValue(cluster: .ColorControl, attribute: "ColorCapabilities", value: .int(0x20), allowed: false),
        EdgeValue(
            cluster: .ColorControl,
            attribute: "StartUpColorTemperatureMireds",
            value: .int(65535),
            allowed: true
        ),
        EdgeValue(
            cluster: .ColorControl,
            attribute: "StartUpColorTemperatureMireds",
            value: .int(65534),
            allowed: false
        ),
        EdgeValue(cluster: .OnOff, attribute: "OnOff", value: .bool(false), allowed: true),
        EdgeValue(cluster: .OnOff, attribute: "OnOff", value: .int(0), allowed: false),
        EdgeValue(cluster: .OnOff, attribute: "OnOff", value: .string("on"), allowed: false),
        EdgeValue(cluster: .OnOff, attribute: "StartUpOnOff", value: .int(2), allowed: true),
        EdgeValue(cluster: .OnOff, attribute: "StartUpOnOff", value: .int(3), allowed: false),
        EdgeValue(cluster: .OnOff, attribute: "Brightness", value: .int(3), allowed: false),
    ]
}

struct AttributeSchemaTests {
    @Test(arguments: EdgeValue.all)
    func edgeValue(_ edge: EdgeValue) {
        let reason = AttributeSchema.validate(edge.value, cluster: edge.cluster, attribute: edge.attribute)
        #expect((reason == nil) == edge.allowed, "reason: \(reason ?? "nil")")
    }

    @Test func reasonsNameTheValueAndTheRange() {
        #expect(
            AttributeSchema.validate(.int(255), cluster: .LevelControl, attribute: "CurrentLevel")
                == "255 is outside 1…254 (uint8)"
        )
        #expect(
            AttributeSchema.validate(.int(65280), cluster: .ColorControl, attribute: "ColorTemperatureMireds")
                == "65280 is outside 1…65279 (uint16)"
        )
        #expect(
            AttributeSchema.validate(.int(1), cluster: .OnOff, attribute: "OnOff") == "expected a boolean (bool), got 1"
        )
        #expect(
            AttributeSchema.validate(.int(1), cluster: .OnOff, attribute: "Onoff")?.hasPrefix(
                #"unknown attribute "Onoff" of OnOff (did you mean "OnOff"?)"#
            ) == true
        )
    }

    @Test func theTableHoldsTheSpecifiedAttributes() throws {
        let level = try #require(AttributeSchema.spec(.LevelControl, "CurrentLevel"))
        #expect(level.type == .uint8)
        #expect(level.range == 1...254)
        #expect(level.id == 0x0000)
        let mireds = try #require(AttributeSchema.spec(.ColorControl, "ColorTemperatureMireds"))
        #expect(mireds.type == .uint16)
        #expect(mireds.range == 1...0xFEFF)
        #expect(mireds.unit.contains("mireds"))
        let capabilities = try #require(AttributeSchema.spec(.ColorControl, "ColorCapabilities"))
        #expect(capabilities.type == .bitmap16)
        let onOff = try #require(AttributeSchema.spec(.OnOff, "OnOff"))
        #expect(onOff.type == .bool)
        #expect(onOff.range == nil)
        #expect(onOff.defaultValue == .bool(false))
        #expect(AttributeSchema.spec(.LevelControl, "MinLevel")?.defaultValue == .int(1))
        #expect(AttributeSchema.spec(.LevelControl, "MaxLevel")?.defaultValue == .int(254))
        #expect(AttributeSchema.spec(.ColorControl, "ColorMode")?.range == 0...2)
        #expect(AttributeSchema.spec(.ColorControl, "ColorMode")?.type == .enum8)
        #expect(AttributeSchema.spec(.OnOff, "CurrentLevel") == nil)
    }

    @Test(arguments: ClusterID.modelled)
    func everySpecIsConsistent(_ cluster: ClusterID) {
        let specs = AttributeSchema.attributes(of: cluster)
        #expect(!specs.isEmpty)
        #expect(Set(specs.map(\.name)).count == specs.count)
        #expect(specs.map(\.id) == specs.map(\.id).sorted())
        for spec in specs {
            #expect(spec.cluster == cluster)
            #expect(spec.validate(spec.defaultValue) == nil, "\(spec.name) default \(spec.defaultValue)")
            #expect(!spec.unit.isEmpty)
            if let range = spec.range, let typeRange = spec.type.valueRange {
                #expect(typeRange.contains(range.lowerBound) && typeRange.contains(range.upperBound), "\(spec.name)")
            }
            if let nullValue = spec.nullValue {
                #expect(spec.range?.contains(nullValue) == false, "\(spec.name) null inside its range")
                // Matter's null is the type maximum, except for signed int16, where it is the minimum (0x8000).
                let matterNull =
                    spec.type == .int16 ? spec.type.valueRange?.lowerBound : spec.type.valueRange?.upperBound
                #expect(matterNull == nullValue, "\(spec.name) null is not Matter's null for \(spec.type)")
            }
            #expect(AttributeSchema.defaults(for: cluster)[spec.name] == spec.defaultValue)
        }
        #expect(AttributeSchema.defaults(for: cluster).attributes.count == specs.count)
        #expect(AttributeSchema.validate(AttributeSchema.defaults(for: cluster), cluster: cluster) == nil)
    }

    @Test(arguments: DeviceType.modelled)
    func defaultsForEachDeviceTypeAreValid(_ type: DeviceType) {
        for cluster in type.allowedClusters {
            let defaults = AttributeSchema.defaults(for: cluster, deviceTypes: [type])
            #expect(AttributeSchema.validate(defaults, cluster: cluster, deviceTypes: [type]) == nil, "\(cluster)")
        }
        #expect(type.requiredClusters.allSatisfy(type.allowedClusters.contains))
    }

    @Test func crossAttributeRules() {
        #expect(
            AttributeSchema.validate(
                ClusterState(["MinLevel": .int(10), "CurrentLevel": .int(9)]),
                cluster: .LevelControl
            ) == AttributeViolation(attribute: "CurrentLevel", reason: "9 is outside MinLevel…MaxLevel (10…254)")
        )
        #expect(
            AttributeSchema.validate(
                ClusterState(["MinLevel": .int(10), "CurrentLevel": .int(10)]),
                cluster: .LevelControl
            )
                == nil
        )
        #expect(
            AttributeSchema.validate(
                ClusterState([
                    "ColorTempPhysicalMinMireds": .int(153), "ColorTempPhysicalMaxMireds": .int(370),
                    "ColorTemperatureMireds": .int(371),
                ]),
                cluster: .ColorControl
            )?.attribute == "ColorTemperatureMireds"
        )
        #expect(
            AttributeSchema.validate(ClusterState(["ColorTemperatureMireds": .int(500)]), cluster: .ColorControl) == nil
        )
        #expect(
            AttributeSchema.validate(ClusterState(["CurrentLevel": .int(300)]), cluster: .LevelControl)
                == AttributeViolation(attribute: "CurrentLevel", reason: "300 is outside 1…254 (uint8)")
        )
        #expect(
            AttributeSchema.validate(
                ClusterState(["ColorCapabilities": .int(AttributeSchema.ColorCapabilities.colorTemperature)]),
                cluster: .ColorControl,
                deviceTypes: [.ExtendedColorLight]
            )?.attribute == "ColorCapabilities"
        )
        let enhanced = ClusterState([
            "ColorCapabilities": .int(0b11), "ColorMode": .int(0), "EnhancedColorMode": .int(3),
        ])
        #expect(AttributeSchema.validate(enhanced, cluster: .ColorControl) == nil)
    }

    @Test func filledDerivesDependentDefaults() {
        let color = AttributeSchema.filled(ClusterState(["EnhancedColorMode": .int(3)]), cluster: .ColorControl)
        #expect(color.int("ColorMode") == 0)
        let fromCapabilities = AttributeSchema.filled(
            ClusterState(["ColorCapabilities": .int(0b10001)]),
            cluster: .ColorControl
        )
        #expect(fromCapabilities.int("ColorMode") == 2)
        #expect(fromCapabilities.int("EnhancedColorMode") == 2)
        let level = AttributeSchema.filled(ClusterState(["MinLevel": .int(100)]), cluster: .LevelControl)
        #expect(level.int("CurrentLevel") == 254)
        let kept = AttributeSchema.filled(ClusterState(["CurrentLevel": .int(300)]), cluster: .LevelControl)
        #expect(kept.int("CurrentLevel") == 300)
    }

    @Test func deviceTypesAllowTheirClusters() {
        #expect(DeviceType.OnOffLight.allowedClusters == [.OnOff, .LevelControl, .PowerSource])
        #expect(!DeviceType.DimmableLight.allowedClusters.contains(.ColorControl))
        #expect(DeviceType.ExtendedColorLight.allowedClusters == [.OnOff, .LevelControl, .ColorControl, .PowerSource])
        #expect(DeviceType.knownTypes.first == "OnOffLight")
        #expect(DeviceType.ExtendedColorLight.matterID == 0x010D)
        #expect(ClusterID.ColorControl.matterID == 0x0300)
    }
}
