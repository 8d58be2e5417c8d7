import MatterModel
import Testing

/// The attribute names code uses (``Attribute``) against the schema tables and the names device files use.
struct AttributeTests {
    /// Each cluster's table holds only that cluster's attributes, each once: an attribute copied into the wrong
    /// table, or twice, is caught here rather than by a device file.
    @Test(arguments: ClusterID.modelled)
    func aClusterTableDescribesItsOwnAttributesOnce(_ cluster: ClusterID) {
        let specs = AttributeSchema.attributes(of: cluster)
        #expect(!specs.isEmpty)
        #expect(specs.allSatisfy { $0.cluster == cluster })
        #expect(Set(specs.map(\.name)).count == specs.count)
        #expect(Set(specs.map(\.id)).count == specs.count)
    }

    /// The typed names are the Matter names device files and the registry write, and find their specs.
    @Test func typedNamesAreTheMatterNames() throws {
        #expect(Attribute.FanControl.fanMode.name == "FanMode")
        #expect(Attribute.FanControl.fanMode.cluster == .FanControl)
        #expect("\(Attribute.SmokeCOAlarm.coState)" == "COState")
        #expect(Attribute.RvcOperationalState.operationalState != Attribute.OperationalState.operationalState)
        let spec = try #require(AttributeSchema.spec(.ColorControl.colorTemperatureMireds))
        #expect(spec.id == 0x0007)
        #expect(AttributeSchema.spec(.ColorControl, "ColorTemperatureMireds") == spec)
    }

    /// Reading and writing through a typed name is reading and writing the Matter name.
    @Test func clusterStateReadsAndWritesByTheMatterName() {
        var state = ClusterState(["CurrentLevel": .int(42)])
        #expect(state.int(.LevelControl.currentLevel) == 42)
        state[.OnOff.onOff] = .bool(true)
        #expect(state["OnOff"] == .bool(true))
        #expect(state.bool(.OnOff.onOff) == true)
    }
}
