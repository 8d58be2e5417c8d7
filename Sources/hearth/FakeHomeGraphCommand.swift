import ArgumentParser
import Cryptography
import FakeHomeGraph
import Foundation
import HomeGraph
import Logging
import MicroHTTPD
import ServiceLifecycle

/// `hearth fake-homegraph --port P --public-key FILE`: a stand-in for Google's token endpoint and HomeGraph API.
struct FakeHomeGraphCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fake-homegraph",
        abstract: "Run a fake Google HomeGraph (token endpoint, Report State, Request Sync) for development and tests.",
        discussion: """
            Tokens are issued at POST /token only for JWT assertions signed by the key whose public half is \
            --public-key. Teach it users and devices with POST /fake/sync {"agentUserId": "…", "devices": ["id", …]}; \
            make calls fail with POST /fake/fail {"status": 429, "count": N, "retryAfterSeconds": S}; read what it \
            received at GET /reports and stored state at GET /state/{agentUserId}.
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
        guard ListenAddress(host) != nil else { throw ValidationError("--host \(ListenAddress.refusal(host))") }
        guard tokenLifetime > 0 else { throw ValidationError("--token-lifetime must be positive") }
        guard Logger.Level(rawValue: logLevel) != nil else { throw ValidationError("unknown --log-level \(logLevel)") }
    }

    func run() async throws {
        guard let pem = FileManager.default.contents(atPath: publicKey) else {
            throw CommandFailure(.noInput, "cannot read --public-key \(publicKey): give a readable PEM file")
        }
        let key: RSAPublicKey
        do {
            key = try RSAPublicKey(pem: String(decoding: pem, as: UTF8.self))
        } catch {
            throw CommandFailure(.dataError, "--public-key \(publicKey): \(error.message); give a PEM public key")
        }
        let logger = bootstrapLogging(level: Logger.Level(rawValue: logLevel) ?? .info)
        let fake = FakeHomeGraph(publicKey: key, audience: audience, tokenLifetimeSeconds: tokenLifetime)
        let server = HTTPServer(
            configuration: HTTPServerConfiguration(host: host, port: port, shutdownGracePeriodSeconds: 2),
            responder: fake,
            logger: logger
        )
        let bound = try server.start()
        // One plain line on stdout for scripts; flushed because stdout may be a pipe.
        print("fake homegraph listening on \(ListenAddress(host)?.url(scheme: "http", port: bound) ?? host)")
        fflush(nil)
        let group = ServiceGroup(
            configuration: ServiceGroupConfiguration(
                services: [.init(service: server)],
                gracefulShutdownSignals: [.sigterm, .sigint],
                logger: logger
            )
        )
        try await group.run()
    }
}
