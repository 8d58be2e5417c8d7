import Foundation
import Registry
import RegistrySQLite

/// The registry as a whole (`hearth db`): a consistent online backup of a SQLite registry, and copying a whole
/// registry between SQLite and PostgreSQL.
public struct DatabaseAdministration: Sendable {
    /// What ``backup(to:)`` wrote.
    public struct Backup: Sendable, Hashable {
        /// The registry's file.
        public var source: String
        /// Bytes in the copy.
        public var bytes: Int
        /// The copy's schema version: the name of its last migration.
        public var schema: String

        /// Creates a summary.
        public init(source: String, bytes: Int, schema: String) {
            self.source = source
            self.bytes = bytes
            self.schema = schema
        }
    }

    /// What ``copy(from:to:configurationFile:)`` copied.
    public struct Copy: Sendable, Hashable {
        /// Rows copied from one table.
        public struct Table: Sendable, Hashable {
            /// The table's name.
            public var name: String
            /// Rows copied.
            public var rows: Int

            /// Creates a count.
            public init(name: String, rows: Int) {
                self.name = name
                self.rows = rows
            }
        }

        /// The registry read, as the configuration names it (a SQLite path, or a PostgreSQL URL without password).
        public var source: String
        /// The registry written, likewise.
        public var destination: String
        /// Every table copied, parents before children, empty ones included.
        public var tables: [Table]

        /// Rows copied in all.
        public var rows: Int { tables.reduce(0) { $0 + $1.rows } }

        /// Creates a summary.
        public init(source: String, destination: String, tables: [Table]) {
            self.source = source
            self.destination = destination
            self.tables = tables
        }
    }

    let administration: Administration

    init(_ administration: Administration) {
        self.administration = administration
    }

    /// Writes a consistent copy of the SQLite registry to the new file `path`, while `hearth serve` runs: SQLite's
    /// online backup API, the copy checked (integrity, schema) before it appears at `path`.
    ///
    /// - Throws: ``CommandFailure`` `.usage` when the registry is PostgreSQL's (back it up with PostgreSQL's own
    ///   tools), `.noInput` when there is no database, `.cannotCreate` when `path` exists or the copy cannot be
    ///   created or does not check out.
    public func backup(to path: String) throws -> Backup {
        let configuration = administration.configuration
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
        return try administration.withRegistry { store in
            // The one place above Registry that names an engine: backup is SQLite's alone.
            guard let store = store as? SQLiteRegistry else {
                throw CommandFailure(.software, "\(source) did not open as a SQLite registry")
            }
            do {
                let summary = try store.backup(to: path)
                return Backup(source: source, bytes: summary.bytes, schema: summary.schema)
            } catch let error as RegistryError where error.code == .conflict || error.code == .cannotOpen {
                throw CommandFailure(.cannotCreate, error.message)
            }
        }
    }

    /// Copies every row of every table of the registry `source` names into the empty registry `destination` names
    /// (each a SQLite file, `sqlite:PATH` or `postgres://…`, read with the configuration of `configurationFile`), in
    /// one transaction of the destination, which is created and migrated if needed.
    ///
    /// - Throws: ``CommandFailure`` `.noInput` when the source SQLite file does not exist, `.cannotCreate` when the
    ///   destination holds a user or a change.
    public static func copy(from source: String, to destination: String, configurationFile: String?) throws -> Copy {
        func configuration(_ location: String) throws -> HearthConfiguration {
            HearthConfiguration(
                try ConfigValues.load(file: configurationFile, overrides: [.set(\.database.url, location)])
            )
        }
        let reading = try configuration(source)
        if let path = reading.database.sqlitePath, !FileManager.default.fileExists(atPath: path) {
            throw CommandFailure(.noInput, "no database at \(path) (--from): nothing to copy")
        }
        let from = try Storage.open(reading)
        defer { try? from.close() }
        let to = try Storage.open(try configuration(destination))
        defer { try? to.close() }
        let counts: [(table: String, rows: Int)]
        do {
            counts = try RegistryCopy.copy(from: from, to: to)
        } catch let error as RegistryError where error.code == .conflict {
            throw CommandFailure(.cannotCreate, error.message)
        }
        return Copy(
            source: DatabaseLocation(source).description,
            destination: DatabaseLocation(destination).description,
            tables: counts.map { Copy.Table(name: $0.table, rows: $0.rows) }
        )
    }
}
