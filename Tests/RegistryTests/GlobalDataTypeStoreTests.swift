import MatterModel
import Testing

@testable import Registry

/// A cluster Hearth does not map whose attribute is typed by one of the Matter Core specification's global data
/// types (``MatterClusterDefinition/globalDataTypes``): a robot vacuum's Service Area `SupportedAreas`, each area's
/// `LocationInfo` a `LocationDescriptorStruct`, comes back exactly after the store is closed and opened again.
struct GlobalDataTypeStoreTests {
    static let robot = """
        {"users": [{"agentUserId": "u", "devices": [
          {"id": "robot", "name": "Robot", "deviceType": "RoboticVacuumCleaner", "clusters": {"ServiceArea": {
            "SupportedAreas": [
              {"AreaID": 1, "MapID": null, "AreaInfo": {
                "LocationInfo": {"LocationName": "Kitchen", "FloorNumber": 0, "AreaType": 23},
                "LandmarkInfo": null}},
              {"AreaID": 2, "MapID": null, "AreaInfo": {
                "LocationInfo": {"LocationName": "Living room", "FloorNumber": -1, "AreaType": null},
                "LandmarkInfo": null}}
            ],
            "SelectedAreas": [2]}}}
        ]}]}
        """

    @Test(arguments: StoreFactory.persistent)
    func serviceAreasRoundTripThroughTheStore(factory: StoreFactory) throws {
        let file = try DeviceFile.parse(Self.robot)
        let device = try #require(file.users.first?.devices.first)
        let serviceArea = try #require(ClusterID(rawValue: "ServiceArea"))
        try withReopenedStore(factory) { store in
            #expect(try store.createUser("u"))
            _ = try store.putDevice(device, forUser: "u") { _ in }
        } read: { store in
            let stored = try #require(try store.devices(forUser: "u").first)
            #expect(stored == device)
            let areas = stored.endpoints[0].clusters[serviceArea]?["SupportedAreas"]?.listValue ?? []
            let names = areas.compactMap {
                $0.structureValue?["AreaInfo"]?.structureValue?["LocationInfo"]?.structureValue?["LocationName"]?
                    .stringValue
            }
            #expect(names == ["Kitchen", "Living room"])
            #expect(stored.endpoints[0].clusters[serviceArea]?["SelectedAreas"] == .list([.int(2)]))
        }
    }
}
