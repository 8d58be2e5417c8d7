import Clocks
import Dispatch
import Foundation
import Fulfillment
import HTTPTypes
import Logging
import OutboundHTTP

/// Delivers an EXECUTE's commands to `commands.webhookURL`: one signed POST (``DeliveryBody``,
/// ``WebhookSignature``, an `Idempotency-Key`), answered within the deadline or not at all.
///
/// Outbound HTTP goes through ``HTTPClient`` (libcurl's multi interface on the system OpenSSL): connections are
/// pooled and kept alive, no thread waits for an answer, and the transfer is stopped at the deadline (the devices
/// are then PENDING) or as soon as the answer passes ``maxAnswerBytes`` (a failed delivery). A redirect is a failed
/// delivery too: it is never followed, so the signed body goes to `commands.webhookURL` and nowhere else.
public final class WebhookDeliverer: CommandDeliverer {
    /// The default bound on an answer: 64 KiB. An answer lists one small object per device asked about (about
    /// 100–300 bytes with its reported clusters), so 64 KiB holds a few hundred devices, more than one EXECUTE names.
    public static let defaultMaxAnswerBytes = 65_536

    /// The most answer bytes read; a larger answer fails the delivery.
    public let maxAnswerBytes: Int
    private let url: URL
    private let secret: [UInt8]
    private let clock: any HearthClock
    private let client: HTTPClient
    private let logger: Logger
    private let observe: (@Sendable (_ outcome: String, _ duration: Duration) -> Void)?
    /// Where completions run: they commit to the registry, which must not hold the HTTP client's one thread (every
    /// other transfer waits on it).
    private static let completions = DispatchQueue(label: "hearth.webhook.completions", attributes: .concurrent)

    /// Creates a deliverer posting to `url`, signing with `secret`, through `client` (the process's shared one by
    /// default). It reads at most `maxAnswerBytes` of an answer. `observe` is told each delivery's outcome
    /// (`answered`, `failed`, `deadline`) and how long it took (the metrics).
    public init(
        url: URL,
        secret: [UInt8],
        maxAnswerBytes: Int = WebhookDeliverer.defaultMaxAnswerBytes,
        clock: any HearthClock,
        client: HTTPClient = .shared,
        logger: Logger,
        observe: (@Sendable (_ outcome: String, _ duration: Duration) -> Void)? = nil
    ) {
        self.url = url
        self.secret = secret
        self.maxAnswerBytes = maxAnswerBytes
        self.clock = clock
        self.client = client
        self.logger = logger
        self.observe = observe
    }

    public func deliver(
        _ commands: PlannedCommands,
        deadline: Duration,
        completion: @escaping @Sendable (DeliveryOutcome) -> Void
    ) {
        let body = DeliveryBody.request(commands)
        var headerFields: HTTPFields = [.contentType: "application/json"]
        headerFields[HTTPField.Name("Idempotency-Key")!] = commands.idempotencyKey
        headerFields[HTTPField.Name(WebhookSignature.headerName)!] = WebhookSignature.header(
            body: body,
            secret: secret,
            timestamp: clock.unixTime.seconds
        )
        let request = OutboundRequest(url: url, headerFields: headerFields, body: body)
        let started = clock.now
        let clock = clock
        let observe = observe
        let asked = commands.deviceIds
        let logger = logger
        let metadata: Logger.Metadata = ["request.id": "\(commands.requestId)"]
        let maxAnswerBytes = maxAnswerBytes
        client.start(request, limits: OutboundLimits(deadline: deadline, maxAnswerBytes: maxAnswerBytes)) { result in
            let outcome: DeliveryOutcome
            let label: String
            switch result {
            case .success(let response) where (200..<300).contains(response.status.code):
                outcome = DeliveryBody.outcome(response.body, asked: asked)
                if case .failed = outcome { label = "failed" } else { label = "answered" }
            case .success(let response) where (300..<400).contains(response.status.code):
                logger.info(
                    "The device backend answered a redirect: not followed, the delivery failed",
                    metadata: metadata.merging([
                        "http.status": "\(response.status.code)", "http.location": "\(response.location ?? "")",
                    ]) { $1 }
                )
                outcome = .failed(
                    reason:
                        "HTTP \(response.status.code) to \(response.location ?? "nowhere"): redirects are not followed"
                )
                label = "failed"
            case .success(let response):
                outcome = .failed(reason: "HTTP \(response.status.code)")
                label = "failed"
            case .failure(let error) where error.code == .deadlinePassed:
                logger.debug(
                    "The device backend did not answer within the deadline: transfer stopped",
                    metadata: metadata
                )
                outcome = .deadlinePassed
                label = "deadline"
            case .failure(let error) where error.code == .answerTooLarge && error.limit == maxAnswerBytes:
                logger.info(
                    "The device backend's answer is larger than commands.maxAnswerBytes: transfer stopped, the delivery failed",
                    metadata: metadata.merging(["commands.max_answer_bytes": "\(maxAnswerBytes)"]) { $1 }
                )
                outcome = .failed(
                    reason: "answer larger than \(maxAnswerBytes) bytes (commands.maxAnswerBytes)"
                )
                label = "failed"
            case .failure(let error):
                // Unreachable, TLS, the head over its 16 KiB: the reason says which.
                outcome = .failed(reason: "no answer: \(error)")
                label = "failed"
            }
            observe?(label, started.duration(to: clock.now))
            Self.completions.async { completion(outcome) }
        }
    }
}
