import ArgumentParser
import HearthApp

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
            let backup = try common.administration().database.backup(to: file)
            print("backed up \(backup.source) to \(file) (\(backup.bytes) bytes, schema \"\(backup.schema)\")")
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
            let copy = try DatabaseAdministration.copy(from: from, to: to, configurationFile: config)
            let tables = copy.tables.filter { $0.rows > 0 }.map { "\($0.name) \($0.rows)" }.joined(separator: ", ")
            print("copied \(copy.rows) rows from \(copy.source) to \(copy.destination): \(tables)")
        }
    }
}
