import MatterModel
import Testing

/// The generated device-type table (`MatterDeviceTypeDefinition.specification`) against facts quoted from the
/// specification's data model, and against the device types Hearth serves.
struct MatterDeviceTypeDefinitionTests {
    /// `data_model/1.4/device_types/device_type_ids.json` of `project-chip/connectedhomeip`, the SDK's own list of
    /// Matter 1.4's device types (decimal id → name), as quoted from that file.
    static let deviceTypeIDs: [Int: String] = [
        10: "Door Lock", 11: "Door Lock Controller", 14: "Aggregator", 15: "Generic Switch", 17: "Power Source",
        18: "OTA Requestor", 19: "Bridged Node", 20: "OTA Provider", 21: "Contact Sensor", 22: "Root Node",
        23: "Solar Power", 24: "Battery Storage", 25: "Secondary Network Interface", 34: "Speaker",
        35: "Casting Video Player", 36: "Content App", 39: "Mode Select", 40: "Basic Video Player",
        41: "Casting Video Client", 42: "Video Remote Control", 43: "Fan", 44: "Air Quality Sensor",
        45: "Air Purifier", 65: "Water Freeze Detector", 66: "Water Valve", 67: "Water Leak Detector",
        68: "Rain Sensor", 112: "Refrigerator", 113: "Temperature Controlled Cabinet", 114: "Room Air Conditioner",
        115: "Laundry Washer", 116: "Robotic Vacuum Cleaner", 117: "Dishwasher", 118: "Smoke CO Alarm",
        119: "Cook Surface", 120: "Cooktop", 121: "Microwave Oven", 122: "Extractor Hood", 123: "Oven",
        124: "Laundry Dryer", 144: "Network Infrastructure Manager", 145: "Thread Border Router",
        256: "On/Off Light", 257: "Dimmable Light", 259: "On/Off Light Switch", 260: "Dimmer Switch",
        261: "Color Dimmer Switch", 262: "Light Sensor", 263: "Occupancy Sensor", 266: "On/Off Plug-in Unit",
        267: "Dimmable Plug-In Unit", 268: "Color Temperature Light", 269: "Extended Color Light",
        271: "Mounted On/Off Control", 272: "Mounted Dimmable Load Control", 304: "Joint Fabric Administrator",
        514: "Window Covering", 515: "Window Covering Controller", 769: "Thermostat", 770: "Temperature Sensor",
        771: "Pump", 772: "Pump Controller", 773: "Pressure Sensor", 774: "Flow Sensor", 775: "Humidity Sensor",
        777: "Heat Pump", 1292: "Energy EVSE", 1293: "Device Energy Management", 1295: "Water Heater",
        1296: "Electrical Sensor", 2112: "Control Bridge", 2128: "On/Off Sensor",
    ]

    /// Matter 1.4's device types, and the Matter 1.5 ones the generator takes from `data_model/1.5/` (the camera
    /// types and the Doorbell, `Matter15CameraDataModelTests`).
    @Test func everyDeviceTypeOfMatter14IsInTheTableOnce() {
        let table = MatterDeviceTypeDefinition.specification
        let ids = Set(Self.deviceTypeIDs.keys).union(Matter15CameraDataModelTests.matter15DeviceTypes.keys)
            .union(Matter15ClosureDataModelTests.matter15DeviceTypes.keys)
        #expect(Set(table.map(\.id)) == ids)
        #expect(table.count == ids.count, "no id twice")
        #expect(table.map(\.id) == table.map(\.id).sorted(), "ordered by id")
    }

    /// `Oven.xml`: `id="0x007B" name="Oven" revision="2"`, `<classification class="simple" scope="endpoint"/>`, and
    /// one cluster, Identify (`0x0003`, server) with `<optionalConform/>`.
    @Test func theOvenIsAsTheSpecificationWritesIt() throws {
        let oven = try #require(MatterDeviceTypeDefinition.definition(id: 0x007B))
        #expect(oven.name == "Oven")
        #expect(oven.revision == 2)
        #expect(oven.deviceClass == "simple")
        #expect(oven.scope == "endpoint")
        #expect(oven.superset == nil)
        #expect(
            oven.clusters == [
                .init(
                    id: 0x0003,
                    name: "Identify",
                    side: .server,
                    conformance: .optional(nil),
                    singleton: false,
                    features: [],
                    attributes: [],
                    commands: [],
                    events: []
                )
            ]
        )
    }

    /// `ColorDimmerSwitch.xml`: `id="0x0105" revision="3"`, `superset="Dimmer Switch"`; On/Off, Level Control and
    /// Color Control are mandatory *clients*; Scenes Management (`0x0062`, client) is
    /// `<otherwiseConform><provisionalConform/><optionalConform/></otherwiseConform>`.
    @Test func aSwitchRequiresClientsAndKeepsTheOtherwiseConformance() throws {
        let dimmer = try #require(MatterDeviceTypeDefinition.definition(id: 0x0105))
        #expect(dimmer.name == "Color Dimmer Switch")
        #expect(dimmer.revision == 3)
        #expect(dimmer.superset == "Dimmer Switch")
        #expect(Set(dimmer.mandatoryClusters(.client).map(\.id)) == [0x0003, 0x0006, 0x0008, 0x0300])
        #expect(dimmer.mandatoryClusters(.server).map(\.id) == [0x0003])
        let scenes = try #require(dimmer.clusters.first { $0.id == 0x0062 })
        #expect(scenes.side == .client)
        #expect(scenes.conformance == .otherwise([.provisional, .optional(nil)]))
        #expect(scenes.conformance?.requires { _ in true } == false)
    }

    /// `CookSurface.xml`: Temperature Control (`0x0056`) and Temperature Measurement (`0x0402`), both servers, each
    /// `<optionalConform choice="a" more="true" min="1"/>`: at least one of the two, which neither alone requires.
    @Test func aChoiceBetweenClustersIsCarried() throws {
        let surface = try #require(MatterDeviceTypeDefinition.definition(id: 0x0077))
        #expect(surface.name == "Cook Surface")
        let choice = MatterConformance.optionalChoice(nil, MatterChoice(name: "a", more: true, min: 1))
        for id in [0x0056, 0x0402] {
            let cluster = try #require(surface.clusters.first { $0.id == id })
            #expect(cluster.side == .server)
            #expect(cluster.conformance == choice, "0x\(String(id, radix: 16))")
        }
        #expect(choice.requires { _ in true } == false)
    }

    /// Every device type Hearth serves is the specification's, with the same id: the Doorbell, the cameras, the closures
    /// and the Irrigation System from Matter 1.5's files, the others from Matter 1.4's; all but the Floodlight Camera,
    /// whose 1.5 file the generator was not given.
    @Test func everyDeviceTypeHearthServesIsDefined() {
        for type in DeviceType.modelled where type != .FloodlightCamera {
            #expect(MatterDeviceTypeDefinition.definition(id: type.matterID) != nil, "\(type)")
        }
        #expect(MatterDeviceTypeDefinition.definition(id: DeviceType.Doorbell.matterID)?.name == "Doorbell")
    }

    /// What Hearth requires of a device type covers every server cluster the specification makes mandatory on it
    /// and Hearth models; what Hearth requires beyond the specification is only what its catalogue documents
    /// (`DeviceType.requiredClusters`). A required cluster Hearth does not model (a Water Heater's Water Heater
    /// Management) must be one the specification makes mandatory, other than the interaction clusters.
    @Test func hearthsRequiredClustersCoverTheSpecificationsMandatoryOnes() throws {
        let modelled = Dictionary(uniqueKeysWithValues: ClusterID.modelled.map { ($0.matterID, $0) })
        let beyondTheSpecification: [DeviceType: Set<ClusterID>] = [
            .AirPurifier: [.AirQuality],
            .RoomAirConditioner: [.FanControl],
            .LaundryWasher: [.OnOff],
            .Dishwasher: [.OnOff],
            .LaundryDryer: [.OnOff],
        ]
        for type in DeviceType.modelled where !DeviceType.matter15.contains(type) || type.definition != nil {
            let definition = try #require(MatterDeviceTypeDefinition.definition(id: type.matterID))
            let ids = definition.mandatoryClusters(.server).map(\.id)
            let mandatory = Set(ids.compactMap { modelled[$0] })
            let unmodelled = Set(
                ids.filter { modelled[$0] == nil && !DeviceType.interactionClusters.contains($0) }
                    .map(ClusterID.init(matterID:))
            )
            let required = Set(type.requiredClusters)
            #expect(mandatory.isSubset(of: required), "\(type): the specification requires \(mandatory)")
            #expect(
                required.subtracting(mandatory).subtracting(unmodelled) == beyondTheSpecification[type] ?? [],
                "\(type)"
            )
        }
    }

    /// The appliance types added with the appliance catalogue require exactly the specification's mandatory server
    /// clusters (but the interaction clusters), plus the laundry dryer's On/Off.
    @Test func theApplianceTypesRequireTheSpecificationsClusters() {
        #expect(
            Set(DeviceType.WaterHeater.requiredClusters) == [.Thermostat, .WaterHeaterManagement, .WaterHeaterMode]
        )
        #expect(
            Set(DeviceType.MicrowaveOven.requiredClusters)
                == [.OperationalState, .MicrowaveOvenMode, .MicrowaveOvenControl]
        )
        #expect(Set(DeviceType.EnergyEVSE.requiredClusters) == [.EnergyEvse, .EnergyEvseMode])
        #expect(DeviceType.ExtractorHood.requiredClusters == [.FanControl])
        #expect(DeviceType.Cooktop.requiredClusters == [.OnOff])
        #expect(DeviceType.TemperatureControlledCabinet.requiredClusters == [.TemperatureControl])
        #expect(DeviceType.ModeSelect.requiredClusters == [.ModeSelect])
        #expect(DeviceType.LaundryDryer.requiredClusters == [.OnOff, .OperationalState])
        for type in [DeviceType.Refrigerator, .Oven, .HeatPump, .CookSurface] {
            #expect(type.requiredClusters.isEmpty, "\(type)")
        }
    }

    /// The parts an appliance is composed of (Matter 1.4 Device Library; the Heat Pump's Thermostat is Hearth's).
    @Test func compositionRequiresTheParts() {
        #expect(DeviceType.Refrigerator.requiredParts == [.TemperatureControlledCabinet])
        #expect(DeviceType.Oven.requiredParts == [.TemperatureControlledCabinet])
        #expect(DeviceType.Cooktop.requiredParts == [.CookSurface])
        #expect(DeviceType.HeatPump.requiredParts == [.Thermostat])
        #expect(DeviceType.MicrowaveOven.requiredParts.isEmpty)
    }

    /// The specification's conformance notation, evaluated: `LT` needs the feature, `[LT]` never requires, `LT, O`
    /// requires with the feature and allows without, and `!LT` is the feature's absence.
    @Test func conformanceIsEvaluatedAsTheSpecificationReadsIt() {
        let lighting: (MatterCondition) -> Bool = { $0 == .feature("LT") }
        let nothing: (MatterCondition) -> Bool = { _ in false }
        #expect(MatterConformance.mandatory(nil).requires(when: nothing))
        #expect(MatterConformance.mandatory(.feature("LT")).requires(when: lighting))
        #expect(!MatterConformance.mandatory(.feature("LT")).requires(when: nothing))
        #expect(!MatterConformance.optional(.feature("LT")).requires(when: lighting))
        let otherwise = MatterConformance.otherwise([.mandatory(.feature("LT")), .optional(nil)])
        #expect(otherwise.requires(when: lighting))
        #expect(!otherwise.requires(when: nothing))
        #expect(MatterConformance.mandatory(.not(.feature("LT"))).requires(when: nothing))
        #expect(MatterConformance.mandatory(.all([.feature("LT"), .condition("Simple")])).requires { _ in true })
        #expect(!MatterConformance.mandatory(.exactlyOne([.feature("LT"), .feature("OO")])).requires { _ in true })
    }
}
