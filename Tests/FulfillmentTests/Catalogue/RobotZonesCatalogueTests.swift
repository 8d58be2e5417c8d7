import Fulfillment
import JSON
import MatterModel
import Testing

/// The catalogue's mopping robot, whose Service Area names two rooms, through Hearth's intents: the rooms are
/// Google's `availableZones`, and "clean the kitchen" selects the kitchen's area and starts the robot.
struct RobotZonesCatalogueTests {
    typealias G = GoogleRequest

    static let user = "home-systems-user"

    @Test func theRobotsRoomsAreItsZonesAndAZonedStartSelectsTheRoom() throws {
        let fulfillment = try TestFulfillment(devices: HomeSystemsCatalogue.deviceFile)
        let entry = try #require(try fulfillment.syncDevice("mopping-robot", as: Self.user))
        #expect(entry["attributes"]?["availableZones"] == ["Kitchen", "Living room"])

        let results = try fulfillment.execute(
            G.group(["mopping-robot"], G.step("StartStop", ["start": true, "zone": "Kitchen"])),
            as: Self.user
        )
        #expect(results.count == 1)
        #expect(results.first?["status"] == "SUCCESS")
        #expect(results.first?["states"]?["isRunning"] == true)
        #expect(results.first?["states"]?["activeZones"] == ["Kitchen"])

        let stored = try #require(try fulfillment.storedDevice("mopping-robot", of: Self.user))
        let serviceArea = try #require(ClusterID(rawValue: "ServiceArea"))
        #expect(stored.endpoints[0].clusters[serviceArea]?["SelectedAreas"] == .list([.int(1)]))
    }

    @Test func aRoomTheRobotDoesNotKnowIsNotSupported() throws {
        let fulfillment = try TestFulfillment(devices: HomeSystemsCatalogue.deviceFile)
        let results = try fulfillment.execute(
            G.group(["mopping-robot"], G.step("StartStop", ["start": true, "zone": "Garage"])),
            as: Self.user
        )
        #expect(results.first?["status"] == "ERROR")
        #expect(results.first?["errorCode"] == "notSupported")
    }
}
