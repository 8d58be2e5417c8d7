import Foundation
import HearthApp
import HearthTestSupport
import Testing

/// `hearth db`'s work in the app layer: a SQLite backup, what it refuses, and a copy between two SQLite files.
struct DatabaseAdministrationTests {
    @Test func aBackupIsWrittenOnceAndNeverReplaced() throws {
        let scratch = try AdministrationScratch()
        defer { scratch.remove() }
        try scratch.importExampleHome()
        let copy = scratch.directory.path("copy.sqlite")
        let backup = try scratch.administration().database.backup(to: copy)
        #expect(backup.source == scratch.database && backup.bytes > 0 && !backup.schema.isEmpty, "\(backup)")
        let size = try FileManager.default.attributesOfItem(atPath: copy)[.size] as? Int
        #expect(size == backup.bytes)
        #expect(try scratch.administration(database: copy).devices.list(user: "demo-user").count > 0)

        #expect(failureStatus { _ = try scratch.administration().database.backup(to: copy) } == .cannotCreate)
    }

    @Test func aBackupRefusesPostgreSQLAndAMissingDatabase() throws {
        let scratch = try AdministrationScratch()
        defer { scratch.remove() }
        let target = scratch.directory.path("copy.sqlite")
        let postgres = try scratch.administration(database: "postgres://hearth@127.0.0.1:1/hearth")
        #expect(failureStatus { _ = try postgres.database.backup(to: target) } == .usage)
        #expect(failureStatus { _ = try scratch.administration().database.backup(to: target) } == .noInput)
        #expect(!FileManager.default.fileExists(atPath: scratch.database))
        #expect(!FileManager.default.fileExists(atPath: target))
    }

    @Test func aCopyCountsEveryTableAndRefusesAFullDestination() throws {
        let scratch = try AdministrationScratch()
        defer { scratch.remove() }
        let imported = try scratch.importExampleHome()
        let destination = scratch.directory.path("copy.sqlite")
        let copy = try DatabaseAdministration.copy(
            from: scratch.database,
            to: destination,
            configurationFile: scratch.configurationFile
        )
        #expect(copy.source == scratch.database && copy.destination == destination, "\(copy)")
        #expect(copy.tables.first { $0.name == "device" }?.rows == imported.added, "\(copy)")
        #expect(copy.tables.first { $0.name == "user" }?.rows == imported.users, "\(copy)")
        #expect(copy.rows == copy.tables.reduce(0) { $0 + $1.rows } && copy.rows > imported.added)

        let again = failureStatus {
            _ = try DatabaseAdministration.copy(
                from: scratch.database,
                to: destination,
                configurationFile: scratch.configurationFile
            )
        }
        #expect(again == .cannotCreate)
    }
}
