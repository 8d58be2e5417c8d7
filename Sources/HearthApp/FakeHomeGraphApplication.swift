import Cryptography
import Foundation
import HearthFakes
import Logging
import MicroHTTPD

/// `hearth fake-homegraph`: a fake Google token endpoint and HomeGraph API on the listener, run by a service group
/// until a stop is requested (SIGTERM/SIGINT, at any moment of start-up included).
///
/// A thin runner: the fake itself is `FakeHomeGraph` from `HearthFakes` (the `HearthTesting` product). The app layer
/// depends on `HearthFakes` for this command and `hearth fake-device-backend` only, so that the executable imports
/// nothing but the app layer.
public struct FakeHomeGraphApplication: Sendable {
    /// Why the service account's public key cannot be used.
    public struct KeyError: Error, Sendable, CustomStringConvertible {
        /// What is wrong with the key file.
        public enum Code: Sendable, Hashable {
            /// The file does not exist or cannot be read.
            case unreadable
            /// The file is not a PEM public key.
            case invalid
        }

        public var code: Code
        /// What is wrong and what to do, naming the file as `--public-key`.
        public var message: String

        public var description: String { message }
    }

    private let host: String
    private let port: Int
    private let publicKey: RSAPublicKey
    private let audience: String?
    private let tokenLifetimeSeconds: Int
    private let logger: Logger

    /// Reads and checks the public key; listens nowhere yet.
    ///
    /// - Parameters:
    ///   - host: The address to listen on (a `ListenAddress`).
    ///   - port: The port, 0 for any free one.
    ///   - publicKeyFile: PEM file with the service account's public key: only assertions it verifies get tokens.
    ///   - audience: The `aud` assertions must carry; `nil` accepts the fake's own `http://<Host>/token`.
    ///   - tokenLifetimeSeconds: `expires_in` of issued tokens.
    ///   - logger: Where the fake logs.
    /// - Throws: ``KeyError`` when the key file cannot be read or is not a PEM public key.
    public init(
        host: String,
        port: Int,
        publicKeyFile: String,
        audience: String?,
        tokenLifetimeSeconds: Int,
        logger: Logger
    ) throws(KeyError) {
        guard let pem = FileManager.default.contents(atPath: publicKeyFile) else {
            throw KeyError(
                code: .unreadable,
                message: "cannot read --public-key \(publicKeyFile): give a readable PEM file"
            )
        }
        do {
            publicKey = try RSAPublicKey(pem: String(decoding: pem, as: UTF8.self))
        } catch {
            throw KeyError(
                code: .invalid,
                message: "--public-key \(publicKeyFile): \(error.message); give a PEM public key"
            )
        }
        self.host = host
        self.port = port
        self.audience = audience
        self.tokenLifetimeSeconds = tokenLifetimeSeconds
        self.logger = logger
    }

    /// Runs until `stop` is requested, at any moment of start-up or later, and returns after an orderly stop
    /// ("Fake HomeGraph stopped"). `onListening` gets the URL it listens on once it accepts connections.
    public func run(stop: StopRequest, onListening: @Sendable (String) -> Void = { _ in }) async throws {
        let fake = FakeHomeGraph(publicKey: publicKey, audience: audience, tokenLifetimeSeconds: tokenLifetimeSeconds)
        try await DevelopmentServer.run(
            fake,
            host: host,
            port: port,
            stop: stop,
            stopped: "Fake HomeGraph stopped",
            logger: logger,
            onListening: onListening
        )
    }
}
