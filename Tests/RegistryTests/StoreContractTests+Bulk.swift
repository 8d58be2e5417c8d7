import JSON
import MatterModel
import Registry
import RegistryTestSupport
import Testing

/// ``DeviceAdminStore/applyStateInBulk(_:allOrNothing:)``: many users and devices in set-based statements, each
/// update answered on its own, each change logged in order, each changed device written and reported once.
extension StoreContractTests {
    private static func level(
        _ user: String,
        _ device: String,
        _ level: Int,
        endpoint: Int? = nil
    ) throws
        -> DeviceStateUpdate
    {
        DeviceStateUpdate(
            agentUserId: user,
            deviceId: device,
            changes: [try DeviceStateChange.parse("LevelControl.CurrentLevel=\(level)")],
            endpoint: endpoint
        )
    }

    /// The logged state changes' (user, device, CurrentLevel), in log order.
    private static func loggedLevels(_ store: any ServingStore) throws -> [String] {
        try store.changes(after: 0, limit: 100_000, users: nil, kinds: [.state]).map { change in
            let level = change.record.data["clusters"]?["LevelControl"]?["CurrentLevel"]?.intValue
            return "\(change.record.agentUserId)/\(change.record.deviceId ?? "-")=\(level.map(String.init) ?? "-")"
        }
    }

    /// 300 users × 2 lights: more devices than one statement's chunk holds, the last chunk padded. A light updated
    /// twice ends with its second level and logs both, in order; a missing device and a missing endpoint are
    /// answered on their own; every changed light is queued for a report once, and a second bulk bumps those rows.
    @Test(arguments: StoreFactory.allCases)
    func bulkOverManyUsersWritesLogsAndReportsEveryChange(factory: StoreFactory) throws {
        try withStore(factory) { store in
            try store.setReporting(enabled: true)
            let users = (0..<300).map { "user-\($0)" }
            _ = try store.importDevices(Fixtures.file(users.map { ($0, Fixtures.lights(2)) }))
            // The import queued a report for each new light.
            #expect(try store.outboxCounts().reports == 600)
            var updates: [DeviceStateUpdate] = []
            var expectedLog: [String: [String]] = [:]
            for (index, user) in users.enumerated() {
                // Never the lamp's imported level (100): each update changes the light.
                let first = 101 + index % 100
                updates.append(try Self.level(user, "light-0", first))
                updates.append(try Self.level(user, "light-1", first + 1))
                updates.append(try Self.level(user, "light-0", first + 50))
                expectedLog[user] = [
                    "\(user)/light-0=\(first)", "\(user)/light-1=\(first + 1)", "\(user)/light-0=\(first + 50)",
                ]
            }
            updates.insert(try Self.level("user-7", "light-missing", 10), at: 5)
            updates.insert(try Self.level("user-8", "light-0", 10, endpoint: 7), at: 9)
            let outcomes = try store.applyStateInBulk(updates, allOrNothing: false)
            #expect(outcomes.count == updates.count)
            #expect(outcomes[5].status == .notFound)
            #expect(outcomes[5].message?.contains("light-missing") == true)
            #expect(outcomes[9].status == .notApplicable)
            #expect(outcomes.filter { $0 == .applied }.count == updates.count - 2)
            for (index, user) in users.enumerated() {
                let devices = try store.devices(forUser: user)
                let levels = devices.map { $0.endpoints[0].clusters[.LevelControl]?.attributes["CurrentLevel"] }
                #expect(levels == [.int(101 + index % 100 + 50), .int(101 + index % 100 + 1)], "\(user)")
            }
            // Per user, the log holds each update's change in the order given.
            var logged: [String: [String]] = [:]
            for entry in try Self.loggedLevels(store) {
                logged[String(entry.prefix { $0 != "/" }), default: []].append(entry)
            }
            #expect(logged == expectedLog)
            // One report row per changed light: the two updates of light-0 share it.
            #expect(try store.outboxCounts().reports == 600)
            let before = try store.outboxWork(forUser: "user-3").reports.map(\.seq)
            let again = try store.applyStateInBulk(
                users.map { try Self.level($0, "light-1", 254) },
                allOrNothing: false
            )
            #expect(again.allSatisfy { $0 == .applied })
            #expect(try store.outboxCounts().reports == 600)
            let after = try store.outboxWork(forUser: "user-3").reports.map(\.seq)
            #expect(after.count == 2)
            #expect(after[1] > before[1])
            #expect(after[0] == before[0])
        }
    }

    /// An update may set an attribute the stored cluster lacks: the chunk's rows are then inserted, beside rows
    /// that exist, in the same bulk.
    @Test(arguments: StoreFactory.allCases)
    func bulkInsertsAnAttributeTheDeviceDidNotHave(factory: StoreFactory) throws {
        try withStore(factory) { store in
            _ = try store.importDevices(Fixtures.file([("alice", [Fixtures.bare, Fixtures.lamp])]))
            #expect(try store.devices(forUser: "alice")[0].endpoints[0].clusters[.OnOff]?.attributes["OnOff"] == nil)
            let outcomes = try store.applyStateInBulk(
                [
                    DeviceStateUpdate(
                        agentUserId: "alice",
                        deviceId: Fixtures.bare.id,
                        changes: [try DeviceStateChange.parse("OnOff.OnOff=true")]
                    ),
                    try Self.level("alice", Fixtures.lamp.id, 42),
                ],
                allOrNothing: true
            )
            #expect(outcomes == [.applied, .applied])
            let devices = try store.devices(forUser: "alice")
            #expect(devices[0].endpoints[0].clusters[.OnOff]?.attributes["OnOff"] == .bool(true))
            #expect(devices[1].endpoints[0].clusters[.LevelControl]?.attributes["CurrentLevel"] == .int(42))
            #expect(try Self.loggedLevels(store) == ["alice/bare=-", "alice/lamp=42"])
        }
    }
}
