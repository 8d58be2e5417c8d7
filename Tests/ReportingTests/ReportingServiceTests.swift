import Clocks
import Foundation
import Fulfillment
import HearthFakes
import HearthTestSupport
import HomeGraph
import JSON
import MatterModel
import Registry
import RegistrySQLite
import Reporting
import Testing

/// The drain end to end: a real SQLite registry, the fake HomeGraph on loopback, the real HTTP client.
@Suite(.serialized)
struct ReportingServiceTests {
    @Test func anExecuteIsReportedWithTheFullStateOfItsTraits() async throws {
        let harness = try ReportingHarness()
        harness.sync()
        try await harness.whileDraining {
            let answer = harness.intent(ReportingHarness.execute("lamp", "BrightnessAbsolute", #"{"brightness":40}"#))
            #expect(answer?["payload"]?["commands"]?.arrayValue?.first?["status"]?.stringValue == "SUCCESS")
            #expect(await harness.eventually { !harness.calls().isEmpty })
        }
        let calls = harness.calls()
        try #require(calls.count == 1)
        let body = try #require(calls[0]["body"])
        #expect(body["agentUserId"]?.stringValue == "alice")
        #expect(body["requestId"]?.stringValue?.isEmpty == false)
        // Every field of every trait of the lamp, not only the brightness that changed.
        let state = try #require(body["payload"]?["devices"]?["states"]?["lamp"])
        #expect(state["brightness"]?.intValue == 40)
        #expect(state["on"]?.boolValue == false)  // the lamp was off; BrightnessAbsolute does not turn it on
        #expect(state["online"]?.boolValue == true)
        // The fake issued a token only for an assertion signed by the right key, and stored the state.
        #expect(harness.fake.tokensIssued == 1)
        let stored = harness.fake.deviceStates(agentUserId: "alice")?.first { $0.id == "lamp" }?.state
        #expect(stored?["brightness"]?.intValue == 40)
        #expect(try harness.store.outboxCounts().isEmpty)
    }

    @Test func manyChangesOfOneUserCoalesceIntoOneCall() async throws {
        let harness = try ReportingHarness(
            options: ReportingOptions(coalesceMilliseconds: 400, retryInitialMilliseconds: 100, pollMilliseconds: 200)
        )
        harness.sync()
        try await harness.whileDraining {
            for level in [10, 20, 30] {
                harness.intent(ReportingHarness.execute("lamp", "BrightnessAbsolute", #"{"brightness":\#(level)}"#))
            }
            #expect(await harness.eventually { !harness.calls().isEmpty })
            // Delivered rows are deleted: once the outbox is empty, a later pass proves no second call follows.
            let drained = try await harness.eventually { try harness.store.outboxCounts().isEmpty }
            #expect(drained)
            #expect(await harness.aFullPass())
        }
        let calls = harness.calls()
        #expect(calls.count == 1)
        #expect(calls.first?["body"]?["payload"]?["devices"]?["states"]?["lamp"]?["brightness"]?.intValue == 30)
    }

    @Test func aDeviceThatKeepsChangingIsReportedOncePerWindowNotInALoop() async throws {
        let harness = try ReportingHarness(
            options: ReportingOptions(coalesceMilliseconds: 300, retryInitialMilliseconds: 100, pollMilliseconds: 200)
        )
        harness.sync()
        var changes = 0
        var last = 0
        try await harness.whileDraining {
            // A second of back-to-back changes on the test clock (one every 10 ms, the drain delivering meanwhile): a
            // delivery restarts the window of the changes that came during it, so the calls are bounded by the
            // windows (about 4), not by the call latency.
            for _ in 0..<100 {
                last = changes % 90 + 10
                harness.intent(ReportingHarness.execute("lamp", "BrightnessAbsolute", #"{"brightness":\#(last)}"#))
                changes += 1
                harness.clock.advance(by: .milliseconds(10))
                await Task.yield()
            }
            let drained = try await harness.eventually { try harness.store.outboxCounts().isEmpty }
            #expect(drained)
        }
        let calls = harness.calls()
        #expect(!calls.isEmpty)
        #expect(calls.count <= 12, "\(calls.count) Report State calls for \(changes) changes")
        // The last call carries the last state.
        #expect(calls.last?["body"]?["payload"]?["devices"]?["states"]?["lamp"]?["brightness"]?.intValue == last)
    }

    @Test func aDeviceGoingOfflineIsReportedOffline() async throws {
        let harness = try ReportingHarness()
        harness.sync()
        try await harness.whileDraining {
            try harness.store.updateDevices(forUser: "alice", ids: ["lamp"]) { devices in
                devices["lamp"]?.setOnline(false)
            }
            #expect(await harness.eventually { !harness.calls().isEmpty })
        }
        let state = harness.calls().first?["body"]?["payload"]?["devices"]?["states"]?["lamp"]
        #expect(state?["online"]?.boolValue == false)
    }

    @Test func tooManyRequestsBackOffHonouringRetryAfterThenSucceed() async throws {
        let harness = try ReportingHarness()
        harness.sync()
        harness.fake.failNext(status: 429, count: 2, retryAfterSeconds: 1)
        let started = harness.clock.now
        try await harness.whileDraining {
            harness.intent(ReportingHarness.execute("lamp", "OnOff", #"{"on":true}"#))
            #expect(await harness.eventually { !harness.calls().isEmpty })
        }
        let elapsed = harness.clock.now - started
        let refused = harness.calls(status: 429)
        #expect(refused.count == 2)
        #expect(harness.calls().count == 1)
        // Two waits of at least Retry-After (1 s) each on the drain's clock before the third call.
        #expect(elapsed >= .seconds(2))
    }

    /// HomeGraph's quota is the project's, not the user's: its `Retry-After` holds every user, so the user who was
    /// not refused is not called (and refused too) before it ends.
    @Test func retryAfterHoldsEveryUserNotOnlyTheOneRefused() async throws {
        let harness = try ReportingHarness()
        _ = try harness.store.importDevices(
            try DeviceFile.parse(
                #"{"users": [{"agentUserId": "bob", "devices": [{"id": "lamp", "name": "Lamp", "deviceTypes": ["DimmableLight"]}]}]}"#
            )
        )
        try harness.store.completeOutbox(forUser: "bob", syncSeq: try harness.store.outboxWork(forUser: "bob").syncSeq)
        harness.sync()
        harness.sync(user: "bob")
        harness.intent(ReportingHarness.execute("lamp", "OnOff", #"{"on":true}"#))
        harness.intent(ReportingHarness.execute("lamp", "OnOff", #"{"on":true}"#), user: "bob")
        harness.fake.failNext(status: 429, count: 1, retryAfterSeconds: 30)
        let started = harness.clock.now
        var firstDelivered: ContinuousClock.Instant?
        try await harness.whileDraining {
            let both = await harness.eventually {
                // Read while the drain waits: the clock has not moved since the call.
                if firstDelivered == nil, !harness.calls().isEmpty { firstDelivered = harness.clock.now }
                return harness.calls().count == 2
            }
            #expect(both)
        }
        #expect(harness.calls(status: 429).count == 1)
        let users = Set(harness.calls().compactMap { $0["body"]?["agentUserId"]?.stringValue })
        #expect(users == ["alice", "bob"])
        let waited = try #require(firstDelivered) - started
        #expect(waited >= .seconds(30))
    }

    @Test func aBadRequestIsDroppedNotRetried() async throws {
        let harness = try ReportingHarness()
        harness.sync()
        harness.fake.failNext(status: 400, count: 1, message: "Invalid value at 'payload'")
        try await harness.whileDraining {
            harness.intent(ReportingHarness.execute("lamp", "OnOff", #"{"on":true}"#))
            let emptied = try await harness.eventually { try harness.store.outboxCounts().isEmpty }
            #expect(emptied)
            // A pass after the drop proves the 400 was not retried.
            #expect(await harness.aFullPass())
        }
        #expect(harness.calls(status: 400).count == 1)
        #expect(harness.calls(status: nil).count == 1)
    }

    @Test func aNotFoundLongAfterTheSyncIsDropped() async throws {
        let harness = try ReportingHarness()
        // No SYNC was ever answered: Google does not know the user, and never will from this report.
        try await harness.whileDraining {
            harness.intent(ReportingHarness.execute("lamp", "OnOff", #"{"on":true}"#))
            let emptied = try await harness.eventually { try harness.store.outboxCounts().isEmpty }
            #expect(emptied)
        }
        #expect(harness.calls(status: 404).count == 1)
    }

    @Test func aNotFoundSoonAfterTheSyncIsRetriedUntilGoogleKnowsTheDevices() async throws {
        let harness = try ReportingHarness()
        // Hearth answered a SYNC, but the fake (Google) has not processed it yet.
        harness.intent(#"{"requestId":"s","inputs":[{"intent":"action.devices.SYNC"}]}"#)
        try await harness.whileDraining {
            harness.intent(ReportingHarness.execute("lamp", "OnOff", #"{"on":true}"#))
            #expect(await harness.eventually { !harness.calls(status: 404).isEmpty })
            harness.fake.sync(agentUserId: "alice", devices: ["lamp", "smoke", "leak", "door"])
            #expect(await harness.eventually { !harness.calls().isEmpty })
        }
        #expect(harness.calls().first?["body"]?["payload"]?["devices"]?["states"]?["lamp"]?["on"]?.boolValue == true)
    }

    @Test func afterDisconnectNothingMoreIsSentUntilTheUserLinksAgain() async throws {
        let harness = try ReportingHarness()
        harness.sync()
        // Work queued before the disconnect is dropped, and nothing is queued after it.
        harness.intent(ReportingHarness.execute("lamp", "OnOff", #"{"on":true}"#))
        harness.intent(#"{"requestId":"d","inputs":[{"intent":"action.devices.DISCONNECT"}]}"#)
        #expect(try harness.store.outboxCounts().isEmpty)
        try await harness.whileDraining {
            harness.intent(ReportingHarness.execute("lamp", "OnOff", #"{"on":false}"#))
            try harness.store.updateDevices(forUser: "alice", ids: ["lamp"]) { $0["lamp"]?.setOnline(false) }
            #expect(try harness.store.outboxCounts().isEmpty)
            #expect(await harness.aFullPass())
            #expect(harness.fake.reports.isEmpty)
            // Linked again: a new token for the user.
            _ = try harness.store.issueToken(forUser: "alice", ttl: nil, now: UnixTime(seconds: 0))
            try harness.store.updateDevices(forUser: "alice", ids: ["lamp"]) { $0["lamp"]?.setOnline(true) }
            #expect(await harness.eventually { !harness.calls().isEmpty })
        }
        #expect(harness.calls().count == 1)
    }

    @Test func anImportThatAddsADeviceRequestsASync() async throws {
        let harness = try ReportingHarness()
        harness.sync()
        try await harness.whileDraining {
            let file = try DeviceFile.parse(
                #"{"users": [{"agentUserId": "alice", "devices": [{"id": "plug", "name": "Plug", "deviceTypes": ["OnOffPlugInUnit"]}]}]}"#
            )
            _ = try harness.store.importDevices(file)
            #expect(await harness.eventually { !harness.calls(path: FakeHomeGraph.requestSyncPath).isEmpty })
        }
        let body = harness.calls(path: FakeHomeGraph.requestSyncPath).first?["body"]
        #expect(body?["agentUserId"]?.stringValue == "alice")
        #expect(body?["async"]?.boolValue == true)
    }

    @Test func anImportThatRenamesRequestsASyncAndOneThatChangesOnlyStateDoesNot() throws {
        let harness = try ReportingHarness()
        let renamed = try DeviceFile.parse(
            #"{"users": [{"agentUserId": "alice", "devices": [{"id": "lamp", "name": "Desk lamp", "deviceTypes": ["DimmableLight"], "clusters": {"OnOff": {"OnOff": false}, "LevelControl": {"CurrentLevel": 127}}}]}]}"#
        )
        _ = try harness.store.importDevices(renamed)
        #expect(try harness.store.outboxCounts() == OutboxCounts(reports: 0, syncs: 1, events: 0))
        try harness.store.completeOutbox(
            forUser: "alice",
            syncSeq: try harness.store.outboxWork(forUser: "alice").syncSeq
        )
        let brighter = try DeviceFile.parse(
            #"{"users": [{"agentUserId": "alice", "devices": [{"id": "lamp", "name": "Desk lamp", "deviceTypes": ["DimmableLight"], "clusters": {"OnOff": {"OnOff": true}, "LevelControl": {"CurrentLevel": 127}}}]}]}"#
        )
        _ = try harness.store.importDevices(brighter)
        #expect(try harness.store.outboxCounts() == OutboxCounts(reports: 1, syncs: 0, events: 0))
    }

    /// The structure is part of the SYNC entry (`structureHint`): moving a device to another home is a Request Sync,
    /// like a room change; importing the same structure again is not.
    @Test func anImportThatChangesOnlyTheStructureRequestsASync() throws {
        let harness = try ReportingHarness()
        func lamp(structure: String, on: Bool) throws -> DeviceFile {
            try DeviceFile.parse(
                #"{"users": [{"agentUserId": "alice", "devices": [{"id": "lamp", "name": "Desk lamp", "structure": ""#
                    + structure
                    + #"", "deviceTypes": ["DimmableLight"], "clusters": {"OnOff": {"OnOff": \#(on)}}}]}]}"#
            )
        }
        func completeSync() throws {
            try harness.store.completeOutbox(
                forUser: "alice",
                syncSeq: try harness.store.outboxWork(forUser: "alice").syncSeq
            )
        }
        _ = try harness.store.importDevices(try lamp(structure: "Home", on: false))
        try completeSync()
        #expect(try harness.store.outboxCounts().syncs == 0)
        // (The first import changed the lamp's state too: its Report State row stays queued throughout.)
        _ = try harness.store.importDevices(try lamp(structure: "Holiday home", on: false))
        #expect(try harness.store.outboxCounts().syncs == 1)
        try completeSync()
        _ = try harness.store.importDevices(try lamp(structure: "Holiday home", on: true))
        #expect(try harness.store.outboxCounts().syncs == 0)
        #expect(try harness.store.outboxCounts().reports == 1)
    }

    @Test func aDoorbellPressBecomesAnObjectDetectionNotification() async throws {
        let harness = try ReportingHarness()
        harness.sync()
        let before = harness.clock.unixMilliseconds
        try await harness.whileDraining {
            let queued = try harness.store.recordEvent(
                DeviceEvent(name: .doorbellPress),
                forUser: "alice",
                device: "door"
            )
            #expect(queued)
            #expect(await harness.eventually { !harness.calls().isEmpty })
        }
        let body = try #require(harness.calls().first?["body"])
        #expect(body["eventId"]?.stringValue?.hasPrefix("hearth-event-") == true)
        let notification = try #require(body["payload"]?["devices"]?["notifications"]?["door"]?["ObjectDetection"])
        #expect(notification["priority"]?.intValue == 0)
        #expect(notification["objects"]?["unclassified"]?.intValue == 1)
        let timestamp = try #require(notification["detectionTimestamp"]?.intValue)
        #expect(Int64(timestamp) >= before - 1000)
    }

    @Test func smokeAndLeakAlarmsBecomeSensorStateNotifications() async throws {
        let harness = try ReportingHarness()
        harness.sync()
        try await harness.whileDraining {
            try harness.store.updateDevices(forUser: "alice", ids: ["smoke", "leak"]) { devices in
                devices["smoke"]?.endpoints[0].clusters[.SmokeCOAlarm]?["SmokeState"] = .int(2)
                devices["leak"]?.endpoints[0].clusters[.BooleanState]?["StateValue"] = .bool(true)
            }
            #expect(await harness.eventually { harness.calls().count >= 3 })
        }
        let notifications = harness.calls().compactMap { $0["body"]?["payload"]?["devices"]?["notifications"] }
        let smoke = notifications.compactMap { $0["smoke"]?["SensorState"] }.first
        #expect(smoke?["priority"]?.intValue == 0)
        #expect(smoke?["name"]?.stringValue == "SmokeLevel")
        #expect(smoke?["currentSensorState"]?.stringValue == "high")
        let leak = notifications.compactMap { $0["leak"]?["SensorState"] }.first
        #expect(leak?["name"]?.stringValue == "WaterLeak")
        #expect(leak?["currentSensorState"]?.stringValue == "leak")
        // The states went too, in their own call.
        let states = harness.calls().compactMap { $0["body"]?["payload"]?["devices"]?["states"] }
        #expect(states.contains { $0["leak"] != nil && $0["smoke"] != nil })
    }

    @Test func aDeviceWithoutNotificationSupportSendsNoNotification() throws {
        let harness = try ReportingHarness()
        #expect(
            try !harness.store.recordEvent(
                DeviceEvent(name: .doorbellPress),
                forUser: "alice",
                device: "lamp"
            )
        )
        #expect(try harness.store.outboxCounts().events == 0)
    }

    @Test func withReportingDisabledTheOutboxStaysEmpty() throws {
        let harness = try ReportingHarness(reporting: false)
        harness.intent(ReportingHarness.execute("lamp", "OnOff", #"{"on":true}"#))
        try harness.store.updateDevices(forUser: "alice", ids: ["smoke"]) { devices in
            devices["smoke"]?.endpoints[0].clusters[.SmokeCOAlarm]?["SmokeState"] = .int(1)
        }
        _ = try harness.store.importDevices(
            try DeviceFile.parse(
                #"{"users": [{"agentUserId": "alice", "devices": [{"id": "plug", "name": "Plug", "deviceTypes": ["OnOffPlugInUnit"]}]}]}"#
            )
        )
        #expect(
            try !harness.store.recordEvent(
                DeviceEvent(name: .doorbellPress),
                forUser: "alice",
                device: "door"
            )
        )
        #expect(try harness.store.outboxCounts().isEmpty)
    }
}
