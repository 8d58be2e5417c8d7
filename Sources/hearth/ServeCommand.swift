import ArgumentParser
import Foundation
import HearthApp
import SmartHomeProtocol

/// `hearth serve`.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Run the fulfillment server until SIGTERM or SIGINT.",
        discussion: "With an empty database it first imports the seed device file (devices.seedFile)."
    )

    @OptionGroup var common: CommonOptions

    @Option(name: .long, help: "Address to listen on (overrides http.host).")
    var host: String?

    @Option(name: .long, help: "Port to listen on, 0 for any free one (overrides http.port).")
    var port: Int?

    func run() async throws {
        var overrides: [String: JSON] = [:]
        if let host { overrides["http.host"] = .string(host) }
        if let port { overrides["http.port"] = .int(port) }
        let configuration = try common.load(overrides: overrides)
        let logger = bootstrapLogging(level: configuration.logLevel)
        let host = configuration.http.host
        try await HearthApplication(configuration: configuration, logger: logger).run { port in
            // One plain line on stdout for scripts; flushed because stdout may be a pipe.
            print("hearth listening on http://\(host):\(port)")
            fflush(nil)
        }
    }
}
