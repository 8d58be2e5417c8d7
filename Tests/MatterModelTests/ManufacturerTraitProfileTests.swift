import JSON
import Testing

@testable import MatterModel

/// A declaration's `googleTrait` and `googleType` (``ManufacturerTraitProfile``): read, checked against the trait's
/// profile with the field named, and written back in the canonical JSON the registry stores.
///
/// These tests parse declarations only (``ManufacturerCluster/parse(_:field:)``): nothing enters the process-wide
/// catalog.
struct ManufacturerTraitProfileTests {
    static let panelAttributes = """
        {"id": 0, "name": "Armed", "type": "bool", "mandatory": true, "default": false},
        {"id": 1, "name": "ArmLevel", "type": "string", "nullable": true},
        {"id": 2, "name": "AvailableArmLevels", "type": "list", "entryType": "string"},
        {"id": 5, "name": "ExitDelaySeconds", "type": "uint16"},
        {"id": 9, "name": "Firmware", "type": "string"}
        """

    static func declaration(
        trait: String? = "ArmDisarm",
        type: String? = "SECURITYSYSTEM",
        attributes: String = panelAttributes
    ) -> String {
        var keys = [#""id": "0xFFF1FC30""#, #""name": "ProfilePanel""#]
        if let trait { keys.append(#""googleTrait": "\#(trait)""#) }
        if let type { keys.append(#""googleType": "\#(type)""#) }
        keys.append(#""attributes": [\#(attributes)]"#)
        return "{" + keys.joined(separator: ", ") + "}"
    }

    static func parse(_ text: String) throws -> ManufacturerCluster {
        try ManufacturerCluster.parse(try JSONParser.parse(text), field: "manufacturerClusters[0]")
    }

    static func refusal(_ text: String) throws -> DeviceFileError {
        try #require(throws: DeviceFileError.self) { try Self.parse(text) }
    }

    @Test func aFittingDeclarationKeepsItsTraitAndTypeThroughCanonicalJSON() throws {
        let cluster = try Self.parse(Self.declaration())
        #expect(cluster.googleTrait == "ArmDisarm")
        #expect(cluster.googleType == "SECURITYSYSTEM")
        #expect(cluster.canonicalJSON.contains(#""googleTrait":"ArmDisarm","googleType":"SECURITYSYSTEM""#))
        // What the registry stores reads back equal: the fields need no table of their own.
        #expect(try Self.parse(cluster.canonicalJSON) == cluster)
        // An attribute of the manufacturer's own beside the profile's is kept.
        #expect(cluster.attributes.map(\.name).contains("Firmware"))
    }

    @Test func aDeclarationWithoutATraitIsUnchanged() throws {
        let cluster = try Self.parse(Self.declaration(trait: nil, type: nil))
        #expect(cluster.googleTrait == nil && cluster.googleType == nil)
        #expect(!cluster.canonicalJSON.contains("google"))
    }

    @Test func anUnknownTraitIsRefusedWithTheTraitsThatExist() throws {
        let error = try Self.refusal(Self.declaration(trait: "ArmDisarms"))
        #expect(error.field == "manufacturerClusters[0].googleTrait")
        #expect(error.message.contains("ArmDisarm, StatusReport, Fill"))
    }

    @Test func aMissingMandatoryAttributeIsRefused() throws {
        let error = try Self.refusal(
            Self.declaration(attributes: #"{"id": 1, "name": "ArmLevel", "type": "string"}"#)
        )
        #expect(error.field == "manufacturerClusters[0].attributes")
        #expect(error.message.contains("Armed"))
    }

    @Test func aProfiledAttributeOfTheWrongTypeIsRefusedNamingIt() throws {
        let error = try Self.refusal(
            Self.declaration(
                attributes: #"{"id": 0, "name": "Armed", "type": "bool", "mandatory": true, "default": false},"#
                    + #"{"id": 5, "name": "ExitDelaySeconds", "type": "int16"}"#
            )
        )
        #expect(error.field == "manufacturerClusters[0].attributes[1].type")
        #expect(error.message.contains("ExitDelaySeconds"))
        let list = try Self.refusal(
            Self.declaration(
                attributes: #"{"id": 0, "name": "Armed", "type": "bool", "mandatory": true, "default": false},"#
                    + #"{"id": 2, "name": "AvailableArmLevels", "type": "list", "entryType": "uint8"}"#
            )
        )
        #expect(list.field == "manufacturerClusters[0].attributes[1].type")
    }

    @Test func aRequiredAttributeMustBeMandatory() throws {
        let error = try Self.refusal(Self.declaration(attributes: #"{"id": 0, "name": "Armed", "type": "bool"}"#))
        #expect(error.field == "manufacturerClusters[0].attributes[0].mandatory")
    }

    @Test func aTypeTheProfileDoesNotGiveIsRefused() throws {
        let error = try Self.refusal(Self.declaration(type: "PETFEEDER"))
        #expect(error.field == "manufacturerClusters[0].googleType")
        #expect(error.message.contains("SECURITYSYSTEM"))
        let alone = try Self.refusal(Self.declaration(trait: nil, type: "SECURITYSYSTEM"))
        #expect(alone.field == "manufacturerClusters[0].googleTrait")
    }

    /// A router's declaration: ROUTER and NETWORK are its types, a profile list of the wrong entry type is refused
    /// with its path, and `NetworkEnabled` is required.
    @Test func aNetworkControlDeclarationIsCheckedAgainstItsProfile() throws {
        let router = """
            {"id": 0, "name": "NetworkEnabled", "type": "bool", "mandatory": true, "default": true},
            {"id": 1, "name": "NetworkProfiles", "type": "list", "entryType": "string"},
            {"id": 2, "name": "NetworkProfilesEnabled", "type": "list", "entryType": "bool"}
            """
        for type in ["ROUTER", "NETWORK"] {
            let cluster = try Self.parse(Self.declaration(trait: "NetworkControl", type: type, attributes: router))
            #expect(cluster.googleType == type)
        }
        let wrongEntry = """
            {"id": 0, "name": "NetworkEnabled", "type": "bool", "mandatory": true, "default": true},
            {"id": 1, "name": "NetworkProfiles", "type": "list", "entryType": "string"},
            {"id": 2, "name": "NetworkProfilesEnabled", "type": "list", "entryType": "string"}
            """
        let error = try Self.refusal(Self.declaration(trait: "NetworkControl", type: "ROUTER", attributes: wrongEntry))
        #expect(error.field == "manufacturerClusters[0].attributes[2].type")
        let panel = try Self.refusal(
            Self.declaration(trait: "NetworkControl", type: "SECURITYSYSTEM", attributes: router)
        )
        #expect(panel.field == "manufacturerClusters[0].googleType")
        let withoutEnabled = #"{"id": 1, "name": "NetworkSSID", "type": "string"}"#
        let missing = try Self.refusal(Self.declaration(trait: "NetworkControl", type: nil, attributes: withoutEnabled))
        #expect(missing.field == "manufacturerClusters[0].attributes")
        #expect(missing.message.contains("NetworkEnabled"))
    }

    @Test(arguments: ManufacturerTraitProfile.all)
    func everyProfileNamesItsTypesAndAMandatoryField(profile: ManufacturerTraitProfile) {
        #expect(!profile.googleTypes.isEmpty)
        #expect(profile.fields.contains { $0.required })
        #expect(ManufacturerTraitProfile.named(profile.trait) == profile)
    }
}
