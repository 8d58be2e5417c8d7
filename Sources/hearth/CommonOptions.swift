import ArgumentParser
import Foundation
import Fulfillment
import HearthApp
import Logging
import Registry
import SmartHomeProtocol

/// Options every command takes: where the configuration and the database are.
struct CommonOptions: ParsableArguments {
    @Option(name: .long, help: "Configuration file (default: Config/hearth.json when it exists).")
    var config: String?

    @Option(name: .long, help: "SQLite database file (overrides database.path).")
    var database: String?

    /// The configuration with this command's overrides applied last.
    func load(overrides: [String: JSON] = [:]) throws -> HearthConfiguration {
        var all = overrides
        if let database { all["database.path"] = .string(database) }
        return HearthConfiguration(try ConfigValues.load(file: config, overrides: all))
    }

    /// Opens the existing registry and checks that it has `user`, for commands about one user. Refuses a database
    /// that does not exist yet, so a mistyped `--database` does not leave an empty database behind.
    func openStore(forUser user: String) throws -> (store: SQLiteDeviceStore, configuration: HearthConfiguration) {
        let configuration = try load()
        guard FileManager.default.fileExists(atPath: configuration.databasePath) else {
            throw ValidationError(
                "no database at \(configuration.databasePath): import devices first (hearth devices import FILE)"
            )
        }
        let store = try SQLiteDeviceStore(
            path: configuration.databasePath,
            synchronous: configuration.synchronous,
            outboxPolicy: HomeGraphOutboxPolicy()
        )
        guard try store.users().contains(user) else {
            try? store.close()
            throw ValidationError("no user \"\(user)\" in \(configuration.databasePath); import devices first")
        }
        return (store, configuration)
    }
}

/// Logs to standard error at the configured level, every line sanitized (control characters escaped, values
/// capped: clients' text reaches the logs). Bootstrapped once per process.
func bootstrapLogging(level: Logger.Level) -> Logger {
    LoggingSystem.bootstrap { label in
        var handler = SanitizingLogHandler(
            wrapping: StreamLogHandler.standardError(label: label, metadataProvider: nil),
            metadataProvider: LoggingSystem.metadataProvider
        )
        handler.logLevel = level
        return handler
    }
    return Logger(label: "hearth")
}
