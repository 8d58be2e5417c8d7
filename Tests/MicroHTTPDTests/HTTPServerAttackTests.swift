import Dispatch
import Foundation
import HTTPMessages
import HearthTestSupport
import Logging
import Synchronization
import Testing

@testable import MicroHTTPD

#if canImport(Glibc)
import Glibc
#endif

/// The attacker's source address: all of 127/8 is loopback on Linux, so the server sees attacker and legitimate
/// client (127.0.0.1) as two peers.
private let attacker = "127.0.0.2"

private func attackConfiguration(
    connectionLimit: Int = 40,
    perIPConnectionLimit: Int = 10,
    connectionTimeoutSeconds: Int = 2,
    maxBodyBytes: Int = 4096
) -> HTTPServerConfiguration {
    HTTPServerConfiguration(
        port: 0,
        threadPoolSize: 2,
        maxBodyBytes: maxBodyBytes,
        connectionMemoryLimit: 16 << 10,
        connectionTimeoutSeconds: connectionTimeoutSeconds,
        connectionLimit: connectionLimit,
        shutdownGracePeriodSeconds: 2,
        perIPConnectionLimit: perIPConnectionLimit
    )
}

private func withAttackedServer<Result>(
    _ configuration: HTTPServerConfiguration,
    responder: some HTTPResponder = RecordingResponder(),
    _ body: (HTTPServer, Int) throws -> Result
) throws -> Result {
    let server = HTTPServer(configuration: configuration, responder: responder, logger: .silent)
    let port = try server.start()
    defer {
        server.shutdown()
        #expect(server.inFlightRequestCount == 0)
    }
    return try body(server, port)
}

/// Sends one byte every `intervalMilliseconds` on each client, from its own thread, until `stop` is set: a
/// slowloris that never lets microhttpd's inactivity timeout fire.
private func dribble(
    _ clients: [RawHTTPClient],
    text: String,
    intervalMilliseconds: Int,
    until stop: SharedFlag
)
    -> DispatchGroup
{
    let group = DispatchGroup()
    let boxed = UncheckedClients(clients: clients)
    DispatchQueue.global().async(group: group) {
        var offset = 0
        let bytes = Array(text.utf8)
        while !stop.isSet {
            for client in boxed.clients {
                try? client.send([bytes[offset % bytes.count]])
            }
            offset += 1
            usleep(UInt32(intervalMilliseconds * 1000))  // the attacker's pace (simulated load, not synchronisation)
        }
    }
    return group
}

/// The dribbling thread is the only user of these clients until the group is waited for.
private struct UncheckedClients: @unchecked Sendable {
    let clients: [RawHTTPClient]
}

/// The listener's limits under attack on loopback: idle, dribbling and oversized clients from one address, a
/// legitimate client from another.
struct HTTPServerAttackTests {
    @Test func idleAndDribblingAttackersDoNotStarveALegitimateClient() throws {
        let responder = RecordingResponder()
        try withAttackedServer(attackConfiguration(), responder: responder) { _, port in
            // 60 connections from one address against a limit of 10 per address and 40 in all.
            let attackers = try (0..<60).map { _ in try RawHTTPClient(port: port, sourceAddress: attacker) }
            let keptOpen = attackers.filter { !$0.closes(withinMilliseconds: 300) }
            #expect(keptOpen.count <= 10, "the per-address limit closes the rest at once")
            #expect(keptOpen.count >= 5)

            // What the kept ones do: dribble header bytes, dribble a body, send half a request line, or nothing.
            let headerDribblers = Array(keptOpen.prefix(2))
            let bodyDribblers = Array(keptOpen.dropFirst(2).prefix(2))
            for client in bodyDribblers {
                try client.send("POST /upload HTTP/1.1\r\nHost: attack\r\nContent-Length: 4000\r\n\r\n")
            }
            let silent = Array(keptOpen.dropFirst(4))
            for client in silent.prefix(2) {
                try client.send("GET /slow")
            }
            let stop = SharedFlag()
            let headerGroup = dribble(
                headerDribblers,
                text: "GET /x HTTP/1.1\r\nX-Slow: aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
                intervalMilliseconds: 300,
                until: stop
            )
            let bodyGroup = dribble(bodyDribblers, text: "x", intervalMilliseconds: 300, until: stop)
            defer {
                stop.set()
                headerGroup.wait()
                bodyGroup.wait()
            }

            // The legitimate client is answered, and so are its refusals, while all that goes on.
            let ok = try Curl.run(["--data-binary", "hello", "http://127.0.0.1:\(port)/legit"])
            #expect(ok.status == 200)
            #expect(ok.body == "hello")
            let tooLarge = try Curl.run([
                "--data-binary", String(repeating: "b", count: 5000), "http://127.0.0.1:\(port)/big",
            ])
            #expect(tooLarge.status == 413)
            let hugeHeader = try RawHTTPClient(port: port)
            try hugeHeader.send("GET / HTTP/1.1\r\nHost: t\r\nX-Huge: \(String(repeating: "h", count: 20_000))\r\n\r\n")
            #expect(try hugeHeader.readResponse().status == 431)
            #expect(responder.requests.map(\.path) == ["/legit"])

            // Silent and half-sent connections are closed by the inactivity timeout (2 s).
            for client in silent {
                #expect(client.closes(withinMilliseconds: 6000))
            }
            // Dribblers keep microhttpd's inactivity timer fresh; once they stall, the timeout closes them too.
            stop.set()
            headerGroup.wait()
            bodyGroup.wait()
            for client in headerDribblers + bodyDribblers {
                #expect(client.closes(withinMilliseconds: 6000))
            }
            #expect(responder.requests.map(\.path) == ["/legit"], "no attack request reached the responder")
        }
    }

    @Test func withoutAPerAddressLimitIdleConnectionsTakeEverySlotUntilTheTimeout() throws {
        // The control for the test above: 8 idle connections fill a server limited to 8.
        let configuration = attackConfiguration(
            connectionLimit: 8,
            perIPConnectionLimit: 0,
            connectionTimeoutSeconds: 3
        )
        try withAttackedServer(configuration) { _, port in
            let attackers = try (0..<8).map { _ in try RawHTTPClient(port: port, sourceAddress: attacker) }
            #expect(attackers.allSatisfy { !$0.closes(withinMilliseconds: 200) })
            let legit = try RawHTTPClient(port: port, readTimeoutSeconds: 10)
            try legit.send("GET /legit HTTP/1.1\r\nHost: t\r\n\r\n")
            // Waiting in the listen backlog: nothing comes back while the attackers hold every slot …
            #expect(!legit.closes(withinMilliseconds: 1000))
            // … and the request is served once the inactivity timeout has closed them.
            let answer = try legit.readResponse()
            #expect(answer.status == 200)
            // The other attackers, idle since the same moment, are closed by the same timeout. They connected a few
            // milliseconds apart (more on a loaded machine), so they close within that spread, well inside one
            // timeout period: an attacker the timeout did not close would still be open 3 s later.
            #expect(attackers.allSatisfy { $0.closes(withinMilliseconds: 1500) })
        }
    }

    @Test func aPerAddressLimitKeepsSlotsForOtherAddresses() throws {
        let configuration = attackConfiguration(
            connectionLimit: 8,
            perIPConnectionLimit: 4,
            connectionTimeoutSeconds: 30
        )
        try withAttackedServer(configuration) { _, port in
            let attackers = try (0..<8).map { _ in try RawHTTPClient(port: port, sourceAddress: attacker) }
            let closed = attackers.filter { $0.closes(withinMilliseconds: 300) }
            #expect(closed.count == 4)
            // The timeout is 30 s, so only the free slots can answer this in time.
            let legit = try RawHTTPClient(port: port, readTimeoutSeconds: 10)
            try legit.send("GET /legit HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(try legit.readResponse().status == 200)
        }
    }

    @Test func perIPConnectionLimitMustNotBeNegative() {
        let server = HTTPServer(
            configuration: attackConfiguration(perIPConnectionLimit: -1),
            responder: RecordingResponder(),
            logger: .silent
        )
        #expect(throws: HTTPServerError(code: .invalidConfiguration, message: "")) { try server.start() }
    }
}
