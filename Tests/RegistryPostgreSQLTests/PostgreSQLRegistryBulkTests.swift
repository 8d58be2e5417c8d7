import Clocks
import HearthFakes
import HearthTestSupport
import MatterModel
import RegistryTestSupport
import Testing

@testable import Registry
@testable import RegistryPostgreSQL

/// State in bulk with several instances on one database: the set-based writes move the per-user counters, so another
/// instance's cache sees them, and leave other users' cached devices valid.
@Suite(.enabled(if: PostgreSQLCluster.testsEnabled, Comment(rawValue: PostgreSQLCluster.skipNote)))
struct PostgreSQLRegistryBulkTests {
    @Test func anotherInstanceSeesABulkWriteOnceTheRevalidationIntervalPassed() throws {
        let url = try PostgreSQLCluster.start().createDatabase()
        let clock = ManualClock()
        let a = try PostgreSQLRegistry(url: url)
        let b = try PostgreSQLRegistry(url: url, revalidationInterval: .milliseconds(25), clock: clock)
        _ = try a.importDevices(Fixtures.file([("u", Fixtures.lights(3)), ("v", Fixtures.lights(1))]))
        let level = { (b: PostgreSQLRegistry, user: String, id: String) throws -> AttributeValue? in
            try b.devices(forUser: user).first { $0.id == id }?.endpoints[0].clusters[.LevelControl]?
                .attributes["CurrentLevel"]
        }
        #expect(try level(b, "u", "light-1") == .int(100))  // cached by b
        #expect(try level(b, "v", "light-0") == .int(100))
        let counters = try #require(try a.engine.probeCounters(user: "v"))
        let outcomes = try a.applyStateInBulk(
            (0..<3).map { index in
                DeviceStateUpdate(
                    agentUserId: "u",
                    deviceId: "light-\(index)",
                    changes: [try DeviceStateChange.parse("LevelControl.CurrentLevel=\(10 + index)")]
                )
            },
            allOrNothing: false
        )
        #expect(outcomes.allSatisfy { $0 == .applied })
        // Only u's counter moved.
        #expect(try a.engine.probeCounters(user: "v") == counters)
        clock.advance(by: .milliseconds(26))
        #expect(try level(b, "u", "light-1") == .int(11))
        #expect(try level(b, "u", "light-2") == .int(12))
        #expect(try level(b, "v", "light-0") == .int(100))
    }
}
