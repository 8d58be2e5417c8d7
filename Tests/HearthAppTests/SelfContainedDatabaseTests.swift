import Foundation
import HearthTestSupport
import JSON
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// After a clean stop of `hearth serve`, and after every CLI command, the SQLite file alone is the whole registry: its
/// write-ahead log is checkpointed into it, so "stop the service, copy the file" copies everything.
struct SelfContainedDatabaseTests {
    /// `serve` seeds a new file, a CLI token and an EXECUTE write to it, SIGTERM stops it: the log is gone or empty,
    /// and a server started on a copy of the main file alone answers with the executed state to the same token.
    @Test func aCleanStopLeavesTheWholeRegistryInTheDatabaseFile() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let database = directory.path("hearth.sqlite")
        let server = try await ServerProcess(["--database", database], in: RepositoryRoot.url)
        defer { server.kill() }
        let token = try ServeProcessTests.issueToken(user: "demo-user", database: database, in: directory)
        let execute = try await server.intent(
            TestHomes.execute(["kitchen-ceiling"], command: "OnOff", params: #"{"on":false}"#),
            token: token
        )
        #expect(execute.json?["payload"]?["commands"]?.arrayValue?.first?["status"] == "SUCCESS", "\(execute.text)")
        #expect((RegistryFile.walBytes(database) ?? 0) > 0, "while serving, the commits are in the log")

        #expect(server.stop() == ServerProcess.Termination(reason: .exit, status: 0), "\(server.stderr)")
        #expect(server.stderr.contains("Checkpointed the database's write-ahead log"), "\(server.stderr)")
        let seed = try RegistryFile.seedCounts()
        try RegistryFile.expectWholeInItsFile(database, users: seed.users, devices: seed.devices, in: directory)

        let copy = try RegistryFile.copyOfTheFileAlone(database, in: directory)
        #expect(try RegistryFile.count("token", in: copy) == 1)
        let restored = try await ServerProcess(["--database", copy], in: RepositoryRoot.url)
        defer { restored.kill() }
        #expect(!restored.stderr.contains("Imported the seed device file"), "the copy is not empty: \(restored.stderr)")
        let query = try await restored.intent(TestHomes.query(["kitchen-ceiling"]), token: token)
        #expect(query.json?["payload"]?["devices"]?["kitchen-ceiling"]?["on"] == false, "\(query.text)")
        #expect(restored.stop() == ServerProcess.Termination(reason: .exit, status: 0), "\(restored.stderr)")
    }

    /// Each CLI command that writes leaves the file whole when it exits: `devices import` into a new file,
    /// `users add`, `token issue`, `devices set`, and `db copy` into a new SQLite file.
    @Test func everyCommandLeavesTheWholeRegistryInTheDatabaseFile() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let database = directory.path("hearth.sqlite")
        let seed = try RegistryFile.seedCounts()
        let commands: [(arguments: [String], input: Data?)] = [
            (["devices", "import", RepositoryRoot.config("devices.json").path], nil),
            (["users", "add", "--user", "demo-user", "--login", "demo"], Data("correct horse".utf8)),
            (["token", "issue", "--user", "demo-user"], nil),
            (["devices", "set", "--user", "demo-user", "--device", "kitchen-ceiling", "OnOff.OnOff=false"], nil),
        ]
        for command in commands {
            let result = try HearthCLI.run(
                command.arguments + ["--database", database],
                in: directory.url,
                input: command.input
            )
            try #require(result.status == 0, "\(command.arguments): \(result)")
            try RegistryFile.expectWholeInItsFile(database, users: seed.users, devices: seed.devices, in: directory)
        }
        let copy = try RegistryFile.copyOfTheFileAlone(database, in: directory)
        #expect(try RegistryFile.count("account", in: copy) == 1)
        #expect(try RegistryFile.count("token", in: copy) == 1)

        let destination = directory.path("copied.sqlite")
        let copied = try HearthCLI.run(["db", "copy", "--from", database, "--to", destination], in: directory.url)
        try #require(copied.status == 0, "\(copied)")
        try RegistryFile.expectWholeInItsFile(destination, users: seed.users, devices: seed.devices, in: directory)
    }
}
