import Foundation
import HearthTestSupport
import JSON
import Testing

/// A SQLite registry as the files on disk hold it, read with the `sqlite3` program.
enum RegistryFile {
    /// The users and devices `Config/devices.json` (the example home `serve` seeds) holds.
    static func seedCounts() throws -> (users: Int, devices: Int) {
        let data = try #require(FileManager.default.contents(atPath: RepositoryRoot.config("devices.json").path))
        let users = try #require(try JSONParser.parse(Array(data))["users"]?.arrayValue)
        return (users.count, users.map { $0["devices"]?.arrayValue?.count ?? 0 }.reduce(0, +))
    }

    /// The size of `database`'s write-ahead log, `nil` when there is no `-wal` file.
    static func walBytes(_ database: String) -> Int? {
        (try? FileManager.default.attributesOfItem(atPath: database + "-wal"))?[.size] as? Int
    }

    /// Copies `database`'s main file alone (not its `-wal` or `-shm`) into a new directory, as "stop the service, copy
    /// the file" does, and returns the copy's path.
    static func copyOfTheFileAlone(_ database: String, in directory: TemporaryDirectory) throws -> String {
        let folder = directory.path("copy-\(UUID().uuidString)")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let copy = folder + "/hearth.sqlite"
        try FileManager.default.copyItem(atPath: database, toPath: copy)
        return copy
    }

    /// What `sqlite3 FILE SQL` prints, trimmed; the run must succeed.
    static func query(_ file: String, _ sql: String) throws -> String {
        let result = try ChildProcess.run("/usr/bin/sqlite3", [file, sql])
        try #require(result.termination.succeeded, "\(result)")
        return result.stdoutText.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The number of rows in `table` of `file`.
    static func count(_ table: String, in file: String) throws -> Int? {
        Int(try query(file, "SELECT count(*) FROM \(table)"))
    }

    /// Expects `database` to be whole in its main file: its log absent or empty, and a copy of the main file alone
    /// opening with `sqlite3` and holding `users` users and `devices` devices.
    static func expectWholeInItsFile(
        _ database: String,
        users: Int,
        devices: Int,
        in directory: TemporaryDirectory,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let wal = walBytes(database)
        #expect(wal == nil || wal == 0, "the -wal file holds \(wal ?? 0) bytes", sourceLocation: sourceLocation)
        let copy = try copyOfTheFileAlone(database, in: directory)
        #expect(try count("user", in: copy) == users, sourceLocation: sourceLocation)
        #expect(try count("device", in: copy) == devices, sourceLocation: sourceLocation)
    }
}
