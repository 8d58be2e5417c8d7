import ArgumentParser
import Foundation
import HearthApp
import Registry

/// `hearth db backup`: the registry as a whole.
struct DatabaseCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "db",
        abstract: "Back up the registry.",
        subcommands: [BackupCommand.self]
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
            guard let store = opened as? SQLiteDeviceStore else {
                throw CommandFailure(.software, "\(source) did not open as a SQLite registry")
            }
            let summary: SQLiteDeviceStore.BackupSummary
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
}
