import MatterModel
import Testing

/// The generated cluster table (`MatterClusterDefinition.specification`) against facts quoted from the
/// specification's data model, and against the attributes Hearth models by hand (`AttributeSchema`).
struct MatterClusterDefinitionTests {
    @Test func everyClusterIsInTheTableOnceInIDOrder() {
        let ids = MatterClusterDefinition.specification.map(\.id)
        #expect(Set(ids).count == ids.count, "no id twice")
        #expect(ids == ids.sorted(), "ordered by id")
        #expect(
            MatterClusterDefinition.specification.allSatisfy {
                $0.classification.hierarchy == .base || $0.classification.baseCluster != nil
            }
        )
    }

    /// `OnOff.xml`: `id="0x0006" name="On/Off Cluster" revision="6"`,
    /// `<classification hierarchy="base" role="application" picsCode="OO" scope="Endpoint"/>`; features
    /// `bit="0" code="LT"` and `bit="1" code="DF"` with `<optionalConform><notTerm><feature name="OFFONLY"/>…`, and
    /// `bit="2" code="OFFONLY" name="OffOnly"` with
    /// `<optionalConform><notTerm><orTerm><feature name="LT"/><feature name="DF"/></orTerm></notTerm></optionalConform>`.
    @Test func onOffIsAsTheSpecificationWritesIt() throws {
        let onOff = try #require(MatterClusterDefinition.definition(id: 0x0006))
        #expect(onOff.name == "On/Off")
        #expect(onOff.revision == 6)
        #expect(
            onOff.classification
                == .init(hierarchy: .base, baseCluster: nil, role: "application", picsCode: "OO", scope: "Endpoint")
        )
        #expect(onOff.features.map(\.bit) == [0, 1, 2])
        #expect(onOff.features.map(\.code) == ["LT", "DF", "OFFONLY"])
        #expect(onOff.feature(code: "LT")?.conformance == .optional(.not(.feature("OFFONLY"))))
        #expect(
            onOff.feature(code: "OFFONLY")
                == .init(
                    bit: 2,
                    code: "OFFONLY",
                    name: "OffOnly",
                    conformance: .optional(.not(.any([.feature("LT"), .feature("DF")])))
                )
        )
    }

    /// `OnOff.xml`: `<attribute id="0x0000" name="OnOff" type="bool" default="FALSE">` with
    /// `<access read="true" readPrivilege="view"/>`, `<quality … nullable="false" scene="true"
    /// persistence="nonVolatile" …/>` and `<mandatoryConform/>`; `<attribute id="0x4003" name="StartUpOnOff"
    /// type="StartUpOnOffEnum" default="MS">`, writable with `writePrivilege="manage"`, `nullable="true"`,
    /// `<mandatoryConform><feature name="LT"/></mandatoryConform>`, `<constraint type="desc"/>`; and
    /// `StartUpOnOffEnum` with items `0 Off`, `1 On`, `2 Toggle`.
    @Test func onOffAttributesCarryTypeDefaultAccessAndQuality() throws {
        let onOff = try #require(MatterClusterDefinition.definition(id: 0x0006))
        #expect(
            onOff.attribute(named: "OnOff")
                == .init(
                    id: 0x0000,
                    name: "OnOff",
                    type: .named("bool"),
                    defaultValue: "FALSE",
                    access: .init(read: true, readPrivilege: .view),
                    quality: .init(nullable: false, persistence: .nonVolatile, scene: true),
                    conformance: .mandatory(nil),
                    constraint: nil
                )
        )
        let startUp = try #require(onOff.attribute(id: 0x4003))
        #expect(startUp.name == "StartUpOnOff")
        #expect(startUp.type == .named("StartUpOnOffEnum"))
        #expect(startUp.quality.nullable)
        #expect(startUp.access == .init(read: true, write: .required, readPrivilege: .view, writePrivilege: .manage))
        #expect(startUp.conformance == .mandatory(.feature("LT")))
        #expect(startUp.constraint == .described)
        let startUpType = try #require(onOff.dataType(named: "StartUpOnOffEnum"))
        #expect(startUpType.items.map(\.value) == [0, 1, 2])
        #expect(startUpType.items.map(\.name) == ["Off", "On", "Toggle"])
        #expect(onOff.command(named: "Toggle")?.id == 0x02)
    }

    /// `Mode_RVCRun.xml` (`id="0x0054"`, `revision="3"`, `<classification hierarchy="derived" baseCluster="Mode
    /// Base" …>`) names `SupportedModes` with only `<mandatoryConform/>` and `StartUpMode`/`OnMode` with
    /// `<disallowConform/>`, and narrows `ModeOptionStruct`'s `ModeTags` to `<constraint type="between" from="1"
    /// to="8"/>`. The rest comes from `ModeBase.xml`: `<attribute id="0x0000" name="SupportedModes" type="list"
    /// default="MS"><entry type="ModeOptionStruct"/>`, `<quality persistence="fixed"/>`, `<constraint
    /// type="countBetween" from="2" to="255"/>`, and the `ChangeToMode` command (`0x00`).
    @Test func aDerivedModeClusterIsMergedWithModeBase() throws {
        let run = try #require(MatterClusterDefinition.definition(id: 0x0054))
        #expect(run.name == "RVC Run Mode")
        #expect(run.revision == 3)
        #expect(run.classification.hierarchy == .derived)
        #expect(run.classification.baseCluster == "Mode Base")
        let supportedModes = try #require(run.attribute(named: "SupportedModes"))
        #expect(supportedModes.id == 0x0000)
        #expect(supportedModes.type == .list(entry: "ModeOptionStruct", constraint: nil))
        #expect(supportedModes.quality.persistence == .fixed)
        #expect(supportedModes.constraint == .countBetween(.integer(2), .integer(255)))
        #expect(supportedModes.conformance == .mandatory(nil))
        #expect(run.attribute(named: "StartUpMode")?.conformance == .disallowed)
        #expect(run.attribute(named: "OnMode")?.conformance == .disallowed)
        let option = try #require(run.dataType(named: "ModeOptionStruct"))
        #expect(option.fields.map(\.name) == ["Label", "Mode", "ModeTags"])
        let modeTags = try #require(option.fields.first { $0.name == "ModeTags" })
        #expect(modeTags.type == .list(entry: "ModeTagStruct", constraint: nil))
        #expect(modeTags.constraint == .between(.integer(1), .integer(8)))
        #expect(run.command(named: "ChangeToMode")?.id == 0x00)
        #expect(MatterClusterDefinition.specification.allSatisfy { $0.name != "Mode Base" })
    }

    /// `ConcentrationMeasurement.xml` has no id of its own but ten `<clusterId>`s, among them
    /// `<clusterId id="0x042A" name="PM2.5 Concentration Measurement" picsCode="PMICONC"/>`, and
    /// `<attribute id="0x0000" name="MeasuredValue" type="single" default="null">` with `<quality nullable="true"
    /// reportable="true"/>`, `<mandatoryConform><feature name="MEA"/></mandatoryConform>` and `<constraint
    /// type="between" from="MinMeasuredValue" to="MaxMeasuredValue"/>`.
    @Test func eachConcentrationMeasurementIsItsOwnCluster() throws {
        let ids = [0x040C, 0x040D, 0x0413, 0x0415, 0x042A, 0x042B, 0x042C, 0x042D, 0x042E, 0x042F]
        for id in ids {
            let cluster = try #require(MatterClusterDefinition.definition(id: id))
            #expect(cluster.name.hasSuffix("Concentration Measurement"))
            #expect(cluster.revision == 3)
        }
        let pm25 = try #require(MatterClusterDefinition.definition(id: 0x042A))
        #expect(pm25.name == "PM2.5 Concentration Measurement")
        #expect(pm25.classification.picsCode == "PMICONC")
        let measured = try #require(pm25.attribute(named: "MeasuredValue"))
        #expect(measured.id == 0x0000)
        #expect(measured.type == .named("single"))
        #expect(measured.defaultValue == "null")
        #expect(measured.quality == .init(nullable: true, reportable: true))
        #expect(measured.conformance == .mandatory(.feature("MEA")))
        #expect(measured.constraint == .between(.reference("MinMeasuredValue"), .reference("MaxMeasuredValue")))
    }

    /// `Thermostat.xml` (`revision="8"`): `<attribute id="0x001C" name="SystemMode" type="SystemModeEnum"
    /// default="1">`, writable with `writePrivilege="manage"`, `persistence="nonVolatile"`, `<mandatoryConform/>`;
    /// `SystemModeEnum` has items `0 Off` (`<optionalConform/>`), `1 Auto` (`<mandatoryConform><feature
    /// name="AUTO"/>`), `3 Cool` and `6 Precooling` (`<optionalConform><feature name="COOL"/>`), `4 Heat` and
    /// `5 EmergencyHeat` (`HEAT`), `7 FanOnly`, `8 Dry`, `9 Sleep`; and the bitmap field `<bitfield
    /// name="HeatingStage" from="0x02" to="0x03">`.
    @Test func thermostatSystemModeIsAsTheSpecificationWritesIt() throws {
        let thermostat = try #require(MatterClusterDefinition.definition(id: 0x0201))
        #expect(thermostat.revision == 8)
        let systemMode = try #require(thermostat.attribute(named: "SystemMode"))
        #expect(systemMode.id == 0x001C)
        #expect(systemMode.type == .named("SystemModeEnum"))
        #expect(systemMode.defaultValue == "1")
        #expect(systemMode.quality == .init(persistence: .nonVolatile))
        #expect(systemMode.access.write == .required)
        #expect(systemMode.access.writePrivilege == .manage)
        let modes = try #require(thermostat.dataType(named: "SystemModeEnum"))
        #expect(modes.items.map(\.value) == [0, 1, 3, 4, 5, 6, 7, 8, 9])
        #expect(
            modes.items.map(\.name) == [
                "Off", "Auto", "Cool", "Heat", "EmergencyHeat", "Precooling", "FanOnly", "Dry", "Sleep",
            ]
        )
        #expect(modes.items.first { $0.name == "Auto" }?.conformance == .mandatory(.feature("AUTO")))
        #expect(modes.items.first { $0.name == "Cool" }?.conformance == .optional(.feature("COOL")))
        #expect(modes.items.first { $0.name == "Off" }?.conformance == .optional(nil))
        let heatingStage = thermostat.dataTypes.flatMap(\.bitfields).first { $0.name == "HeatingStage" }
        #expect(heatingStage?.bits == 2...3)
    }

    /// `OperationalState_RVC.xml` (`baseCluster="Operational State"`) adds `OperationalStateEnum` items `0x40
    /// SeekingCharger`, `0x41 Charging`, `0x42 Docked` to the base's, and writes `<command id="0x01" name="Stop">`
    /// with `<disallowConform/>`; `OperationalState.xml` gives `Stop` `direction="commandToServer"
    /// response="OperationalCommandResponse"`.
    @Test func rvcOperationalStateExtendsTheBaseEnum() throws {
        let rvc = try #require(MatterClusterDefinition.definition(id: 0x0061))
        let states = try #require(rvc.dataType(named: "OperationalStateEnum"))
        #expect(states.items.map(\.value) == [0x00, 0x01, 0x02, 0x03, 0x40, 0x41, 0x42])
        let stop = try #require(rvc.command(named: "Stop"))
        #expect(stop.conformance == .disallowed)
        #expect(stop.direction == .commandToServer)
        #expect(stop.response == "OperationalCommandResponse")
    }

    // MARK: - Hearth's hand-written attribute tables

    /// Where Hearth's hand-written table departs from the specification on purpose, by cluster and attribute, and
    /// why. Each stays a known issue, so the check fails if the departure goes away or another appears.
    static let knownDisagreements: [String: String] = [
        "LevelControl.CurrentLevel":
            "the specification's CurrentLevel is nullable (X); Hearth's is not, since it always knows the level",
        "OperationalState.OperationalError":
            "the specification's OperationalError is an ErrorStateStruct; Hearth keeps only its ErrorStateID (enum8)",
        "RvcOperationalState.OperationalError":
            "the specification's OperationalError is an ErrorStateStruct; Hearth keeps only its ErrorStateID (enum8)",
    ]

    /// The global attributes (Matter Core §7.13) Hearth models; cluster files do not list them. `FeatureMap` is
    /// `0xFFFC`, a `map32`, not nullable.
    static let globalAttributes: [String: (id: Int, type: String)] = ["FeatureMap": (0xFFFC, "map32")]

    /// Every attribute Hearth models, against the specification's definition of it: the same id, a type Hearth's
    /// `MatterType` can hold, and the same nullability.
    @Test(arguments: ClusterID.modelled)
    func hearthsAttributesAgreeWithTheSpecification(_ cluster: ClusterID) throws {
        let definition = try #require(MatterClusterDefinition.definition(id: cluster.matterID), "\(cluster)")
        for spec in AttributeSchema.attributes(of: cluster) {
            let key = "\(cluster.rawValue).\(spec.name)"
            if let global = Self.globalAttributes[spec.name] {
                #expect(spec.id == global.id, "\(key) id")
                #expect(Self.isConsistent(spec.type, with: .named(global.type), in: definition), "\(key) type")
                #expect(!spec.isNullable, "\(key) nullable")
                continue
            }
            guard let attribute = definition.attribute(named: spec.name) else {
                Issue.record("\(key) (0x\(String(spec.id, radix: 16))) is not in the specification")
                continue
            }
            let check = {
                #expect(attribute.id == spec.id, "\(key) id")
                #expect(
                    Self.isConsistent(spec.type, with: attribute.type, in: definition),
                    "\(key): Hearth \(spec.type), specification \(String(describing: attribute.type))"
                )
                #expect(attribute.quality.nullable == spec.isNullable, "\(key) nullable")
            }
            if let reason = Self.knownDisagreements[key] {
                withKnownIssue(Comment(rawValue: reason)) { check() }
            } else {
                check()
            }
        }
    }

    /// The list of names the registry reads cluster names from is the table's, id for id, and a lookup by id finds
    /// each cluster.
    @Test func theNamesAndTheLookupAgreeWithTheTable() {
        #expect(MatterClusterDefinition.names.map(\.id) == MatterClusterDefinition.specification.map(\.id))
        #expect(MatterClusterDefinition.names.map(\.name) == MatterClusterDefinition.specification.map(\.name))
        for cluster in MatterClusterDefinition.specification {
            #expect(MatterClusterDefinition.definition(id: cluster.id) == cluster, "\(cluster.name)")
        }
        #expect(MatterClusterDefinition.definition(id: 0xFC00) == nil)
    }

    /// `SmokeCOAlarm.xml`: `<feature bit="0" code="SMOKE" name="SmokeAlarm">` and `<feature bit="1" code="CO"
    /// name="COAlarm">`, the bits Hearth reads from `FeatureMap`, each with `<optionalConform choice="a" more="true"
    /// min="1"/>` (at least one of the two).
    @Test func hearthsSmokeCOAlarmFeatureBitsAreTheSpecifications() throws {
        let alarm = try #require(MatterClusterDefinition.definition(id: ClusterID.SmokeCOAlarm.matterID))
        #expect(alarm.feature(code: "SMOKE").map { 1 << $0.bit } == AttributeSchema.SmokeCOAlarmFeature.smoke)
        #expect(alarm.feature(code: "CO").map { 1 << $0.bit } == AttributeSchema.SmokeCOAlarmFeature.carbonMonoxide)
        let choice = MatterConformance.optionalChoice(nil, MatterChoice(name: "a", more: true, min: 1))
        #expect(alarm.features.map(\.conformance) == [choice, choice])
    }

    /// The specification's base types (and the semantic types encoded as them) that each `MatterType` holds. The data
    /// model spells some signed types `int8s` and `int16s` (Thermostat's `MinSetpointDeadBand`), and Hearth keeps the
    /// global `FeatureMap` (a `map32`) as a `uint32`.
    static let baseTypes: [MatterType: Set<String>] = [
        .bool: ["bool"],
        .uint8: ["uint8", "percent"],
        .uint16: ["uint16", "percent100ths"],
        .uint32: ["uint32", "elapsed-s", "epoch-s", "map32"],
        .int16: ["int16", "int16s", "temperature"],
        .int8: ["int8", "int8s"],
        .enum8: ["enum8"],
        .bitmap8: ["bitmap8"],
        .bitmap16: ["bitmap16"],
        .string: ["string"],
    ]

    /// Whether Hearth's `type` holds the specification's: the same base type, or a type the cluster defines that
    /// fits (an enum whose values fit in `enum8`, a bitmap whose bits fit in `bitmap8` or `bitmap16`).
    static func isConsistent(
        _ type: MatterType,
        with reference: MatterClusterDefinition.TypeReference?,
        in cluster: MatterClusterDefinition
    ) -> Bool {
        guard case .named(let name) = reference else { return false }
        if baseTypes[type, default: []].contains(name) { return true }
        guard let defined = cluster.dataType(named: name) else { return false }
        switch (type, defined.kind) {
        case (.enum8, .enumeration(let base, let items)):
            return (base == nil || base == "enum8") && items.allSatisfy { (0...0xFF).contains($0.value) }
        case (.bitmap8, .bitmap(let bitfields)):
            return bitfields.allSatisfy { $0.bits.upperBound < 8 }
        case (.bitmap16, .bitmap(let bitfields)):
            return bitfields.allSatisfy { $0.bits.upperBound < 16 }
        case (_, .number(let base?)):
            return baseTypes[type, default: []].contains(base)
        default:
            return false
        }
    }
}
