import Clocks
import Foundation
import Registry

/// What `hearth`'s commands do once their arguments are parsed: the configuration they run with and the registry it
/// names, for any caller (the command line, a manufacturer's own tooling or tests).
///
/// Built from where the configuration is (a file, or `Config/hearth.json`, and the environment) and what a command
/// line overrides; each concern is one value over it: ``users``, ``apiKeys``, ``devices``, ``tokens``,
/// ``database``, and ``application()`` for `serve`. Every operation opens the registry, does its work and closes it
/// again, so nothing stays open between calls. Failures are ``CommandFailure``s (a message that says what to do and
/// the exit status the Command line reference's "Exit codes" gives it), or the error of a lower layer, which
/// ``CommandFailure/init(_:)`` maps.
public struct Administration: Sendable {
    /// The configuration, command-line overrides applied last.
    public let configuration: HearthConfiguration
    /// The clock every write's timestamp reads.
    let clock: any HearthClock
    /// The environment the registry's password may come from (`HEARTH_DATABASE_PASSWORD`).
    let environment: [String: String]

    /// Loads the configuration: defaults, `configurationFile` (or `Config/hearth.json` when it exists), the
    /// environment, then the overrides given, in the order `--database`, `--host`, `--port`, `--record`.
    ///
    /// - Parameters:
    ///   - configurationFile: The configuration file (`--config`), or `nil` for `Config/hearth.json` when it exists.
    ///   - database: The registry (`--database`: a SQLite file, `sqlite:PATH` or `postgres://…`), over
    ///     `database.url` and `database.path`.
    ///   - host: The address to listen on, over `http.host`.
    ///   - port: The port to listen on, over `http.port`.
    ///   - recordDirectory: Where `serve` records fixtures, over `record.directory`.
    ///   - environment: The environment the configuration (and the PostgreSQL password) is read from.
    ///   - clock: The clock timestamps read.
    /// - Throws: `ConfigurationError` for an unknown key or a value out of range.
    public init(
        configurationFile: String?,
        database: String? = nil,
        host: String? = nil,
        port: Int? = nil,
        recordDirectory: String? = nil,
        environment: [String: String] = ProcessInfo.processInfo.environment,
        clock: any HearthClock = SystemClock()
    ) throws {
        var overrides: [ConfigOverride] = []
        if let database { overrides.append(.set(\.database.url, database)) }
        if let host { overrides.append(.set(\.http.host, host)) }
        if let port { overrides.append(.set(\.http.port, port)) }
        if let recordDirectory { overrides.append(.set(\.record.directory, recordDirectory)) }
        let values = try ConfigValues.load(file: configurationFile, environment: environment, overrides: overrides)
        self.init(configuration: HearthConfiguration(values), environment: environment, clock: clock)
    }

    /// Administers the registry `configuration` names; `environment` may hold its PostgreSQL password.
    public init(
        configuration: HearthConfiguration,
        environment: [String: String] = ProcessInfo.processInfo.environment,
        clock: any HearthClock = SystemClock()
    ) {
        self.configuration = configuration
        self.environment = environment
        self.clock = clock
    }

    /// What the environment held that Hearth ignored (unknown `HEARTH_…` variables), one line each, for standard
    /// error before anything else is said.
    public var warnings: [String] { configuration.warnings.map(\.description) }

    /// Sign-in accounts.
    public var users: UserAdministration { UserAdministration(self) }
    /// The device backend's API keys.
    public var apiKeys: APIKeyAdministration { APIKeyAdministration(self) }
    /// Devices: import, list, validate, state changes and events.
    public var devices: DeviceAdministration { DeviceAdministration(self) }
    /// Bearer tokens.
    public var tokens: TokenAdministration { TokenAdministration(self) }
    /// The registry as a whole: backup.
    public var database: DatabaseAdministration { DatabaseAdministration(self) }

    /// The server this configuration describes, with the process's logging set up at `log.level` and `log.format`
    /// (``ProcessSetup/bootstrapLogging(level:format:)``: once per process).
    public func application() -> HearthApplication {
        let logger = ProcessSetup.bootstrapLogging(level: configuration.logLevel, format: configuration.logFormat)
        return HearthApplication(configuration: configuration, logger: logger, clock: clock)
    }

    // MARK: - The registry

    /// Runs `body` on the registry, created and migrated when it does not exist yet, and closes it afterwards.
    func withRegistry<Result>(_ body: (any ServingStore) throws -> Result) throws -> Result {
        let store = try Storage.open(configuration, clock: clock, environment: environment)
        defer { try? store.close() }
        return try body(store)
    }

    /// Runs `body` on the existing registry once it is known to have `user`, and closes it afterwards. Refuses a
    /// SQLite database that does not exist yet, so a mistyped `--database` does not leave an empty database behind.
    ///
    /// - Throws: ``CommandFailure`` `.noInput` when there is no database, `.noUser` when it has no such user.
    func withRegistry<Result>(
        forUser user: String,
        _ body: (any ServingStore) throws -> Result
    ) throws -> Result {
        if let path = configuration.database.sqlitePath, !FileManager.default.fileExists(atPath: path) {
            throw CommandFailure(
                .noInput,
                "no database at \(path) (database.path, or --database"
                    + (path.hasPrefix("/")
                        ? "" : ", relative to the working directory \(FileManager.default.currentDirectoryPath)")
                    + "): give the registry's path with --database, or create it with `hearth devices import FILE`"
            )
        }
        return try withRegistry { store in
            guard try store.users().contains(user) else {
                throw CommandFailure(
                    .noUser,
                    "no user \"\(user)\" in \(configuration.database): check --user, or import a device file with "
                        + "that agentUserId (`hearth devices import FILE`)"
                )
            }
            return try body(store)
        }
    }
}
