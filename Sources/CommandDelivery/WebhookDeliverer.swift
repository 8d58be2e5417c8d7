import Clocks
import Dispatch
import Foundation
import Fulfillment
import Logging
import Synchronization

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Delivers an EXECUTE's commands to `commands.webhookURL`: one signed POST (``DeliveryBody``,
/// ``WebhookSignature``, an `Idempotency-Key`), answered within the deadline or not at all.
///
/// Outbound HTTP goes through FoundationNetworking's `URLSession` (libcurl's multi interface underneath, on the
/// system OpenSSL, the client the HomeGraph drain already uses): connections are pooled and kept alive, no thread
/// waits for an answer, and nothing new is linked into the product. The deadline is a timer of its own: the first
/// of the answer and the timer completes the delivery, and the other is ignored (a late request runs to its end or
/// its timeout, its answer unused).
public final class WebhookDeliverer: CommandDeliverer {
    private let url: URL
    private let secret: [UInt8]
    private let clock: any HearthClock
    private let session: URLSession
    private let logger: Logger
    private let timers = DispatchQueue(label: "hearth.webhook.deadlines")
    private let observe: (@Sendable (_ outcome: String, _ duration: Duration) -> Void)?

    /// Creates a deliverer posting to `url`, signing with `secret`, through the one session every deliverer of the
    /// process shares (``sharedSession``). `observe` is told each delivery's outcome (`answered`, `failed`,
    /// `deadline`) and how long it took (the metrics).
    public init(
        url: URL,
        secret: [UInt8],
        clock: any HearthClock,
        logger: Logger,
        observe: (@Sendable (_ outcome: String, _ duration: Duration) -> Void)? = nil
    ) {
        self.observe = observe
        self.url = url
        self.secret = secret
        self.clock = clock
        self.logger = logger
        self.session = Self.sharedSession
    }

    /// One session for the process, made once and never invalidated: up to 256 pooled connections to the backend
    /// (requests beyond wait for one, within their deadline). FoundationNetworking on Linux tears a session down by
    /// cancelling its sockets' dispatch sources while libcurl closes the sockets, a known race
    /// (swiftlang/swift-corelibs-foundation#4791 and its follow-ups) that crashed a test process in
    /// `_dispatch_event_loop_drain` when each deliverer made and invalidated its own session.
    static let sharedSession: URLSession = {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpMaximumConnectionsPerHost = 256
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.urlCache = nil
        configuration.httpCookieStorage = nil
        return URLSession(configuration: configuration)
    }()

    public func deliver(
        _ commands: PlannedCommands,
        deadline: Duration,
        completion: @escaping @Sendable (DeliveryOutcome) -> Void
    ) {
        let body = DeliveryBody.request(commands)
        var request = URLRequest(url: url)
        request.httpMethod = "POST"
        request.httpBody = Data(body)
        // A bound for the transfer itself; the deadline below answers first.
        request.timeoutInterval = Double(deadline.components.seconds) + 2
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.setValue(commands.idempotencyKey, forHTTPHeaderField: "Idempotency-Key")
        request.setValue(
            WebhookSignature.header(body: body, secret: secret, timestamp: clock.unixTime.seconds),
            forHTTPHeaderField: WebhookSignature.headerName
        )
        let started = clock.now
        let clock = clock
        let observe = observe
        let once = Once { outcome in
            if let observe {
                let label: String
                switch outcome {
                case .answered: label = "answered"
                case .failed: label = "failed"
                case .deadlinePassed: label = "deadline"
                }
                observe(label, started.duration(to: clock.now))
            }
            completion(outcome)
        }
        let asked = commands.deviceIds
        let logger = logger
        let task = session.dataTask(with: request) { data, response, error in
            let outcome: DeliveryOutcome
            if let error {
                outcome = .failed(reason: "no answer: \(error.localizedDescription)")
            } else if let http = response as? HTTPURLResponse {
                if (200..<300).contains(http.statusCode) {
                    outcome = DeliveryBody.outcome(Array(data ?? Data()), asked: asked)
                } else {
                    outcome = .failed(reason: "HTTP \(http.statusCode)")
                }
            } else {
                outcome = .failed(reason: "not an HTTP answer")
            }
            if !once.complete(outcome), (error as? URLError)?.code != .cancelled {
                logger.info(
                    "The device backend answered after the deadline: ignored (it reports the state with PATCH …/state)",
                    metadata: ["request.id": "\(commands.requestId)"]
                )
            }
        }
        let milliseconds = Int(deadline / .milliseconds(1))
        timers.asyncAfter(deadline: .now() + .milliseconds(milliseconds)) {
            // The late request is left to finish (its answer is ignored; the backend reports with PATCH …/state), not
            // cancelled: cancelling an in-flight URLSession task tears its socket down under libcurl, the path of
            // FoundationNetworking's dispatch-source race (swift-corelibs-foundation#4791). It ends at the latest at
            // its timeout, two seconds past the deadline.
            _ = once.complete(.deadlinePassed)
        }
        task.resume()
    }
}

/// A completion called at most once, whichever thread comes first.
private final class Once: Sendable {
    private let completion: Mutex<(@Sendable (DeliveryOutcome) -> Void)?>

    init(_ completion: @escaping @Sendable (DeliveryOutcome) -> Void) {
        self.completion = Mutex(completion)
    }

    /// Calls the completion if nobody did yet; whether this call did.
    func complete(_ outcome: DeliveryOutcome) -> Bool {
        guard let completion = completion.withLock({ $0.take() }) else { return false }
        completion(outcome)
        return true
    }
}
