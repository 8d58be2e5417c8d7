import Foundation
import HearthTestSupport
import JSON
import Synchronization
import Testing

/// The change stream under load, through real `hearth serve` processes on one SQLite file (issue 12, "Tests"):
/// 10,000 changes made by EXECUTEs on `/fulfillment`, `PATCH …/state`, `POST /v1/state` batches, device
/// replacements (`PUT …/devices/{d}`) and `hearth devices import`, over keep-alive connections, while five SSE
/// consumers read — two of them leaving every so often and resuming with `Last-Event-ID` — and Hearth is killed
/// with SIGKILL partway and restarted on the same file. Every consumer must end with exactly the log's cursors after
/// its start, once each, in order. Eight more consumers that open a stream after the restart and never read must be
/// cut off (and the first resumes without a loss), and the server's resident memory must stay within a stated bound
/// of its level before they came.
@Suite(.serialized) struct ChangeStreamSoakTests {
    static let noSeed = ["HEARTH_DEVICES_SEED_FILE": ""]

    /// How many consumers open a stream and never read. One is not enough to show a bound: the ~7 MB of events
    /// that follow it would add ~6 MiB to the server if they were all buffered, within what the server's memory
    /// grows by without any stuck consumer (3–8 MiB, measured). Eight would add ~90 MiB (measured with the stream
    /// bound raised to 1 GiB), and with the bound hold ~1–2 MiB each.
    static let stuckConsumers = 8

    /// The stuck consumers' allowance over the server's resident memory before they came: 8 × up to 2.6 MiB (1 MiB
    /// of unsent events, or one read of 256 of these events when nothing else waits, in an array that may have grown
    /// to twice that) + what the server grows by without them while the last ~6,000 changes go by (up to 8 MiB
    /// measured), with margin. Measured: 15–23 MiB with them, 3–8 MiB without; 90 MiB when the stream's bound was
    /// raised to 1 GiB.
    static let residentBoundKiB = 40 * 1024

    @Test(.timeLimit(.minutes(5)))
    func tenThousandChangesReachEveryConsumerOnceInOrderAcrossAKillAndStuckConsumersAreCutOff() async throws {
        let began = ContinuousClock.now
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let (database, key) = try HearthCLI.databaseWithAPIKey(home: Self.home, keyName: "soak", in: directory)
        let bobFile = try directory.write("bob.json", Self.bobHome)
        let token = try ServeProcessTests.issueToken(user: "alice", database: database, in: directory)

        var server = try await ServerProcess(["--database", database], in: directory.url, environment: Self.noSeed)
        defer { server.kill() }
        let relay = ServerRelay(port: server.port)
        let start = try Self.latestCursor(port: server.port, key: key)

        // Five consumers from `start`: 1 and 3 leave every 1,500 events, 4 every 3,000; 0–2 open with `?after=`,
        // 3–4 with `Last-Event-ID`. Every resume is by `Last-Event-ID`.
        let results = Mutex<[Int: ConsumerResult]>([:])
        let consumersDone = EventCount()
        let consumersResumed = EventCount()
        for index in 0..<5 {
            let plan = ConsumerPlan(
                index: index,
                start: start,
                leaveEvery: [nil, 1_500, nil, 1_500, 3_000][index],
                opensWithQuery: index < 3
            )
            Thread.detachNewThread {
                let result = Self.consume(plan, relay: relay, key: key, resumedAfterKill: consumersResumed)
                results.withLock { $0[index] = result }
                consumersDone.increment()
            }
        }

        // The writers: each stops at its quota of acknowledged changes, pauses at 45 % until the restart, and tells
        // the main thread when it has passed 25 %, so that the kill finds all of them under way (and most of the
        // changes come after it, past the consumers that never read).
        let plans = Self.writerPlans(key: key, token: token)
        let acknowledged = Mutex<[String: Int]>([:])
        let writersAtKillPoint = EventCount()
        let writersDone = EventCount()
        let problems = Mutex<[String]>([])
        for plan in plans {
            Thread.detachNewThread {
                let outcome = Self.write(plan, relay: relay, atKillPoint: writersAtKillPoint)
                acknowledged.withLock { $0[plan.name] = outcome.acknowledged }
                if let problem = outcome.problem { problems.withLock { $0.append(problem) } }
                writersDone.increment()
            }
        }
        // `hearth devices import`, a process of its own on the same file: bob's 250 plugs added before the kill and
        // replaced after the restart.
        Thread.detachNewThread {
            var imported = 0
            for round in 0..<2 {
                if round == 1, relay.waitForServer(after: 0, timeout: .seconds(60)) == nil { break }
                let result = try? HearthCLI.run(
                    ["devices", "import", bobFile, "--database", database],
                    in: directory.url
                )
                if result?.status == 0 {
                    imported += round == 0 ? 1 + Self.bobPlugs : Self.bobPlugs
                } else {
                    problems.withLock { $0.append("devices import round \(round): \(result?.description ?? "no run")") }
                }
                if round == 0 { writersAtKillPoint.increment() }
            }
            acknowledged.withLock { $0["import"] = imported }
            writersDone.increment()
        }

        // kill -9 while every writer and consumer is under way, then a new server on the same file.
        #expect(await writersAtKillPoint.waitAsync(atLeast: plans.count + 1, timeout: .seconds(60)))
        relay.markKilled(0)
        server.kill()
        server = try await ServerProcess(["--database", database], in: directory.url, environment: Self.noSeed)
        relay.restarted(port: server.port)
        let killedAt = ContinuousClock.now - began

        // Once every consumer is back, the server's memory is the baseline; then the consumers that never read.
        #expect(await consumersResumed.waitAsync(atLeast: 5, timeout: .seconds(60)))
        let baseline = try #require(ProcessMemory(pid: server.pid))
        let stuckStart = try Self.latestCursor(port: server.port, key: key)
        let stuckCount = Self.stuckConsumers
        let stuck = try (0..<stuckCount).map { _ in
            try EventStreamClient(
                port: server.port,
                path: "/v1/changes",
                key: key,
                lastEventID: stuckStart,
                maximumSegmentSize: 1460
            )
        }
        defer { for client in stuck { client.close() } }

        #expect(await writersDone.waitAsync(atLeast: plans.count + 1, timeout: .seconds(90)))
        let afterWrites = try #require(ProcessMemory(pid: server.pid))
        let writesEnded = ContinuousClock.now - began
        // The last change: a new user, which each consumer reads as its signal to stop.
        let sentinel = try RawHTTPClient(port: server.port)
        defer { sentinel.close() }
        try sentinel.send(Self.request("PUT", "/v1/users/\(Self.sentinelUser)", key: key))
        #expect(try sentinel.readResponse().status == 201)
        #expect(await consumersDone.waitAsync(atLeast: 5, timeout: .seconds(60)))

        let log = try Self.log(port: server.port, key: key, after: start)
        let cursors = log.map(\.cursor)
        let made = acknowledged.withLock { $0 }
        #expect(problems.withLock { $0 } == [])
        // Every acknowledged write is in the log (the kill lost none); what was in flight may be there too.
        #expect(cursors.count >= 10_000, "\(cursors.count) changes")
        let kinds = Dictionary(grouping: log, by: \.kind).mapValues(\.count)
        #expect(kinds["command", default: 0] >= made["EXECUTE", default: 0], "\(kinds) \(made)")
        #expect(kinds["state", default: 0] >= made["PATCH", default: 0] + made["POST /v1/state", default: 0])
        #expect(kinds["device", default: 0] >= made["PUT", default: 0] + made["import", default: 0] - 1)
        #expect(made.values.reduce(0, +) >= 10_000, "\(made)")
        #expect(log.last?.kind == "user" && log.last?.agentUserId == Self.sentinelUser)
        #expect(zip(cursors, cursors.dropFirst()).allSatisfy { $0 < $1 })

        let consumed = results.withLock { $0 }
        for index in 0..<5 {
            let result = try #require(consumed[index], "consumer \(index) reported nothing")
            #expect(result.problem == nil, "consumer \(index): \(result.problem ?? "")")
            #expect(result.ids.count == cursors.count, "consumer \(index): \(result.ids.count) of \(cursors.count)")
            #expect(result.ids == cursors, "consumer \(index): not the log's cursors, once each, in order")
            #expect(result.restarts == 1, "consumer \(index) resumed across \(result.restarts) restarts")
        }
        for index in [1, 3, 4] {
            #expect((consumed[index]?.leaves ?? 0) >= 3, "consumer \(index) left \(consumed[index]?.leaves ?? 0) times")
        }

        // The consumers that never read were cut off: each connection ends without the last chunk, after a run of
        // events with no gap; the first resumes from the last one it fully received and loses nothing.
        let stuckExpected = cursors.filter { $0 > stuckStart }
        var stuckReceived: [Int] = []
        for (index, client) in stuck.enumerated() {
            #expect(try client.readStatus() == 200)
            var ids: [Int64] = []
            while let event = try client.next() {
                ids.append(event.id)
                if event.id == cursors.last { break }  // it was never cut off
            }
            stuckReceived.append(client.bodyByteCount)
            #expect(!client.endedCleanly, "stuck consumer \(index)")
            #expect(
                !ids.isEmpty && ids.count < stuckExpected.count,
                "stuck consumer \(index) got \(ids.count) of \(stuckExpected.count) events"
            )
            #expect(ids == Array(stuckExpected.prefix(ids.count)), "stuck consumer \(index)")
            guard index == 0, let last = ids.last, last != cursors.last else { continue }
            let resumed = try EventStreamClient(
                port: server.port,
                path: "/v1/changes",
                key: key,
                lastEventID: last
            )
            defer { resumed.close() }
            #expect(try resumed.readStatus() == 200)
            while let event = try resumed.next() {
                ids.append(event.id)
                if event.id == cursors.last { break }
            }
            #expect(ids == stuckExpected)
        }

        // Resident memory: the peak since the restart stays within the bound over the baseline.
        let growthKiB = afterWrites.peakResidentKiB - baseline.residentKiB
        #expect(
            growthKiB <= Self.residentBoundKiB,
            "baseline \(baseline), after the writes \(afterWrites): \(growthKiB) KiB over the bound"
        )
        #expect(server.stop() != nil)
        let bytes = consumed[0]?.bytes ?? 0
        print(
            """
            ChangeStreamSoakTests: \(cursors.count) changes \(kinds) in \(writesEnded) (kill at \(killedAt)); \
            consumer 0 read \(bytes) bytes; \(stuckCount) stuck consumers, \(stuckExpected.count) events after them, \
            cut off after \(stuckReceived) bytes; \
            cut-offs \((0..<5).map { consumed[$0]?.cutOffs ?? -1 }), leaves \((0..<5).map { consumed[$0]?.leaves ?? -1 }); \
            server memory: baseline \(baseline), after the writes \(afterWrites), growth \(growthKiB) KiB; \
            total \(ContinuousClock.now - began)
            """
        )
    }

    /// What the soak's last change (a new user) showed: a `/v1` write wakes the change feed at once. A long-poll
    /// waiting for the next change is answered by a `PATCH …/state`, and an open stream gets the change before its
    /// first heartbeat (15 s), not with it.
    @Test func aDeviceAPIWriteReachesAWaitingLongPollAndAnOpenStreamAtOnce() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let (database, key) = try HearthCLI.databaseWithAPIKey(home: Self.home, keyName: "wake", in: directory)
        let server = try await ServerProcess(["--database", database], in: directory.url, environment: Self.noSeed)
        defer { server.kill() }
        let start = try Self.latestCursor(port: server.port, key: key)
        let writer = try RawHTTPClient(port: server.port)
        defer { writer.close() }
        func patch(_ level: Int) throws -> Int {
            try writer.send(
                Self.request(
                    "PATCH",
                    "/v1/users/alice/devices/dimmer-1/state",
                    key: key,
                    body: #"{"clusters": {"LevelControl": {"CurrentLevel": \#(level)}}}"#
                )
            )
            return try writer.readResponse().status
        }

        // A long-poll waits (no stream is open, so no heartbeat will read the log for it); then the PATCH.
        let answered = EventCount()
        let answer = Mutex<String?>(nil)
        let port = server.port
        Thread.detachNewThread {
            let client = try? RawHTTPClient(port: port, readTimeoutSeconds: 30)
            try? client?.send(Self.request("GET", "/v1/changes?after=\(start)&wait=20", key: key))
            let text = (try? client?.readResponse())?.bodyText
            answer.withLock { $0 = text }
            answered.increment()
        }
        #expect(try await Self.waitForGauge(port: server.port, kind: "poll", value: 1))
        #expect(try patch(10) == 200)
        #expect(await answered.waitAsync(atLeast: 1, timeout: .seconds(30)))
        let page = try JSONParser.parse(try #require(answer.withLock { $0 }))
        #expect(page["changes"]?.arrayValue?.map { $0["cursor"]?.intValue } == [Int(start) + 1], "\(page)")

        // A stream is open (its head came after it subscribed); then the PATCH.
        let stream = try EventStreamClient(port: server.port, path: "/v1/changes", key: key, lastEventID: start + 1)
        defer { stream.close() }
        #expect(try stream.readStatus() == 200)
        #expect(try patch(11) == 200)
        let event = try stream.next()
        #expect(event?.id == start + 2)
        #expect(stream.heartbeats == 0, "the change came with the heartbeat, not with its commit")
    }

    /// Reads `/metrics` until `hearth_change_stream_consumers{kind="KIND"}` is `value`; false after 20 s.
    static func waitForGauge(port: Int, kind: String, value: Int) async throws -> Bool {
        let client = try RawHTTPClient(port: port)
        defer { client.close() }
        let prefix = #"hearth_change_stream_consumers{kind="\#(kind)"} "#
        let deadline = ContinuousClock.now + .seconds(20)
        while ContinuousClock.now < deadline {
            try client.send("GET /metrics HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            let text = try client.readResponse().bodyText
            let reading = text.split(separator: "\n").first { $0.hasPrefix(prefix) }?.dropFirst(prefix.count)
            if let reading, Double(reading) == Double(value) { return true }
            try await Task.sleep(for: .milliseconds(10))  // a bounded poll of a gauge, not a wait for an event
        }
        return false
    }
}

// MARK: - The home

extension ChangeStreamSoakTests {
    static let sentinelUser = "soak-sentinel"
    static let bobPlugs = 250

    /// alice: four lights for EXECUTE, four dimmers for PATCH, fifty for batches, eight fixtures to replace.
    static let home: String = {
        func light(_ id: String) -> String {
            #"{"id": "\#(id)", "name": "\#(id)", "deviceTypes": ["DimmableLight"], "#
                + #""clusters": {"OnOff": {"OnOff": false}, "LevelControl": {"CurrentLevel": 127}}}"#
        }
        let ids =
            (1...4).map { "light-\($0)" } + (1...4).map { "dimmer-\($0)" } + (0..<50).map { "batch-\($0)" }
            + (1...8).map { "fixture-\($0)" }
        return #"{"users": [{"agentUserId": "alice", "devices": ["# + ids.map(light).joined(separator: ",\n")
            + "]}]}"
    }()

    /// bob's plugs, for `hearth devices import`.
    static let bobHome: String = {
        let devices = (0..<bobPlugs).map {
            #"{"id": "plug-\#($0)", "name": "Plug \#($0)", "deviceTypes": ["OnOffPlugInUnit"], "#
                + #""clusters": {"OnOff": {"OnOff": false}}}"#
        }
        return #"{"users": [{"agentUserId": "bob", "devices": ["# + devices.joined(separator: ",\n") + "]}]}"
    }()

    /// A fixture replaced whole, with 48 long nicknames: its `device` event is about 5 KB, so the stuck
    /// consumers' 1 MiB fills with a few hundred of them.
    static func fixture(_ index: Int, round: Int) -> String {
        let nicknames = (0..<48).map { #""fixture \#(index) nickname \#($0) \#(String(repeating: "x", count: 80))""# }
        return #"{"name": "Fixture \#(index) round \#(round)", "nicknames": [\#(nicknames.joined(separator: ","))], "#
            + #""deviceTypes": ["DimmableLight"], "#
            + #""clusters": {"OnOff": {"OnOff": true}, "LevelControl": {"CurrentLevel": 200}}}"#
    }
}

// MARK: - Writers

extension ChangeStreamSoakTests {
    /// One writer: `request(i)` is its i-th HTTP request, worth `changes` acknowledged changes when answered with
    /// `status` and `accepted(body)`.
    struct WriterPlan: Sendable {
        var name: String
        var quota: Int
        var changes: Int
        var status: Int
        var request: @Sendable (Int) -> String
        var accepted: @Sendable (String) -> Bool = { _ in true }
    }

    static func writerPlans(key: String, token: String) -> [WriterPlan] {
        [
            // Four lights per EXECUTE, on/off and brightness in turn: four `command` changes each.
            WriterPlan(name: "EXECUTE", quota: 3_000, changes: 4, status: 200) { index in
                let lights = (1...4).map { "light-\($0)" }
                let body =
                    index % 2 == 0
                    ? TestHomes.execute(lights, command: "OnOff", params: #"{"on":\#(index % 4 == 0)}"#)
                    : TestHomes.execute(
                        lights,
                        command: "BrightnessAbsolute",
                        params: #"{"brightness":\#(index % 100 + 1)}"#
                    )
                return request("POST", "/fulfillment", key: token, body: body)
            } accepted: { body in
                body.contains(#""status":"SUCCESS""#) && !body.contains(#""status":"ERROR""#)
            },
            // One dimmer per PATCH; a dimmer's level differs from its last one, so each is one `state` change.
            WriterPlan(name: "PATCH", quota: 1_800, changes: 1, status: 200) { index in
                let level = index / 4 % 254 + 1
                return request(
                    "PATCH",
                    "/v1/users/alice/devices/dimmer-\(index % 4 + 1)/state",
                    key: key,
                    body: #"{"clusters": {"LevelControl": {"CurrentLevel": \#(level)}}}"#
                )
            },
            // Fifty devices per batch, each at a level that differs from the batch before and the one before that
            // (so a batch lost in the kill still leaves fifty changes to the next).
            WriterPlan(name: "POST /v1/state", quota: 3_000, changes: 50, status: 200) { index in
                let changes = (0..<50).map {
                    #"{"agentUserId": "alice", "deviceId": "batch-\#($0)", "#
                        + #""clusters": {"LevelControl": {"CurrentLevel": \#(index % 250 + 2)}}}"#
                }
                return request(
                    "POST",
                    "/v1/state",
                    key: key,
                    body: #"{"changes": [\#(changes.joined(separator: ","))]}"#
                )
            } accepted: { body in
                body.contains(#""applied":50"#)
            },
            // Device replacements: one `device` change each, about 5 KB.
            WriterPlan(name: "PUT", quota: 1_800, changes: 1, status: 200) { index in
                request(
                    "PUT",
                    "/v1/users/alice/devices/fixture-\(index % 8 + 1)",
                    key: key,
                    body: fixture(index % 8 + 1, round: index / 8)
                )
            },
        ]
    }

    struct WriterOutcome {
        var acknowledged = 0
        var problem: String?
    }

    /// Runs `plan` over one keep-alive connection (a new one after the restart) until its quota is acknowledged.
    static func write(_ plan: WriterPlan, relay: ServerRelay, atKillPoint: EventCount) -> WriterOutcome {
        var outcome = WriterOutcome()
        var (generation, port) = relay.current
        var client: RawHTTPClient?
        var index = 0
        var signalled = false
        while outcome.acknowledged < plan.quota {
            if !signalled, outcome.acknowledged * 100 >= plan.quota * 25 {
                signalled = true
                atKillPoint.increment()
            }
            if generation == 0, outcome.acknowledged * 100 >= plan.quota * 45 {
                client?.close()
                client = nil
                guard let next = relay.waitForServer(after: 0, timeout: .seconds(60)) else {
                    outcome.problem = "\(plan.name): no restart came"
                    return outcome
                }
                (generation, port) = next
            }
            do {
                let connection = try client ?? RawHTTPClient(port: port)
                client = connection
                try connection.send(plan.request(index))
                let response = try connection.readResponse()
                guard response.status == plan.status, plan.accepted(response.bodyText) else {
                    outcome.problem = "\(plan.name) #\(index): \(response.status) \(response.bodyText.prefix(300))"
                    return outcome
                }
                outcome.acknowledged += plan.changes
            } catch {
                client?.close()
                client = nil
                // Only the kill may end a connection; the request in flight may or may not have been committed.
                guard relay.wasKilled(generation) else {
                    outcome.problem = "\(plan.name) #\(index): \(error) while the server ran"
                    return outcome
                }
                guard let next = relay.waitForServer(after: generation, timeout: .seconds(60)) else {
                    outcome.problem = "\(plan.name): no restart came"
                    return outcome
                }
                (generation, port) = next
            }
            index += 1
        }
        return outcome
    }

    /// An HTTP/1.1 request with a bearer credential and, when given, a JSON body.
    static func request(_ method: String, _ path: String, key: String, body: String? = nil) -> String {
        var text = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer \(key)\r\n"
        if let body {
            text += "Content-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)"
        } else {
            text += "Content-Length: 0\r\n\r\n"
        }
        return text
    }
}

// MARK: - Consumers

extension ChangeStreamSoakTests {
    struct ConsumerPlan: Sendable {
        var index: Int
        var start: Int64
        /// Leave after this many events each time (and resume with `Last-Event-ID`); nil: stay.
        var leaveEvery: Int?
        /// Whether the first request says `?after=` (else `Last-Event-ID`).
        var opensWithQuery: Bool
    }

    struct ConsumerResult: Sendable {
        var ids: [Int64] = []
        var connections = 0
        var leaves = 0
        /// Streams Hearth ended while it ran (a consumer that fell 1 MiB behind is cut off).
        var cutOffs = 0
        /// Streams the kill ended, resumed from the next server.
        var restarts = 0
        var bytes = 0
        var problem: String?
    }

    /// Reads the stream until the sentinel user's `user` event, resuming after every end with the last id fully
    /// received.
    static func consume(
        _ plan: ConsumerPlan,
        relay: ServerRelay,
        key: String,
        resumedAfterKill: EventCount
    ) -> ConsumerResult {
        var result = ConsumerResult()
        var last = plan.start
        var (generation, port) = relay.current
        var nextLeave = plan.leaveEvery ?? Int.max
        var resumed = false
        let sentinel = #""agentUserId":"\#(sentinelUser)""#
        while result.problem == nil {
            let byQuery = plan.opensWithQuery && result.connections == 0
            var left = false
            do {
                let client = try EventStreamClient(
                    port: port,
                    path: byQuery ? "/v1/changes?after=\(last)" : "/v1/changes",
                    key: key,
                    lastEventID: byQuery ? nil : last
                )
                defer { client.close() }
                result.connections += 1
                let status = try client.readStatus()
                guard status == 200 else {
                    result.problem = "status \(status) after \(last)"
                    break
                }
                let bytesBefore = client.bodyByteCount
                while let event = try client.next() {
                    result.ids.append(event.id)
                    last = event.id
                    if generation > 0, !resumed {
                        resumed = true
                        resumedAfterKill.increment()
                    }
                    if event.event == "user", event.data.contains(sentinel) {
                        result.bytes += client.bodyByteCount - bytesBefore
                        return result
                    }
                    if result.ids.count >= nextLeave {
                        nextLeave += plan.leaveEvery ?? 0
                        result.leaves += 1
                        left = true
                        break
                    }
                }
                result.bytes += client.bodyByteCount - bytesBefore
            } catch {
                guard relay.wasKilled(generation) else {
                    result.problem = "\(error) after \(last)"
                    break
                }
            }
            if left { continue }
            if relay.wasKilled(generation) {
                guard let next = relay.waitForServer(after: generation, timeout: .seconds(60)) else {
                    result.problem = "no restart came after \(last)"
                    break
                }
                (generation, port) = next
                result.restarts += 1
            } else {
                result.cutOffs += 1
                if result.cutOffs > 1_000 { result.problem = "cut off 1,000 times" }
            }
        }
        return result
    }
}

// MARK: - The log

extension ChangeStreamSoakTests {
    struct LoggedChange {
        var cursor: Int64
        var kind: String
        var agentUserId: String
    }

    /// The latest cursor (`next` of a long-poll without `after`).
    static func latestCursor(port: Int, key: String) throws -> Int64 {
        let client = try RawHTTPClient(port: port)
        defer { client.close() }
        try client.send(request("GET", "/v1/changes?wait=0&limit=1", key: key))
        let response = try client.readResponse()
        let answer = try JSONParser.parse(response.bodyText)
        return Int64(try #require(answer["next"]?.intValue, "\(response.bodyText)"))
    }

    /// Every change after `cursor`, through the JSON long-poll, a page of 1,000 at a time.
    static func log(port: Int, key: String, after cursor: Int64) throws -> [LoggedChange] {
        let client = try RawHTTPClient(port: port)
        defer { client.close() }
        var changes: [LoggedChange] = []
        var next = cursor
        while true {
            try client.send(request("GET", "/v1/changes?after=\(next)&wait=0&limit=1000", key: key))
            let response = try client.readResponse()
            try #require(response.status == 200, "\(response.bodyText)")
            let page = try JSONParser.parse(response.bodyText)
            let items = try #require(page["changes"]?.arrayValue)
            guard !items.isEmpty else { return changes }
            for item in items {
                changes.append(
                    LoggedChange(
                        cursor: Int64(try #require(item["cursor"]?.intValue)),
                        kind: item["kind"]?.stringValue ?? "",
                        agentUserId: item["agentUserId"]?.stringValue ?? ""
                    )
                )
            }
            next = Int64(try #require(page["next"]?.intValue))
        }
    }
}
