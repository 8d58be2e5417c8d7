import Foundation
import GRDB
import Registry

extension SQLiteRegistry {
    /// What ``backup(to:)`` wrote.
    public struct BackupSummary: Sendable, Hashable {
        /// Bytes in the copy.
        public var bytes: Int
        /// The copy's schema version: the name of its last migration.
        public var schema: String
    }

    /// Writes a consistent copy of the whole registry to a new file at `path`, while other connections (a running
    /// `serve`) go on reading and writing.
    ///
    /// SQLite's online backup API (`sqlite3_backup_*`, through GRDB) copies every page inside one read transaction
    /// of this store: in WAL mode that transaction sees one committed state and blocks no writer, so the copy is the
    /// registry as it was at one instant, committed transactions only. The copy goes to a temporary file beside
    /// `path`, is checked with `PRAGMA integrity_check` and that it opens as a registry at this schema, and only then
    /// renamed to `path`: an interrupted backup leaves no half-written file at `path`.
    ///
    /// - Throws: `RegistryError` with `conflict` when `path` exists already (a backup never overwrites), `cannotOpen`
    ///   when the copy cannot be created or does not check out.
    public func backup(to path: String) throws -> BackupSummary {
        guard !FileManager.default.fileExists(atPath: path) else {
            throw RegistryError(code: .conflict, message: "\(path) exists already; a backup never replaces a file")
        }
        let url = URL(fileURLWithPath: path)
        let temporary = url.deletingLastPathComponent()
            .appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString).partial").path
        defer {
            for suffix in ["", "-wal", "-shm", "-journal"] {
                try? FileManager.default.removeItem(atPath: temporary + suffix)
            }
        }
        do {
            let copy = try DatabaseQueue(path: temporary)
            try pool.backup(to: copy)
            let schema = try copy.read { db -> String in
                let check = try String.fetchAll(db, sql: "PRAGMA integrity_check")
                guard check == ["ok"] else {
                    throw RegistryError(
                        code: .cannotOpen,
                        message: "the copy failed SQLite's integrity check: \(check.prefix(3))"
                    )
                }
                let applied = try Self.migrator.appliedIdentifiers(db)
                guard let last = Self.migrator.migrations.last, applied.contains(last) else {
                    throw RegistryError(code: .cannotOpen, message: "the copy is not at this version's schema")
                }
                return last
            }
            try copy.close()
            try FileManager.default.moveItem(atPath: temporary, toPath: path)
            let bytes = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
            return BackupSummary(bytes: bytes, schema: schema)
        } catch let error as DatabaseError {
            throw RegistryError(
                code: .cannotOpen,
                message: "cannot write the backup \(path): \(error.message ?? "\(error)")"
            )
        } catch let error as CocoaError {
            throw RegistryError(
                code: .cannotOpen,
                message: "cannot write the backup \(path): \(error.localizedDescription)"
            )
        }
    }
}
