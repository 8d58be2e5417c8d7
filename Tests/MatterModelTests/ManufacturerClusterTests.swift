import JSON
import Testing

@testable import MatterModel

/// Manufacturer-specific clusters (``ManufacturerCluster``): declared in a device file's `manufacturerClusters`,
/// allowed on any endpoint, read and validated through ``SpecificationSchema`` like any cluster Hearth does not
/// model, written back by the encoding, and named process-wide through ``ManufacturerClusterCatalog``.
///
/// Each test that touches the process-wide catalog uses ids and names of its own: tests run in parallel.
struct ManufacturerClusterTests {
    /// Acme's filter-life cluster: a mandatory percentage defaulting to 100, an optional nullable count with limits,
    /// an optional label of at most 8 bytes, and an optional list of at most 3 `uint16` entries up to 500.
    static let acme = """
        {"id": "0xFFF1FC01", "name": "AcmeFilterLife", "attributes": [
          {"id": 0, "name": "FilterLifePercent", "type": "percent", "mandatory": true, "default": 100},
          {"id": 1, "name": "ReplacementCount", "type": "uint16", "nullable": true, "min": 0, "max": 1000},
          {"id": 2, "name": "FilterLabel", "type": "string", "maxLength": 8},
          {"id": 3, "name": "RecentRuntimes", "type": "list", "entryType": "uint16", "max": 500, "maxCount": 3}
        ]}
        """

    /// A device file declaring ``acme`` (or `declarations`), with one user holding `devices`.
    static func file(_ devices: String..., declarations: [String] = [acme]) -> String {
        """
        {"manufacturerClusters": [\(declarations.joined(separator: ","))],
         "users": [{"agentUserId": "demo-user", "devices": [\(devices.joined(separator: ","))]}]}
        """
    }

    static let lamp = """
        {"id": "lamp", "name": "Lamp", "deviceTypes": ["DimmableLight"], "clusters": {
          "AcmeFilterLife": {"FilterLifePercent": 40, "ReplacementCount": null, "RecentRuntimes": [10, 500]}}}
        """

    static func refusal(_ text: String) throws -> DeviceFileError {
        try #require(throws: DeviceFileError.self) { try DeviceFile.parse(text) }
    }

    @Test func aDeclarationBecomesADefinition() throws {
        let file = try DeviceFile.parse(Self.file())
        let cluster = try #require(file.manufacturerClusters.first)
        #expect(cluster.id == 0xFFF1_FC01)
        #expect(cluster.name == "AcmeFilterLife")
        let definition = cluster.definition
        #expect(definition.id == 0xFFF1_FC01)
        let percent = try #require(definition.attribute(named: "FilterLifePercent"))
        #expect(percent.type == .named("percent"))
        #expect(percent.conformance == .mandatory(nil))
        #expect(percent.defaultValue == "100")
        let count = try #require(definition.attribute(named: "ReplacementCount"))
        #expect(count.quality.nullable)
        #expect(count.conformance == .optional(nil))
        #expect(count.constraint == .between(.integer(0), .integer(1000)))
        let runtimes = try #require(definition.valueType(ofAttribute: "RecentRuntimes"))
        #expect(runtimes.bounds.count == 0...3)
        #expect(definition.valueType(ofAttribute: "FilterLabel")?.bounds.length == 0...8)
    }

    @Test func valuesOnADimmableLightAreReadByTheirTypes() throws {
        let file = try DeviceFile.parse(Self.file(Self.lamp))
        let device = try #require(file.users.first?.devices.first)
        let state = try #require(device.endpoints[0].clusters[ClusterID(matterID: 0xFFF1_FC01)])
        #expect(state["FilterLifePercent"] == .int(40))
        #expect(state["ReplacementCount"] == .null)
        #expect(state["RecentRuntimes"] == .list([.int(10), .int(500)]))
        #expect(state["FilterLabel"] == nil)
        // The light's own clusters are untouched.
        #expect(device.endpoints[0].clusters[.LevelControl] != nil)
    }

    @Test func anOmittedMandatoryAttributeTakesItsDefault() throws {
        let fridge = """
            {"id": "fridge", "name": "Fridge", "endpoints": [
              {"deviceType": "Refrigerator", "clusters": {"AcmeFilterLife": {"FilterLabel": "HEPA"},
               "RefrigeratorAndTemperatureControlledCabinetMode": {"SupportedModes": [
                 {"Label": "Normal", "Mode": 0, "ModeTags": [{"Value": 0}]},
                 {"Label": "Rapid cool", "Mode": 1, "ModeTags": [{"Value": 16384}]}], "CurrentMode": 0}}}]}
            """
        let device = try #require(try DeviceFile.parse(Self.file(fridge)).users.first?.devices.first)
        let state = try #require(device.endpoints[0].clusters[ClusterID(matterID: 0xFFF1_FC01)])
        #expect(state["FilterLifePercent"] == .int(100))
        #expect(state["FilterLabel"] == .string("HEPA"))
    }

    struct ValueCase: Sendable, CustomTestStringConvertible {
        var clusters: String
        var field: String
        var fragment: String
        var testDescription: String { field }
    }

    static let wrongValues: [ValueCase] = [
        ValueCase(
            clusters: #"{"AcmeFilterLife": {"FilterLifePercent": 101}}"#,
            field: "clusters.AcmeFilterLife.FilterLifePercent",
            fragment: "percent"
        ),
        ValueCase(
            clusters: #"{"AcmeFilterLife": {"ReplacementCount": 1001}}"#,
            field: "clusters.AcmeFilterLife.ReplacementCount",
            fragment: "1001"
        ),
        ValueCase(
            clusters: #"{"AcmeFilterLife": {"FilterLabel": "much too long"}}"#,
            field: "clusters.AcmeFilterLife.FilterLabel",
            fragment: "8"
        ),
        ValueCase(
            clusters: #"{"AcmeFilterLife": {"RecentRuntimes": [1, 2, 3, 4]}}"#,
            field: "clusters.AcmeFilterLife.RecentRuntimes",
            fragment: "3"
        ),
        ValueCase(
            clusters: #"{"AcmeFilterLife": {"RecentRuntimes": [501]}}"#,
            field: "clusters.AcmeFilterLife.RecentRuntimes[0]",
            fragment: "501"
        ),
        ValueCase(
            clusters: #"{"AcmeFilterLife": {"FilterLifePercnt": 4}}"#,
            field: "clusters.AcmeFilterLife.FilterLifePercnt",
            fragment: "did you mean \"FilterLifePercent\""
        ),
        ValueCase(
            clusters: #"{"AcmeFilterLife": {"FilterLifePercent": null}}"#,
            field: "clusters.AcmeFilterLife.FilterLifePercent",
            fragment: "percent"
        ),
    ]

    @Test(arguments: wrongValues)
    func aWrongValueIsRefusedNamingTheField(_ value: ValueCase) throws {
        let device =
            #"{"id": "lamp", "name": "Lamp", "deviceTypes": ["DimmableLight"], "clusters": "#
            + value.clusters + "}"
        let error = try Self.refusal(Self.file(device))
        #expect(error.field == value.field, "\(error)")
        #expect(error.message.contains(value.fragment), "\(error)")
    }

    struct DeclarationCase: Sendable, CustomTestStringConvertible {
        var declarations: [String]
        var field: String
        var fragment: String
        var testDescription: String { "\(field): \(fragment)" }
    }

    static func declaration(
        id: String = #""0xFFF1FC01""#,
        name: String = "AcmeFilterLife",
        _ attributes: String
    )
        -> String
    {
        #"{"id": \#(id), "name": "\#(name)", "attributes": [\#(attributes)]}"#
    }

    static let percent = #"{"id": 0, "name": "FilterLifePercent", "type": "percent"}"#

    static let wrongDeclarations: [DeclarationCase] = [
        DeclarationCase(
            declarations: [declaration(id: #""0x0000FC01""#, percent)],
            field: "manufacturerClusters[0].id",
            fragment: "vendor prefix 0"
        ),
        DeclarationCase(
            declarations: [declaration(id: #""0xFFF5FC01""#, percent)],
            field: "manufacturerClusters[0].id",
            fragment: "above 0xFFF4"
        ),
        DeclarationCase(
            declarations: [declaration(id: #""0xFFF10006""#, percent)],
            field: "manufacturerClusters[0].id",
            fragment: "0xFC00…0xFFFE"
        ),
        DeclarationCase(
            declarations: [declaration(id: "4294049791", percent)],  // 0xFFF1FFFF
            field: "manufacturerClusters[0].id",
            fragment: "0xFC00…0xFFFE"
        ),
        DeclarationCase(
            declarations: [declaration(id: "4294967296", percent)],
            field: "manufacturerClusters[0].id",
            fragment: "32-bit"
        ),
        DeclarationCase(
            declarations: [declaration(name: "acmeFilter", percent)],
            field: "manufacturerClusters[0].name",
            fragment: "starting with a capital"
        ),
        DeclarationCase(
            declarations: [declaration(name: "Acme Filter", percent)],
            field: "manufacturerClusters[0].name",
            fragment: "letters and digits"
        ),
        DeclarationCase(
            declarations: [declaration(name: "OnOff", percent)],
            field: "manufacturerClusters[0].name",
            fragment: "name of a Matter cluster"
        ),
        DeclarationCase(
            declarations: [declaration(name: "RefrigeratorAlarm", percent)],
            field: "manufacturerClusters[0].name",
            fragment: "name of a Matter cluster"
        ),
        DeclarationCase(
            declarations: [declaration(percent), declaration(id: #""0xFFF1FC02""#, percent)],
            field: "manufacturerClusters[1].name",
            fragment: "duplicate cluster name"
        ),
        DeclarationCase(
            declarations: [declaration(percent), declaration(name: "AcmeOther", percent)],
            field: "manufacturerClusters[1].id",
            fragment: "duplicate cluster id"
        ),
        DeclarationCase(
            declarations: [declaration(percent + "," + #"{"id": 0, "name": "Other", "type": "bool"}"#)],
            field: "manufacturerClusters[0].attributes[1].id",
            fragment: "duplicate attribute id"
        ),
        DeclarationCase(
            declarations: [declaration(percent + "," + #"{"id": 1, "name": "FilterLifePercent", "type": "bool"}"#)],
            field: "manufacturerClusters[0].attributes[1].name",
            fragment: "duplicate attribute name"
        ),
        DeclarationCase(
            declarations: [declaration(#"{"id": 20480, "name": "TooHigh", "type": "bool"}"#)],
            field: "manufacturerClusters[0].attributes[0].id",
            fragment: "0x0000…0x4FFF"
        ),
        DeclarationCase(
            declarations: [declaration(#"{"id": 0, "name": "Level", "type": "uint7"}"#)],
            field: "manufacturerClusters[0].attributes[0].type",
            fragment: "did you mean \"uint8\""
        ),
        DeclarationCase(
            declarations: [declaration(#"{"id": 0, "name": "Levels", "type": "list"}"#)],
            field: "manufacturerClusters[0].attributes[0].entryType",
            fragment: "missing"
        ),
        DeclarationCase(
            declarations: [declaration(#"{"id": 0, "name": "Life", "type": "percent", "default": 101}"#)],
            field: "manufacturerClusters[0].attributes[0].default",
            fragment: "percent"
        ),
        DeclarationCase(
            declarations: [declaration(#"{"id": 0, "name": "Life", "type": "percent", "default": null}"#)],
            field: "manufacturerClusters[0].attributes[0].default",
            fragment: "percent"
        ),
        DeclarationCase(
            declarations: [declaration(#"{"id": 0, "name": "Label", "type": "string", "default": "x"}"#)],
            field: "manufacturerClusters[0].attributes[0].default",
            fragment: "a default is null"
        ),
        DeclarationCase(
            declarations: [declaration(#"{"id": 0, "name": "Level", "type": "uint8", "max": 300}"#)],
            field: "manufacturerClusters[0].attributes[0].max",
            fragment: "uint8"
        ),
        DeclarationCase(
            declarations: [declaration(#"{"id": 0, "name": "Flag", "type": "bool", "maxLength": 3}"#)],
            field: "manufacturerClusters[0].attributes[0].maxLength",
            fragment: "string"
        ),
        DeclarationCase(
            declarations: [declaration(#"{"id": 0, "name": "FeatureMap", "type": "bitmap32"}"#)],
            field: "manufacturerClusters[0].attributes[0].name",
            fragment: "global attribute"
        ),
        DeclarationCase(
            declarations: [declaration(#"{"id": 0, "name": "Flag", "type": "bool", "mandatroy": true}"#)],
            field: "manufacturerClusters[0].attributes[0].mandatroy",
            fragment: "did you mean \"mandatory\""
        ),
    ]

    @Test(arguments: wrongDeclarations)
    func aWrongDeclarationIsRefusedNamingTheField(_ declaration: DeclarationCase) throws {
        let error = try Self.refusal(
            Self.file(
                #"{"id": "lamp", "name": "Lamp", "deviceTypes": ["OnOffLight"]}"#,
                declarations: declaration.declarations
            )
        )
        #expect(error.field == declaration.field, "\(error)")
        #expect(error.message.contains(declaration.fragment), "\(error)")
    }

    @Test func aManufacturerClusterNobodyDeclaredIsUnknown() throws {
        let device = #"""
            {"id": "lamp", "name": "Lamp", "deviceTypes": ["OnOffLight"], "clusters": {"NobodysCluster": {}}}
            """#
        let error = try Self.refusal(Self.file(device))
        #expect(error.code == .unknownCluster)
        #expect(error.field == "clusters.NobodysCluster")
    }

    @Test func theCanonicalFormParsesBackEqual() throws {
        let fridge = """
            {"id": "fridge", "name": "Fridge", "endpoints": [
              {"deviceType": "Refrigerator", "clusters": {"AcmeFilterLife": {"FilterLifePercent": 7},
               "RefrigeratorAndTemperatureControlledCabinetMode": {"SupportedModes": [
                 {"Label": "Normal", "Mode": 0, "ModeTags": [{"Value": 0}]},
                 {"Label": "Rapid cool", "Mode": 1, "ModeTags": [{"Value": 16384}]}], "CurrentMode": 0}}},
              {"deviceType": "OnOffLight", "clusters": {"AcmeFilterLife": {}}}]}
            """
        let file = try DeviceFile.parse(Self.file(Self.lamp, fridge))
        let text = String(decoding: file.encoded(), as: UTF8.self)
        #expect(text.contains(#""manufacturerClusters""#))
        #expect(text.contains(#""id": "0xFFF1FC01""#))
        #expect(text.contains(#""AcmeFilterLife": {"#))
        let again = try DeviceFile.parse(text)
        #expect(again == file)
        #expect(again.manufacturerClusters.map(\.canonicalJSON) == file.manufacturerClusters.map(\.canonicalJSON))
    }

    @Test func theCatalogNamesRegisteredClustersAndRefusesAnotherDefinition() throws {
        let text = Self.declaration(id: #""0xFFF4FC10""#, name: "CatalogProbeCluster", Self.percent)
        let cluster = try ManufacturerCluster.parse(try JSONParser.parse(text), field: "probe")
        let id = ClusterID(matterID: 0xFFF4_FC10)
        #expect(id.isManufacturerSpecific)
        #expect(!ClusterID.OnOff.isManufacturerSpecific)
        #expect(ClusterID(rawValue: "CatalogProbeCluster") == nil)
        #expect(id.rawValue == "0xFFF4FC10")
        #expect(id.definition == nil)

        try ManufacturerClusterCatalog.register(cluster)
        try ManufacturerClusterCatalog.register(cluster)  // the same again: nothing changes
        #expect(ClusterID(rawValue: "CatalogProbeCluster") == id)
        #expect(ClusterID(rawValue: "catalogprobecluster") == id)
        #expect(id.rawValue == "CatalogProbeCluster")
        #expect(id.definition == cluster.definition)
        // Hearth's and the specification's names come first.
        #expect(ClusterID(rawValue: "OnOff") == .OnOff)

        let other = try ManufacturerCluster.parse(
            try JSONParser.parse(
                Self.declaration(
                    id: #""0xFFF4FC10""#,
                    name: "CatalogProbeCluster",
                    #"{"id": 0, "name": "On", "type": "bool"}"#
                )
            ),
            field: "probe"
        )
        let conflict = #expect(throws: ManufacturerClusterCatalog.Conflict.self) {
            try ManufacturerClusterCatalog.register(other)
        }
        #expect(conflict?.existing == cluster)
        let renamed = try ManufacturerCluster.parse(
            try JSONParser.parse(Self.declaration(id: #""0xFFF4FC11""#, name: "CatalogProbeCluster", Self.percent)),
            field: "probe"
        )
        #expect(throws: ManufacturerClusterCatalog.Conflict.self) { try ManufacturerClusterCatalog.register(renamed) }
        #expect(id.definition == cluster.definition)

        // Once known to the process, a file may name it without declaring it again.
        let device =
            #"{"id": "lamp", "name": "Lamp", "deviceTypes": ["OnOffLight"], "clusters": "#
            + #"{"CatalogProbeCluster": {"FilterLifePercent": 5}}}"#
        let file = try DeviceFile.parse(Self.file(device, declarations: []))
        #expect(file.users[0].devices[0].endpoints[0].clusters[id]?["FilterLifePercent"] == .int(5))
    }
}
