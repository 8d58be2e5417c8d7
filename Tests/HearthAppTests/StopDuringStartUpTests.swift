import Foundation
import HearthTestSupport
import MicroHTTPD
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// SIGTERM and SIGINT at several moments of `hearth serve`'s start-up, on the real process: each ends in an orderly
/// stop (exit 0, "Hearth stopped", the log written, the database closed whole in its file), never in death by the
/// signal. Each moment is an event the test awaits, never a sleep.
struct StopDuringStartUpTests {
    static let signals = [SIGTERM, SIGINT]

    /// Expects the orderly stop every case ends in, and the database whole in its file with the example home.
    static func expectOrderlyStop(
        _ server: StartingServer,
        after signal: Int32,
        database: String,
        in directory: TemporaryDirectory,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let termination = server.waitForExit()
        #expect(
            termination == StartingServer.Termination(reason: .exit, status: 0),
            "\(server.stderr)",
            sourceLocation: sourceLocation
        )
        let name = signal == SIGINT ? "SIGINT" : "SIGTERM"
        #expect(server.stderr.contains("signal=\(name)"), "\(server.stderr)", sourceLocation: sourceLocation)
        #expect(server.stderr.contains("Hearth stopped"), "\(server.stderr)", sourceLocation: sourceLocation)
        let seed = try RegistryFile.seedCounts()
        try RegistryFile.expectWholeInItsFile(
            database,
            users: seed.users,
            devices: seed.devices,
            in: directory,
            sourceLocation: sourceLocation
        )
    }

    /// (a) While the seed is imported into a new database, before the listener answers: the import (one
    /// transaction) finishes, and the server stops without listening on.
    @Test(arguments: signals)
    func aStopDuringTheSeedImportFinishesTheImportAndStops(signal: Int32) async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let database = directory.path("hearth.sqlite")
        let server = try StartingServer(["--port", "0", "--database", database], in: RepositoryRoot.url)
        defer { server.kill() }
        #expect(await server.waitForLog("Importing the seed device file"), "\(server.stderr)")
        server.send(signal: signal)
        try Self.expectOrderlyStop(server, after: signal, database: database, in: directory)
        #expect(server.stderr.contains("Imported the seed device file"), "\(server.stderr)")
    }

    /// (b) The instant `/healthz` first answers (which it did before the service group trapped the signals, and a
    /// SIGTERM then killed the process): the request line, still in the log buffer, is written before the exit.
    @Test(arguments: signals)
    func aStopTheInstantHealthzFirstAnswersDrainsAndStops(signal: Int32) async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let database = directory.path("hearth.sqlite")
        let free = try ListeningSocket(host: "127.0.0.1", port: 0)
        let port = free.port
        free.close()
        let server = try StartingServer(["--port", "\(port)", "--database", database], in: RepositoryRoot.url)
        defer { server.kill() }
        let answer = try await server.firstAnswer(port: port, to: "GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        server.send(signal: signal)
        #expect(answer?.status == 200, "\(server.stderr)")
        try Self.expectOrderlyStop(server, after: signal, database: database, in: directory)
        #expect(server.stderr.contains("http.route=/healthz"), "the buffered request line: \(server.stderr)")
    }

    /// (c) As soon as the process can take the signal at all, its handlers just installed (before that, in the first
    /// instants after exec, the signal's default action ends any process), on an existing registry.
    @Test(arguments: signals)
    func aStopAsSoonAsTheSignalsAreTrappedStops(signal: Int32) async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let database = directory.path("hearth.sqlite")
        let imported = try HearthCLI.run(
            ["devices", "import", RepositoryRoot.config("devices.json").path, "--database", database],
            in: directory.url
        )
        try #require(imported.status == 0, "\(imported)")
        let server = try StartingServer(["--port", "0", "--database", database], in: RepositoryRoot.url)
        defer { server.kill() }
        #expect(await server.waitUntilStopSignalsCaught(), "\(server.stderr)")
        server.send(signal: signal)
        try Self.expectOrderlyStop(server, after: signal, database: database, in: directory)
    }
}
