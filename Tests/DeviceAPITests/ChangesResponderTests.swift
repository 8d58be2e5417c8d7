import DeviceAPI
import Foundation
import HearthFakes
import HearthTestSupport
import JSON
import Registry
import RegistrySQLite
import Synchronization
import Testing

/// `GET /v1/changes` through the real listener over a registry file: the JSON long-poll, Server-Sent Events,
/// resuming, snapshots, filters, heartbeats, retention (410) and the slow consumer.
struct ChangesResponderTests {
    @Test func longPollPagesThroughTheLogInCursorOrder() throws {
        let harness = try ChangesHarness()
        _ = try harness.store.importDevices(ChangesHarness.plugs("alice", ["p1", "p2"]))
        let all = try harness.get("/v1/changes?after=0")
        #expect(all.status == 200)
        let changes = try #require(all.body?["changes"]?.arrayValue)
        #expect(changes.map { $0["cursor"] } == [1, 2, 3])
        #expect(changes.map { $0["kind"] } == ["user", "device", "device"])
        #expect(changes[0]["change"] == "created")
        #expect(changes[0]["deviceId"] == nil)
        #expect(changes[1]["deviceId"] == "p1")
        #expect(changes[1]["agentUserId"] == "alice")
        #expect(changes[1]["device"]?["name"] == "Plug p1")
        // ManualClock starts at 2026-01-01T00:00:00Z.
        #expect(changes[1]["occurred"] == "2026-01-01T00:00:00.000Z")
        #expect(all.body?["next"] == 3)
        let page = try harness.get("/v1/changes?after=1&limit=1")
        #expect(page.body?["changes"]?.arrayValue?.map { $0["cursor"] } == [2])
        #expect(page.body?["next"] == 2)
        let none = try harness.get("/v1/changes?after=3")
        #expect(none.body == ["changes": [], "next": 3])
    }

    @Test func longPollWakesOnACommitAndTimesOutEmpty() throws {
        let harness = try ChangesHarness()
        _ = try harness.store.importDevices(ChangesHarness.plugs("alice", ["p1"]))
        let answered = EventCount()
        let reply = Mutex<(Int, JSONValue?)?>(nil)
        DispatchQueue.global().async {
            let result = try? harness.get("/v1/changes?after=2&wait=25")
            reply.withLock { $0 = result.map { ($0.status, $0.body) } }
            answered.increment()
        }
        #expect(harness.until { harness.responder.waitingPollCount == 1 })
        let cursors = try harness.setOnOff("alice", "p1", true)
        #expect(answered.wait(atLeast: 1))
        let (status, body) = try #require(reply.withLock { $0 })
        #expect(status == 200)
        #expect(body?["changes"]?.arrayValue?.map { $0["cursor"] } == cursors.map { .int(Int($0)) })
        #expect(body?["changes"]?.arrayValue?.first?["kind"] == "state")
        #expect(body?["changes"]?.arrayValue?.first?["by"] == "api")
        #expect(body?["changes"]?.arrayValue?.first?["clusters"] == ["OnOff": ["OnOff": true]])

        // Nothing comes: the wait ends when the (injected) clock says so, with no changes.
        let emptied = EventCount()
        let second = Mutex<JSONValue?>(nil)
        DispatchQueue.global().async {
            let result = try? harness.get("/v1/changes?after=3&wait=5")
            second.withLock { $0 = result?.body }
            emptied.increment()
        }
        #expect(harness.until { harness.responder.waitingPollCount == 1 })
        // The poll is registered before its timeout is scheduled: move the clock once the timer is there.
        #expect(harness.clock.blockUntilSleepers(atLeast: 1))
        harness.clock.advance(by: .seconds(5))
        #expect(emptied.wait(atLeast: 1))
        #expect(second.withLock { $0 } == ["changes": [], "next": 3])
    }

    @Test func aStreamResumesAfterLastEventIDWithNoGapAndNoDuplicate() throws {
        let harness = try ChangesHarness()
        _ = try harness.store.importDevices(ChangesHarness.plugs("alice", ["p1"]))
        let first = try harness.openStream("/v1/changes", lastEventID: 1)
        #expect(try first.readChunked(until: "id: 2\n"))
        try harness.setOnOff("alice", "p1", true)
        try harness.setOnOff("alice", "p1", false)
        #expect(try first.readChunked(until: "id: 4\n"))
        let seen = SSEEvent.parse(first.decodedText)
        #expect(seen.map(\.id) == [2, 3, 4])
        #expect(seen.map(\.event) == ["device", "state", "state"])
        #expect(seen[1].data?["cursor"] == 3)
        #expect(seen[1].data?["clusters"] == ["OnOff": ["OnOff": true]])
        first.close()
        // Changes made while no one listens are delivered on resume, exactly once.
        try harness.setOnOff("alice", "p1", true)
        _ = try harness.store.importDevices(ChangesHarness.plugs("alice", ["p2"]))
        let resumed = try harness.openStream("/v1/changes", lastEventID: 4)
        #expect(try resumed.readChunked(until: "id: 6\n"))
        try harness.setOnOff("alice", "p2", true)
        #expect(try resumed.readChunked(until: "id: 7\n"))
        #expect(SSEEvent.parse(resumed.decodedText).map(\.id) == [5, 6, 7])
        // ?after= does the same as the header.
        let viaQuery = try harness.openStream("/v1/changes?after=6")
        #expect(try viaQuery.readChunked(until: "id: 7\n"))
        #expect(SSEEvent.parse(viaQuery.decodedText).map(\.id) == [7])
    }

    @Test func snapshotComesFirstWithTheCursorItIsConsistentWith() throws {
        let harness = try ChangesHarness()
        _ = try harness.store.importDevices(ChangesHarness.plugs("alice", ["p1", "p2"]))
        _ = try harness.store.importDevices(ChangesHarness.plugs("bob", ["b1"]))
        try harness.setOnOff("alice", "p2", true)
        let latest = try harness.store.changeBounds().latest
        let client = try harness.openStream("/v1/changes?snapshot=true")
        #expect(try client.readChunked(until: "\"bob\""))
        try harness.setOnOff("bob", "b1", true)
        #expect(try client.readChunked(until: "id: \(latest + 1)\n"))
        let events = SSEEvent.parse(client.decodedText)
        #expect(events.map(\.event) == ["snapshot", "snapshot", "state"])
        #expect(events.map(\.id) == [latest, latest, latest + 1])
        #expect(events[0].data?["agentUserId"] == "alice")
        #expect(events[0].data?["cursor"] == .int(Int(latest)))
        let devices = try #require(events[0].data?["devices"]?.arrayValue)
        #expect(devices.map { $0["id"] } == ["p1", "p2"])
        #expect(devices[1]["clusters"]?["OnOff"]?["OnOff"] == true)
        #expect(events[2].data?["agentUserId"] == "bob")
    }

    @Test func filtersByUserAndType() throws {
        let harness = try ChangesHarness()
        let client = try harness.openStream("/v1/changes?user=alice&types=state,user")
        _ = try harness.store.importDevices(ChangesHarness.plugs("bob", ["b1"]))
        _ = try harness.store.importDevices(ChangesHarness.plugs("alice", ["p1"]))
        try harness.setOnOff("bob", "b1", true)
        let last = try harness.setOnOff("alice", "p1", true)
        #expect(try client.readChunked(until: "id: \(last[0])\n"))
        let events = SSEEvent.parse(client.decodedText)
        #expect(events.map(\.event) == ["user", "state"])
        #expect(events.allSatisfy { $0.data?["agentUserId"] == "alice" })
        let polled = try harness.get("/v1/changes?after=0&types=device&user=bob")
        #expect(polled.body?["changes"]?.arrayValue?.map { $0["deviceId"] } == ["b1"])
    }

    @Test func anIdleStreamGetsAHeartbeatEachInterval() throws {
        let harness = try ChangesHarness()
        let client = try harness.openStream("/v1/changes")
        #expect(try client.readChunked(until: ": hearth change stream\n\n"))
        #expect(harness.clock.blockUntilSleepers(atLeast: 1, timeout: .seconds(10)))
        harness.clock.advance(by: .seconds(15))
        #expect(try client.readChunked(until: ": heartbeat\n\n"))
        #expect(SSEEvent.parse(client.decodedText).isEmpty)
    }

    @Test func aCursorTheLogNoLongerHoldsIsGone() throws {
        let harness = try ChangesHarness()
        _ = try harness.store.importDevices(ChangesHarness.plugs("alice", ["p1"]))
        harness.clock.advance(by: .seconds(3600))
        try harness.setOnOff("alice", "p1", true)
        #expect(try harness.store.pruneChanges(occurredBefore: harness.clock.unixMilliseconds - 1) == 2)
        let gone = try harness.get("/v1/changes?after=0")
        #expect(gone.status == 410)
        #expect(gone.body?["error"] == "cursorExpired")
        #expect(gone.body?["message"]?.stringValue?.contains("snapshot=true") == true)
        let streamGone = try harness.get("/v1/changes", headers: ["Accept: text/event-stream", "Last-Event-ID: 1"])
        #expect(streamGone.status == 410)
        #expect(try harness.get("/v1/changes?after=99").status == 410)
        // From the last pruned cursor on, nothing is missing.
        #expect(try harness.get("/v1/changes?after=2").body?["changes"]?.arrayValue?.count == 1)
        // A snapshot is always possible, and gives the cursor to follow on from.
        let snapshot = try harness.get("/v1/changes?snapshot=true")
        #expect(snapshot.status == 200)
        #expect(snapshot.body?["next"] == 3)
        #expect(snapshot.body?["snapshot"]?.arrayValue?.first?["devices"]?.arrayValue?.first?["id"] == "p1")
    }

    @Test func badParametersAreRefusedWithTheErrorShape() throws {
        let harness = try ChangesHarness()
        let typo = try harness.get("/v1/changes?aftr=1")
        #expect(typo.status == 400)
        #expect(typo.body?["error"] == "invalidParameter")
        #expect(typo.body?["message"]?.stringValue?.contains("did you mean \"after\"") == true)
        #expect(typo.body?["details"]?.arrayValue?.first?["path"] == "aftr")
        for target in [
            "/v1/changes?after=-1", "/v1/changes?after=x", "/v1/changes?types=command,bogus",
            "/v1/changes?wait=61", "/v1/changes?limit=0", "/v1/changes?snapshot=yes",
        ] {
            #expect(try harness.get(target).status == 400, "\(target)")
        }
        #expect(try harness.get("/v1/changes", headers: ["Last-Event-ID: abc"]).status == 400)
        let post = try Curl.run(["-X", "POST", "http://127.0.0.1:\(harness.port)/v1/changes"])
        #expect(post.status == 405)
    }

    @Test func repeatedAndInexactParametersAreRefused() throws {
        let harness = try ChangesHarness()
        _ = try harness.store.importDevices(ChangesHarness.plugs("alice", ["p1"]))
        for target in [
            "/v1/changes?after=1&after=2", "/v1/changes?after=1&after=1", "/v1/changes?wait=0&wait=1",
            "/v1/changes?limit=5&limit=6", "/v1/changes?snapshot=false&snapshot=true",
        ] {
            let answer = try harness.get(target)
            #expect(answer.status == 400, "\(target)")
            #expect(answer.body?["error"] == "invalidParameter", "\(target)")
            #expect(answer.body?["message"]?.stringValue?.contains("more than once") == true, "\(target)")
        }
        for cursor in ["+1", "1.0", "0x1", "1e0", "%201", "1%20"] {
            #expect(try harness.get("/v1/changes?after=\(cursor)").status == 400, "\(cursor)")
        }
        for header in ["+1", "1 2", "1, 2", "1x"] {
            let answer = try harness.get("/v1/changes", headers: ["Last-Event-ID: \(header)"])
            #expect(answer.status == 400, "\(header)")
            #expect(answer.body?["details"]?.arrayValue?.first?["path"] == "Last-Event-ID", "\(header)")
        }
        // Two Last-Event-ID lines are no cursor either.
        let twice = try harness.get("/v1/changes", headers: ["Last-Event-ID: 1", "Last-Event-ID: 2"])
        #expect(twice.status == 400)
        // user and types add up; the exact forms still work.
        #expect(try harness.get("/v1/changes?user=alice&user=bob&types=state&types=device&after=0").status == 200)
        #expect(try harness.get("/v1/changes", headers: ["Last-Event-ID: 0"]).status == 200)
    }

    /// `Last-Event-ID: 5` followed by a control byte was read as 5 (the header legalized into `5`); the listener now
    /// refuses the header, in the `/v1` error shape, before the responder sees it.
    @Test func aLastEventIDWithAControlByteIsRefused() throws {
        let harness = try ChangesHarness()
        for suffix in ["\u{7F}", "\u{1}", "\u{0}"] {
            let client = try RawHTTPClient(port: harness.port, readTimeoutSeconds: 5)
            try client.send("GET /v1/changes HTTP/1.1\r\nHost: t\r\nLast-Event-ID: 5\(suffix)\r\n\r\n")
            let answer = try client.readResponse()
            #expect(answer.status == 400)
            let body = try JSONParser.parse(answer.body)
            #expect(body["error"] == "invalidHeaderField")
            #expect(body["message"]?.stringValue != nil)
        }
    }

    @Test func aUserFilterIsCheckedAsAnId() throws {
        let harness = try ChangesHarness()
        for user in ["victim%00x", "%00", "", ".", "..", "a%2Fb", "a%20b", String(repeating: "u", count: 129)] {
            let answer = try harness.get("/v1/changes?user=\(user)")
            #expect(answer.status == 400, "\(user)")
            #expect(answer.body?["error"] == "invalidId", "\(user)")
            #expect(answer.body?["details"]?.arrayValue?.first?["path"] == "user", "\(user)")
        }
        #expect(try harness.get("/v1/changes?user=acme:lamp-1.2_x").status == 200)
    }

    /// A client that closes an idle stream frees it at once: the clock never moves, so no heartbeat ever resumes the
    /// suspended connection; only the listener's watch on the socket can notice the close.
    @Test func aStreamTheClientClosesIsFreedWithoutAHeartbeat() throws {
        let harness = try ChangesHarness()
        for round in 1...3 {
            let client = try harness.openStream("/v1/changes")
            #expect(try client.readChunked(until: ": hearth change stream\n\n"))
            #expect(harness.until { harness.responder.openStreamCount == 1 }, "round \(round)")
            client.close()
            #expect(harness.until { harness.responder.openStreamCount == 0 }, "round \(round)")
        }
    }

    @Test func aConsumerThatStopsReadingIsCutOffAndCanResume() throws {
        let harness = try ChangesHarness(streamCapacity: 64 << 10)
        _ = try harness.store.importDevices(ChangesHarness.plugs("alice", ["p1"]))
        let client = try harness.openStream("/v1/changes?after=0")
        #expect(harness.until { harness.responder.openStreamCount == 1 })
        // About 40 MB of events, far more than the socket buffers hold: the client reads none of it.
        let padding = String(repeating: "x", count: 2000)
        var made = 0
        while harness.responder.openStreamCount == 1, made < 200 {
            try harness.store.updateDevicesRecordingChanges(forUser: "alice", ids: []) { _, _, changes in
                for _ in 0..<100 {
                    changes.append(
                        ChangeRecord(
                            kind: .state,
                            agentUserId: "alice",
                            deviceId: "p1",
                            data: JSONObject([("pad", .string(padding))])
                        )
                    )
                }
            }
            made += 1
        }
        #expect(harness.until { harness.responder.openStreamCount == 0 })
        // Cut off without the last chunk; the events it did get resume cleanly.
        #expect(try !client.readChunked(until: nil))
        #expect(!client.chunkedBodyEnded)
        let received = SSEEvent.parse(client.decodedText).compactMap(\.id)
        #expect(received == Array(1...Int64(received.count)))
        let resumed = try harness.openStream("/v1/changes", lastEventID: received.last ?? 0)
        let next = (received.last ?? 0) + 1
        #expect(try resumed.readChunked(until: "id: \(next)\n"))
        #expect(SSEEvent.parse(resumed.decodedText).first?.id == next)
    }

    @Test func severalConsumersSeeEveryChangeOnceInOrderWhileChangesAreMade() throws {
        let harness = try ChangesHarness()
        _ = try harness.store.importDevices(ChangesHarness.plugs("alice", ["p1", "p2"]))
        let start = try harness.store.changeBounds().latest
        let total: Int64 = 600
        let done = EventCount()
        DispatchQueue.global().async {
            var on = false
            while (try? harness.store.changeBounds().latest) ?? total + start < start + total {
                on.toggle()
                _ = try? harness.setOnOff("alice", on ? "p1" : "p2", on)
                if Bool.random() { _ = try? harness.setOnOff("alice", on ? "p2" : "p1", on) }
            }
            done.increment()
        }
        // Five consumers; the odd ones leave twice on the way and resume with Last-Event-ID.
        let seen = Mutex<[Int: [Int64]]>([:])
        let finished = EventCount()
        for consumer in 0..<5 {
            DispatchQueue.global().async {
                var ids: [Int64] = []
                var leaves = consumer % 2 == 1 ? 2 : 0
                while ids.last ?? start < start + total {
                    guard let client = try? harness.openStream("/v1/changes", lastEventID: ids.last ?? start) else {
                        break
                    }
                    let stopAt = leaves > 0 ? (ids.last ?? start) + 97 : start + total
                    _ = try? client.readChunked(until: "id: \(min(stopAt, start + total))\n")
                    ids += SSEEvent.parse(client.decodedText).compactMap(\.id)
                    client.close()
                    leaves -= 1
                }
                seen.withLock { $0[consumer] = ids }
                finished.increment()
            }
        }
        #expect(done.wait(atLeast: 1))
        #expect(finished.wait(atLeast: 5))
        let expected = try harness.store.changes(after: start, limit: 10_000, users: nil, kinds: nil).map(\.cursor)
        #expect(expected.count >= Int(total))
        for consumer in 0..<5 {
            let ids = seen.withLock { $0[consumer] } ?? []
            #expect(Array(ids.prefix(Int(total))) == Array(expected.prefix(Int(total))), "consumer \(consumer)")
            #expect(ids == ids.sorted() && Set(ids).count == ids.count, "consumer \(consumer): in order, once each")
        }
    }

    @Test func aStreamResumesAcrossARestartOnTheSameFile() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("changes-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        var seen: [Int64] = []
        do {
            let first = try ChangesHarness(directory: directory)
            _ = try first.store.importDevices(ChangesHarness.plugs("alice", ["p1"]))
            let client = try first.openStream("/v1/changes?after=0")
            #expect(try client.readChunked(until: "id: 2\n"))
            seen += SSEEvent.parse(client.decodedText).compactMap(\.id)
            try first.setOnOff("alice", "p1", true)
        }
        // Hearth is gone (listener shut down, store closed); a new one opens the same file.
        let second = try ChangesHarness(directory: directory)
        try second.setOnOff("alice", "p1", false)
        let resumed = try second.openStream("/v1/changes", lastEventID: seen.last ?? 0)
        #expect(try resumed.readChunked(until: "id: 4\n"))
        seen += SSEEvent.parse(resumed.decodedText).compactMap(\.id)
        #expect(seen == [1, 2, 3, 4])
    }
}
