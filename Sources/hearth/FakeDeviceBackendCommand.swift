import ArgumentParser
import Foundation
import HearthApp

/// `hearth fake-device-backend --port P --secret-file F`: a device backend that receives webhook deliveries.
struct FakeDeviceBackendCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fake-device-backend",
        abstract: "Run a fake device backend receiving Hearth's signed EXECUTE webhooks, for development and tests.",
        discussion: """
            Refuses with 401 a delivery whose Hearth-Signature is missing, wrong or older than five minutes; answers \
            the others per device: SUCCESS with the requested attribute values, or, as injected, ERROR \
            (deviceTurnedOff) or PENDING, drawn with --seed. With --hearth-url and --api-key-file it reports the final \
            state of PENDING devices, and of every device of a delayed answer, with \
            PATCH /v1/users/{u}/devices/{d}/state. SIGTERM or SIGINT at any moment, start-up included, stops it in \
            order (exit 0).
            """
    )

    @Option(name: .long, help: "Address to listen on.")
    var host = "127.0.0.1"

    @Option(name: .long, help: "Port to listen on, 0 for any free one.")
    var port = 8070

    @Option(
        name: .customLong("secret-file"),
        help: "File holding the webhook secret (Hearth's commands.webhookSecretFile)."
    )
    var secretFile: String

    @Option(name: .customLong("delay-ms"), help: "Hold every answer back this long, in milliseconds.")
    var delayMilliseconds = 0

    @Option(name: .customLong("error-rate"), help: "Share of devices answered ERROR / deviceTurnedOff, 0…1.")
    var errorRate = 0.0

    @Option(name: .customLong("pending-rate"), help: "Share of devices answered PENDING, 0…1.")
    var pendingRate = 0.0

    @Option(name: .long, help: "Seed of the error and pending draws (runs with the same seed repeat).")
    var seed: UInt64 = 1

    @Option(
        name: .customLong("pending-report-ms"),
        help: "How long after a PENDING answer the final state is reported."
    )
    var pendingReportMilliseconds = 1000

    @Option(name: .customLong("hearth-url"), help: "Hearth's base URL, to report final states to (PATCH …/state).")
    var hearthURL: String?

    @Option(name: .customLong("api-key-file"), help: "File holding a Hearth API key (hearth apikeys create).")
    var apiKeyFile: String?

    @Option(name: .customLong("log-level"), help: "trace, debug, info, notice, warning, error or critical.")
    var logLevel = "info"

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port must be in 0...65535") }
        if let refusal = HearthApplication.refusal(host: host) { throw ValidationError("--host \(refusal)") }
        guard delayMilliseconds >= 0 else { throw ValidationError("--delay-ms must not be negative") }
        guard pendingReportMilliseconds >= 0 else { throw ValidationError("--pending-report-ms must not be negative") }
        guard (0...1).contains(errorRate), (0...1).contains(pendingRate), errorRate + pendingRate <= 1 else {
            throw ValidationError("--error-rate and --pending-rate must be in 0…1 and add up to at most 1")
        }
        guard ProcessSetup.isLogLevel(logLevel) else { throw ValidationError("unknown --log-level \(logLevel)") }
    }

    func run() async throws {
        // First of all: from here on SIGTERM and SIGINT stop the fake in order, whatever it is doing.
        let stop = await StopRequest.trappingSignals()
        guard let logger = ProcessSetup.bootstrapLogging(levelNamed: logLevel) else {
            throw ValidationError("unknown --log-level \(logLevel)")
        }
        let application = try FakeDeviceBackendApplication(
            host: host,
            port: port,
            secretFile: secretFile,
            delay: .milliseconds(delayMilliseconds),
            errorRate: errorRate,
            pendingRate: pendingRate,
            seed: seed,
            pendingReportDelay: .milliseconds(pendingReportMilliseconds),
            hearthURL: hearthURL,
            apiKeyFile: apiKeyFile,
            logger: logger
        )
        try await application.run(stop: stop) { url in
            // One plain line on stdout for scripts; flushed because stdout may be a pipe.
            print("fake device backend listening on \(url)")
            fflush(nil)
        }
    }
}
