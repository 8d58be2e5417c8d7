import Clocks
import Foundation
import Fulfillment
import HearthConfig
import MicroHTTPD
import Registry
import RegistryPostgreSQL
import RegistrySQLite

/// The one place a Hearth process opens its registry: `serve` and every command that reads or writes it.
///
/// Every process opens the store the same way, so that each writer queues the same HomeGraph work for a change
/// (Fulfillment's `HomeGraphOutboxPolicy`: a CLI `devices set` queues what an EXECUTE would).
public enum Storage {
    /// Opens (creating and migrating it if needed) the registry `configuration` names: `database.url` (SQLite or
    /// PostgreSQL) or `database.path`, with `database.synchronous` (SQLite), `database.passwordFile` /
    /// `HEARTH_DATABASE_PASSWORD` and `database.poolSize` (PostgreSQL), and `database.cacheRevalidationMilliseconds`;
    /// its timestamps and cache interval read `clock`.
    ///
    /// - Throws: `RegistryError` with `cannotOpen` when the database cannot be opened, created or reached, or was
    ///   migrated by a newer Hearth; `ConfigurationError` when the password file cannot be read.
    public static func open(
        _ configuration: HearthConfiguration,
        clock: any HearthClock = SystemClock(),
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws -> any ServingStore {
        switch configuration.database {
        case .sqlite(let path):
            return try SQLiteRegistry(
                path: path,
                synchronous: configuration.synchronous,
                revalidationInterval: configuration.cacheRevalidationInterval,
                outboxPolicy: HomeGraphOutboxPolicy(),
                clock: clock
            )
        case .postgres(let url):
            return try PostgreSQLRegistry(
                url: url,
                password: password(configuration, environment: environment),
                poolSize: poolSize(configuration),
                revalidationInterval: configuration.cacheRevalidationInterval,
                outboxPolicy: HomeGraphOutboxPolicy(),
                outboxLease: configuration.outboxLease,
                clock: clock
            )
        }
    }

    /// The PostgreSQL connections one process opens: `database.poolSize`, or the listener's threads (one per core
    /// when `http.threads` is 0) plus the HomeGraph drain and the change-log pruning. libpq blocks the thread that
    /// waits on the database, so every listener thread must be able to hold a connection at once: a smaller pool
    /// makes request threads queue for a connection while the database idles.
    public static func poolSize(_ configuration: HearthConfiguration) -> Int {
        if configuration.databasePoolSize > 0 { return configuration.databasePoolSize }
        let threads =
            configuration.http.threadPoolSize > 0
            ? configuration.http.threadPoolSize : ProcessInfo.processInfo.activeProcessorCount
        return threads + 2
    }

    /// `database.passwordFile`'s first line, else `HEARTH_DATABASE_PASSWORD`, else none.
    static func password(_ configuration: HearthConfiguration, environment: [String: String]) throws -> String? {
        if let file = configuration.databasePasswordFile {
            let text: String
            do {
                text = try String(contentsOfFile: file, encoding: .utf8)
            } catch {
                throw ConfigurationError("database.passwordFile \(file) cannot be read: \(error.localizedDescription)")
            }
            return String(text.prefix { $0 != "\n" && $0 != "\r" })
        }
        return environment[DatabaseLocation.passwordVariable]
    }
}
