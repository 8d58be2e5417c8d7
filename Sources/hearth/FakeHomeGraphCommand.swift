import ArgumentParser
import Foundation
import HearthApp

/// `hearth fake-homegraph --port P --public-key FILE`: a stand-in for Google's token endpoint and HomeGraph API.
struct FakeHomeGraphCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fake-homegraph",
        abstract: "Run a fake Google HomeGraph (token endpoint, Report State, Request Sync) for development and tests.",
        discussion: """
            Tokens are issued at POST /token only for JWT assertions signed by the key whose public half is \
            --public-key. Teach it users and devices with POST /fake/sync {"agentUserId": "…", "devices": ["id", …]}; \
            make calls fail with POST /fake/fail {"status": 429, "count": N, "retryAfterSeconds": S}; read what it \
            received at GET /reports and stored state at GET /state/{agentUserId}. SIGTERM or SIGINT at any moment, \
            start-up included, stops it in order (exit 0).
            """
    )

    @Option(name: .long, help: "Address to listen on.")
    var host = "127.0.0.1"

    @Option(name: .long, help: "Port to listen on, 0 for any free one.")
    var port = 8090

    @Option(name: .customLong("public-key"), help: "PEM file with the service account's public key (BEGIN PUBLIC KEY).")
    var publicKey: String

    @Option(name: .long, help: "The aud assertions must carry (default: http://<Host header>/token).")
    var audience: String?

    @Option(name: .customLong("token-lifetime"), help: "expires_in of issued tokens, in seconds.")
    var tokenLifetime = 3600

    @Option(name: .customLong("log-level"), help: "trace, debug, info, notice, warning, error or critical.")
    var logLevel = "info"

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port must be in 0...65535") }
        if let refusal = HearthApplication.refusal(host: host) { throw ValidationError("--host \(refusal)") }
        guard tokenLifetime > 0 else { throw ValidationError("--token-lifetime must be positive") }
        guard ProcessSetup.isLogLevel(logLevel) else { throw ValidationError("unknown --log-level \(logLevel)") }
    }

    func run() async throws {
        // First of all: from here on SIGTERM and SIGINT stop the fake in order, whatever it is doing.
        let stop = await StopRequest.trappingSignals()
        guard let logger = ProcessSetup.bootstrapLogging(levelNamed: logLevel) else {
            throw ValidationError("unknown --log-level \(logLevel)")
        }
        let application = try FakeHomeGraphApplication(
            host: host,
            port: port,
            publicKeyFile: publicKey,
            audience: audience,
            tokenLifetimeSeconds: tokenLifetime,
            logger: logger
        )
        try await application.run(stop: stop) { url in
            // One plain line on stdout for scripts; flushed because stdout may be a pipe.
            print("fake homegraph listening on \(url)")
            fflush(nil)
        }
    }
}
