import Foundation
import HearthTestSupport
import MicroHTTPD
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// SIGTERM and SIGINT during the start-up of `hearth fake-homegraph` and `hearth fake-device-backend`, on the real
/// processes: each ends in an orderly stop (exit 0, `Stopping` with the signal, the fake's stop line last), never in
/// death by the signal. Each moment is an event the test awaits, never a sleep.
struct DevelopmentServerStopTests {
    /// A development fake: the options it needs, a request it answers, and the line it logs last when it stops.
    enum Fake: String, CaseIterable, CustomTestStringConvertible {
        case homeGraph = "fake-homegraph"
        case deviceBackend = "fake-device-backend"

        var testDescription: String { rawValue }

        /// The options after `--host` and `--port`, with the files they name written into `directory`.
        func arguments(in directory: TemporaryDirectory) throws -> [String] {
            switch self {
            case .homeGraph:
                let publicKey = directory.path("sa.pub.pem")
                try RSAKeyPair.write(privateKeyPath: directory.path("sa.pem"), publicKeyPath: publicKey)
                return ["--public-key", publicKey]
            case .deviceBackend:
                return ["--secret-file", try directory.write("webhook.secret", "3f9c1a7e5b2d4c6e8a0b1d3f5e7c9a2b\n")]
            }
        }

        /// A request it answers and the answer's status: the fake HomeGraph lists the reports it received; the
        /// backend takes deliveries by POST only.
        var probe: (request: String, status: Int) {
            switch self {
            case .homeGraph: ("GET /reports HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n", 200)
            case .deviceBackend: ("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n", 405)
            }
        }

        /// The last line of its log after an orderly stop.
        var stopLine: String {
            switch self {
            case .homeGraph: "Fake HomeGraph stopped"
            case .deviceBackend: "Fake device backend stopped"
            }
        }
    }

    static let signals = [SIGTERM, SIGINT]

    /// Expects the orderly stop every case ends in: exit 0, the signal logged, the fake's stop line last.
    static func expectOrderlyStop(
        _ server: StartingServer,
        of fake: Fake,
        after signal: Int32,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let termination = server.waitForExit()
        #expect(
            termination == StartingServer.Termination(reason: .exit, status: 0),
            "\(server.stderr)",
            sourceLocation: sourceLocation
        )
        let name = signal == SIGINT ? "SIGINT" : "SIGTERM"
        #expect(server.stderr.contains("signal=\(name)"), "\(server.stderr)", sourceLocation: sourceLocation)
        let lastLine = server.stderr.split(separator: "\n").last.map(String.init) ?? ""
        #expect(lastLine.contains(fake.stopLine), "\(server.stderr)", sourceLocation: sourceLocation)
    }

    /// The instant the listener first answers (before the fakes took a stop request, the service group trapped the
    /// signals only after this, and a SIGTERM then killed the process): the running listener is stopped in order.
    @Test(arguments: Fake.allCases, signals)
    func aStopTheInstantTheListenerFirstAnswersStopsIt(fake: Fake, signal: Int32) async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let free = try ListeningSocket(host: "127.0.0.1", port: 0)
        let port = free.port
        free.close()
        let server = try StartingServer(
            command: fake.rawValue,
            ["--port", "\(port)"] + fake.arguments(in: directory),
            in: directory.url
        )
        defer { server.kill() }
        let answer = try await server.firstAnswer(port: port, to: fake.probe.request)
        server.send(signal: signal)
        #expect(answer?.status == fake.probe.status, "\(server.stderr)")
        Self.expectOrderlyStop(server, of: fake, after: signal)
        // It was listening, so the service group stopped it, not the check before the listener starts.
        #expect(!server.stderr.contains("before listening"), "\(server.stderr)")
    }

    /// As soon as the process can take the signal at all, its handlers just installed (before that, in the first
    /// instants after exec, the signal's default action ends any process).
    @Test(arguments: Fake.allCases, signals)
    func aStopAsSoonAsTheSignalsAreTrappedStops(fake: Fake, signal: Int32) async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let server = try StartingServer(
            command: fake.rawValue,
            ["--port", "0"] + fake.arguments(in: directory),
            in: directory.url
        )
        defer { server.kill() }
        #expect(await server.waitUntilStopSignalsCaught(), "\(server.stderr)")
        server.send(signal: signal)
        Self.expectOrderlyStop(server, of: fake, after: signal)
    }
}
