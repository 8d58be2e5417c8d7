import Testing

@testable import MatterModel

/// The Matter 1.5 closure and irrigation device types and the closure clusters the generator takes from
/// `data_model/1.5/` (Matter 1.4 has none of them), against facts quoted from those files of
/// `project-chip/connectedhomeip`.
struct Matter15ClosureDataModelTests {
    /// The device types taken from `data_model/1.5/device_types/`, by id, as each file's `<deviceType id name>`
    /// writes them.
    static let matter15DeviceTypes: [Int: String] = [
        0x0040: "Irrigation System", 0x0230: "Closure", 0x0231: "Closure Panel",
    ]

    /// The clusters taken from `data_model/1.5/clusters/`, by id, as each file's `<clusterId id name>` writes them.
    static let matter15Clusters: [Int: String] = [0x0104: "Closure Control", 0x0105: "Closure Dimension"]

    @Test func theDeviceTypesAreInTheTableByTheirNames() throws {
        for (id, name) in Self.matter15DeviceTypes {
            let definition = try #require(MatterDeviceTypeDefinition.definition(id: id), "0x\(String(id, radix: 16))")
            #expect(definition.name == name)
            #expect(definition.revision == 1, "\(name): `revision=\"1\"`, the initial release")
            #expect(definition.deviceClass == "simple")
        }
        #expect(DeviceType.Closure.definition?.name == "Closure")
        #expect(DeviceType.ClosurePanel.definition?.name == "Closure Panel")
        #expect(DeviceType.IrrigationSystem.definition?.name == "Irrigation System")
    }

    /// Each cluster is `hierarchy="base"` and provisional in 1.5 (`<clusterId …><provisionalConform/>`).
    @Test func theClustersAreInTheTableByTheirNames() throws {
        for (id, name) in Self.matter15Clusters {
            let definition = try #require(MatterClusterDefinition.definition(id: id), "0x\(String(id, radix: 16))")
            #expect(definition.name == name)
            #expect(definition.classification.hierarchy == .base)
            #expect(definition.conformance == .provisional)
        }
        #expect(MatterClusterDefinition.definition(id: ClusterID.ClosureControl.matterID)?.name == "Closure Control")
        #expect(
            MatterClusterDefinition.definition(id: ClusterID.ClosureDimension.matterID)?.name == "Closure Dimension"
        )
    }

    /// `Closure.xml`: Identify (0x0003) and Closure Control (0x0104) `<mandatoryConform/>` servers, Closure Control's
    /// `ACC` feature mandatory under the `AccessDevice` condition. `ClosurePanel.xml`: Closure Dimension (0x0105)
    /// the one mandatory server. `IrrigationSystem.xml`: Identify, Operational State (0x0060) and Flow Measurement
    /// (0x0404) all `<optionalConform/>`.
    @Test func theDeviceTypesRequireWhatTheFilesSay() throws {
        let closure = try #require(MatterDeviceTypeDefinition.definition(id: 0x0230))
        #expect(closure.mandatoryClusters(.server).map(\.id) == [0x0003, 0x0104])
        let control = try #require(closure.clusters.first { $0.id == 0x0104 })
        #expect(control.features.map(\.code) == ["ACC"])
        #expect(control.features.first?.conformance == .mandatory(.condition("AccessDevice")))
        let panel = try #require(MatterDeviceTypeDefinition.definition(id: 0x0231))
        #expect(panel.mandatoryClusters(.server).map(\.id) == [0x0105])
        let irrigation = try #require(MatterDeviceTypeDefinition.definition(id: 0x0040))
        #expect(irrigation.mandatoryClusters(.server).isEmpty)
        #expect(Set(irrigation.clusters.map(\.id)) == [0x0003, 0x0060, 0x0404])
    }

    /// `ClosureControl.xml`: features PS (bit 0), LT (1), IS (2), SP (3), VT (4), PD (5), CL (6), PT (7), MO (8),
    /// ACC (9); `MainState` (0x0001) a mandatory `MainStateEnum` whose `Error` is 3 and `Calibrating` 4;
    /// `CurrentErrorList` (0x0002) a list of `ClosureErrorEnum` (`PhysicallyBlocked` 0 … `InternalInterference`
    /// 4); `OverallCurrentState` (0x0003) with `Position` (`CurrentPositionEnum`), `Latch`, `Speed` and
    /// `SecureState`; `Stop` (0x00) mandatory unless IS; `MoveTo` (0x01) timed, with `Position`, `Latch` and
    /// `Speed` (default `<enum default="Auto"/>`, the 1.5 element the generator reads as the item's name).
    @Test func closureControlIsAsTheSpecificationWritesIt() throws {
        let control = try #require(MatterClusterDefinition.definition(id: 0x0104))
        #expect(control.features.map(\.code) == ["PS", "LT", "IS", "SP", "VT", "PD", "CL", "PT", "MO", "ACC"])
        #expect(control.features.map(\.bit) == Array(0...9))
        let mainState = try #require(control.attribute(named: "MainState"))
        #expect(mainState.id == 0x0001)
        #expect(mainState.conformance == .mandatory(nil))
        let states = try #require(control.dataType(named: "MainStateEnum")).items
        #expect(states.first { $0.name == "Error" }?.value == 3)
        #expect(states.first { $0.name == "Calibrating" }?.value == 4)
        let errors = try #require(control.dataType(named: "ClosureErrorEnum")).items
        #expect(errors.map(\.name).prefix(2) == ["PhysicallyBlocked", "BlockedBySensor"])
        #expect(errors.first { $0.name == "InternalInterference" }?.value == 4)
        let overall = try #require(control.dataType(named: "OverallCurrentStateStruct")).fields
        #expect(overall.map(\.name) == ["Position", "Latch", "Speed", "SecureState"])
        let stop = try #require(control.command(named: "Stop"))
        #expect(stop.conformance == .mandatory(.not(.feature("IS"))))
        let moveTo = try #require(control.command(named: "MoveTo"))
        #expect(moveTo.id == 0x01)
        #expect(moveTo.access.timed)
        #expect(moveTo.fields.map(\.name) == ["Position", "Latch", "Speed"])
        #expect(moveTo.fields.last?.defaultValue == "Auto")
    }

    /// `ClosureDimension.xml`: `CurrentState` (0x0000) a `DimensionStateStruct` whose `Position` is a
    /// `percent100ths`; `Resolution` and `StepValue` `min 0.01` and `RangePercent100thsStruct.Max` `Min to 100`,
    /// written in percent where the type counts hundredths, so the table holds 1 and 10000; `SetTarget` (0x00).
    @Test func closureDimensionIsAsTheSpecificationWritesIt() throws {
        let dimension = try #require(MatterClusterDefinition.definition(id: 0x0105))
        #expect(dimension.features.map(\.code) == ["PS", "LT", "UT", "LM", "SP", "TR", "RO", "MD", "ACC"])
        let current = try #require(dimension.attribute(named: "CurrentState"))
        #expect(current.id == 0x0000)
        let state = try #require(dimension.dataType(named: "DimensionStateStruct")).fields
        #expect(state.first?.name == "Position")
        #expect(state.first?.type == .named("percent100ths"))
        #expect(dimension.attribute(named: "Resolution")?.constraint == .min(.integer(1)))
        #expect(dimension.attribute(named: "StepValue")?.constraint == .min(.integer(1)))
        let range = try #require(dimension.dataType(named: "RangePercent100thsStruct")).fields
        #expect(range.last?.constraint == .between(.reference("Min"), .integer(10000)))
        #expect(dimension.command(named: "SetTarget")?.id == 0x00)
        #expect(dimension.attribute(named: "TranslationDirection")?.id == 0x0007)
    }
}
