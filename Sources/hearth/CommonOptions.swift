import ArgumentParser
import Foundation
import HearthApp

/// Options every command takes: where the configuration and the database are.
struct CommonOptions: ParsableArguments {
    @Option(name: .long, help: "Configuration file (default: Config/hearth.json when it exists).")
    var config: String?

    @Option(
        name: .long,
        help: "The registry: a SQLite file, sqlite:PATH or postgres://USER@HOST:PORT/DB (overrides database.url/path)."
    )
    var database: String?

    /// The app layer with the configuration and this command's overrides (`--database` first), its warnings
    /// printed.
    func administration(host: String? = nil, port: Int? = nil, record: String? = nil) throws -> Administration {
        let administration = try Administration(
            configurationFile: config,
            database: database,
            host: host,
            port: port,
            recordDirectory: record
        )
        // Before logging is set up (its level is configuration too), so plain lines on standard error.
        for warning in administration.warnings {
            FileHandle.standardError.write(Data("hearth: warning: \(warning)\n".utf8))
        }
        return administration
    }
}
