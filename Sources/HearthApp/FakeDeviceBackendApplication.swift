import Foundation
import HearthConfig
import HearthFakes
import Logging
import MicroHTTPD

/// `hearth fake-device-backend`: a device backend receiving webhook deliveries (`FakeDeviceBackend`) on the
/// listener, run by a service group until a stop is requested (SIGTERM/SIGINT, at any moment of start-up included).
///
/// A thin runner: the fake itself is `FakeDeviceBackend` from `HearthFakes` (the `HearthTesting` product). The app
/// layer depends on `HearthFakes` for this command and `hearth fake-homegraph` only, so that the executable imports
/// nothing but the app layer.
public struct FakeDeviceBackendApplication: Sendable {
    private let host: String
    private let port: Int
    private let secret: [UInt8]
    private let options: FakeDeviceBackend.Options
    private let reporter: FakeDeviceBackend.Reporter?
    private let logger: Logger

    /// Reads the secret (and the API key, when final states are reported to `hearthURL`); listens nowhere yet.
    ///
    /// - Parameters:
    ///   - host: The address to listen on.
    ///   - port: The port, 0 for any free one.
    ///   - secretFile: The file holding the webhook secret deliveries are signed with.
    ///   - delay: How long every answer is held back.
    ///   - errorRate: The share of devices answered `ERROR` / `deviceTurnedOff`, 0…1.
    ///   - pendingRate: The share of devices answered `PENDING`, 0…1.
    ///   - seed: Seeds the error and pending draws.
    ///   - pendingReportDelay: How long after a PENDING answer the final state is reported.
    ///   - hearthURL: Where final states are reported (`/v1`), or `nil` not to report them.
    ///   - apiKeyFile: The file holding the `/v1` API key the reports use.
    ///   - logger: Where the fake logs.
    /// - Throws: `ConfigurationError` naming the file that cannot be read or the URL that is not one.
    public init(
        host: String,
        port: Int,
        secretFile: String,
        delay: Duration,
        errorRate: Double,
        pendingRate: Double,
        seed: UInt64,
        pendingReportDelay: Duration,
        hearthURL: String?,
        apiKeyFile: String?,
        logger: Logger
    ) throws(ConfigurationError) {
        self.secret = try Self.read(secretFile, as: "--secret-file")
        if let hearthURL {
            guard let url = URL(string: hearthURL), url.scheme != nil, url.host != nil else {
                throw ConfigurationError("--hearth-url is not a URL: \(hearthURL)")
            }
            guard let apiKeyFile else {
                throw ConfigurationError("--hearth-url needs --api-key-file (an API key from `hearth apikeys create`)")
            }
            reporter = FakeDeviceBackend.Reporter(
                hearthURL: url,
                apiKey: String(decoding: try Self.read(apiKeyFile, as: "--api-key-file"), as: UTF8.self)
            )
        } else {
            reporter = nil
        }
        self.host = host
        self.port = port
        self.options = FakeDeviceBackend.Options(
            delay: delay,
            errorRate: errorRate,
            pendingRate: pendingRate,
            seed: seed,
            pendingReportDelay: pendingReportDelay
        )
        self.logger = logger
    }

    /// A file's content without surrounding white space.
    private static func read(_ path: String, as option: String) throws(ConfigurationError) -> [UInt8] {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ConfigurationError("cannot read \(option) \(path)")
        }
        let text = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty else { throw ConfigurationError("\(option) \(path) is empty") }
        return Array(text.utf8)
    }

    /// Runs until `stop` is requested, at any moment of start-up or later, and returns after an orderly stop
    /// ("Fake device backend stopped"). `onListening` gets the URL it listens on once it accepts connections.
    public func run(stop: StopRequest, onListening: @Sendable (String) -> Void = { _ in }) async throws {
        let fake = FakeDeviceBackend(secret: secret, options: options, reporter: reporter, logger: logger)
        try await DevelopmentServer.run(
            fake,
            host: host,
            port: port,
            stop: stop,
            stopped: "Fake device backend stopped",
            logger: logger,
            onListening: onListening
        )
    }
}
