import ArgumentParser
import Foundation
import HearthApp

/// `hearth serve`.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Run the fulfillment server until SIGTERM or SIGINT.",
        discussion: """
            With an empty database it first imports the seed device file (devices.seedFile). Everything is checked \
            before anything is written: the configuration and the files it names, the seed file when the database \
            is new, and the address and port (bound before the database is opened or created); a start that fails \
            leaves no new database behind. SIGTERM or SIGINT at any moment, start-up included, stops it in order \
            (exit 0).
            """
    )

    @OptionGroup var common: CommonOptions

    @Option(name: .long, help: "Address to listen on: 127.0.0.1, 0.0.0.0, ::1, :: or localhost (overrides http.host).")
    var host: String?

    @Option(name: .long, help: "Port to listen on, 0 for any free one (overrides http.port).")
    var port: Int?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Record each /fulfillment request and answer as a fixture file in DIR (overrides record.directory).",
            valueName: "DIR"
        )
    )
    var record: String?

    func validate() throws {
        if let port, !(0...65535).contains(port) {
            throw ValidationError("--port \(port) is not in 0...65535 (http.port); 0 picks a free port")
        }
        if let host, let refusal = HearthApplication.refusal(host: host) {
            throw ValidationError("--host \(refusal)")
        }
    }

    func run() async throws {
        // First of all: from here on SIGTERM and SIGINT stop the server in order, whatever it is doing.
        let stop = await StopRequest.trappingSignals()
        ProcessSetup.tuneMalloc()
        let application = try common.administration(host: host, port: port, record: record).application()
        // The request lines still buffered, once the server has stopped (also at exit; here for a clean order).
        defer { ProcessSetup.flushLogs() }
        try await application.run(stop: stop) { port in
            // One plain line on stdout for scripts; flushed because stdout may be a pipe. IPv6 in brackets.
            print("hearth listening on \(application.listeningURL(port: port))")
            fflush(nil)
        }
    }
}
