import ArgumentParser
import Foundation
import HearthApp
import Registry
import RegistrySQLite

/// `hearth db backup`: the registry as a whole.
struct DatabaseCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "db",
        abstract: "Back up the registry, or copy it between SQLite and PostgreSQL.",
        subcommands: [BackupCommand.self, CopyCommand.self]
    )

    /// `hearth db backup FILE`: a consistent online copy of a SQLite registry.
    struct BackupCommand: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "backup",
            abstract: "Write a consistent copy of the SQLite registry to a new file, while `hearth serve` runs.",
            discussion: """
                SQLite's online backup API copies the registry as it was at one instant (committed transactions \
                only, WAL included) without stopping the server's reads or writes. The copy is checked \
                (integrity, schema) before it appears at FILE; an existing FILE is never replaced. Restore: stop \
                `hearth serve`, move the copy to database.path (removing any -wal and -shm files beside it), start.
                """
        )

        @Argument(help: "The new file to write (must not exist).")
        var file: String

        @OptionGroup var common: CommonOptions

        func run() throws {
            let configuration = try common.load()
            guard let source = configuration.database.sqlitePath else {
                throw CommandFailure(
                    .usage,
                    "\(configuration.database) is a PostgreSQL database: back it up with PostgreSQL's own tools "
                        + "(pg_dump, or pg_basebackup with WAL archiving; Deploy/README.md, \"Backups\")"
                )
            }
            guard FileManager.default.fileExists(atPath: source) else {
                throw CommandFailure(
                    .noInput,
                    "no database at \(source) (database.path, or --database): nothing to back up"
                )
            }
            let opened = try Storage.open(configuration)
            defer { try? opened.close() }
            guard let store = opened as? SQLiteRegistry else {
                throw CommandFailure(.software, "\(source) did not open as a SQLite registry")
            }
            let summary: SQLiteRegistry.BackupSummary
            do {
                summary = try store.backup(to: file)
            } catch let error as RegistryError where error.code == .conflict {
                throw CommandFailure(.cannotCreate, error.message)
            } catch let error as RegistryError where error.code == .cannotOpen {
                throw CommandFailure(.cannotCreate, error.message)
            }
            print("backed up \(source) to \(file) (\(summary.bytes) bytes, schema \"\(summary.schema)\")")
        }
    }

    /// `hearth db copy --from URL --to URL`: a whole registry into an empty one, either engine to either.
    struct CopyCommand: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "copy",
            abstract: "Copy a whole registry into an empty one: SQLite to PostgreSQL, PostgreSQL to SQLite, or alike.",
            discussion: """
                Every row of every table is copied as stored (devices and attributes, token and API-key hashes, \
                accounts, codes, PIN and password records, queued HomeGraph work, the change log with its cursors) \
                in one transaction of the destination, which is created and migrated if needed and must hold no \
                user and no change. Stop `hearth serve` on the source first, so nothing changes during the copy. \
                The PostgreSQL password comes from database.passwordFile or HEARTH_DATABASE_PASSWORD.
                """
        )

        @Option(name: .long, help: "The registry to read: a SQLite file, sqlite:PATH or postgres://…")
        var from: String

        @Option(name: .long, help: "The empty registry to write: a SQLite file, sqlite:PATH or postgres://…")
        var to: String

        @Option(name: .long, help: "Configuration file (default: Config/hearth.json when it exists).")
        var config: String?

        func run() throws {
            func configuration(_ location: String) throws -> HearthConfiguration {
                HearthConfiguration(try ConfigValues.load(file: config, overrides: [.set(\.database.url, location)]))
            }
            let reading = try configuration(from)
            if let path = reading.database.sqlitePath, !FileManager.default.fileExists(atPath: path) {
                throw CommandFailure(.noInput, "no database at \(path) (--from): nothing to copy")
            }
            let source = try Storage.open(reading)
            defer { try? source.close() }
            let destination = try Storage.open(try configuration(to))
            defer { try? destination.close() }
            let counts: [(table: String, rows: Int)]
            do {
                counts = try RegistryCopy.copy(from: source, to: destination)
            } catch let error as RegistryError where error.code == .conflict {
                throw CommandFailure(.cannotCreate, error.message)
            }
            let total = counts.reduce(0) { $0 + $1.rows }
            let tables = counts.filter { $0.rows > 0 }.map { "\($0.table) \($0.rows)" }.joined(separator: ", ")
            print("copied \(total) rows from \(DatabaseLocation(from)) to \(DatabaseLocation(to)): \(tables)")
        }
    }
}
