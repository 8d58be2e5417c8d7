import ArgumentParser
import Foundation
import HearthApp
import Logging
import Registry

/// Options every command takes: where the configuration and the database are.
struct CommonOptions: ParsableArguments {
    @Option(name: .long, help: "Configuration file (default: Config/hearth.json when it exists).")
    var config: String?

    @Option(
        name: .long,
        help: "The registry: a SQLite file, sqlite:PATH or postgres://USER@HOST:PORT/DB (overrides database.url/path)."
    )
    var database: String?

    /// The configuration with this command's overrides applied last.
    func load(overrides: [ConfigOverride] = []) throws -> HearthConfiguration {
        let all = (database.map { [ConfigOverride.set(\.database.url, $0)] } ?? []) + overrides
        let configuration = HearthConfiguration(try ConfigValues.load(file: config, overrides: all))
        // Before logging is set up (its level is configuration too), so plain lines on standard error.
        for warning in configuration.warnings {
            FileHandle.standardError.write(Data("hearth: warning: \(warning)\n".utf8))
        }
        return configuration
    }

    /// Opens the existing registry and checks that it has `user`, for commands about one user. Refuses a database
    /// that does not exist yet, so a mistyped `--database` does not leave an empty database behind.
    func openStore(forUser user: String) throws -> (store: any ServingStore, configuration: HearthConfiguration) {
        let configuration = try load()
        if let path = configuration.database.sqlitePath, !FileManager.default.fileExists(atPath: path) {
            throw CommandFailure(
                .noInput,
                "no database at \(path) (database.path, or --database"
                    + (path.hasPrefix("/")
                        ? "" : ", relative to the working directory \(FileManager.default.currentDirectoryPath)")
                    + "): give the registry's path with --database, or create it with `hearth devices import FILE`"
            )
        }
        let store = try Storage.open(configuration)
        guard try store.users().contains(user) else {
            try? store.close()
            throw CommandFailure(
                .noUser,
                "no user \"\(user)\" in \(configuration.database): check --user, or import a device file with "
                    + "that agentUserId (`hearth devices import FILE`)"
            )
        }
        return (store, configuration)
    }
}

/// Logs to standard error at the configured level and format (`log.format`, millisecond timestamps), every line
/// sanitized (control characters escaped, values capped: clients' text reaches the logs). Bootstrapped once per
/// process. The per-request lines go through ``BufferedLogOutput/standardError``'s buffer (written within 100 ms,
/// and when the process exits normally); every other line at once.
func bootstrapLogging(level: Logger.Level, format: LogFormat = .text) -> Logger {
    atexit { BufferedLogOutput.standardError.flush() }
    LoggingSystem.bootstrap { label in
        var handler = SanitizingLogHandler(
            wrapping: LineLogHandler(label: label, format: format, output: .standardError),
            metadataProvider: LoggingSystem.metadataProvider
        )
        handler.logLevel = level
        return handler
    }
    return Logger(label: "hearth")
}
