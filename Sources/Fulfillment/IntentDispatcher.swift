import Clocks
import Dispatch
import Foundation
import Logging
import MatterModel
import Registry
import SmartHomeProtocol
import Synchronization

/// Reads an intent, runs its handler against the registry and writes Google's answer. Knows nothing of HTTP
/// beyond the status it suggests.
///
/// - Not JSON: 400 with `{"requestId"?, "payload": {"errorCode": "protocolError"}}` (the id is echoed when it
///   can be read from the broken text).
/// - JSON but not one known intent, or a payload of the wrong shape: 200 with `protocolError`.
/// - The registry failing: 500 with `transientError`, and nothing half-done (EXECUTE is one transaction).
public struct IntentDispatcher: Sendable {
    private let store: any DeviceStore & TokenStore & OutboxStore
    private let options: FulfillmentOptions
    private let logger: Logger
    private let answers = AnswerCache()
    private let syncEntries = SyncEntryCache()
    private let clock: any HearthClock
    private let deliverer: (any CommandDeliverer)?

    /// Creates a dispatcher. `clock` gives the wall-clock time of each request (PIN attempt windows and lockouts
    /// are stored in it, so it must survive restarts); tests pass their own. With a `deliverer`
    /// (`commands.delivery: webhook`) EXECUTE sends its commands to the device backend and commits what it confirms
    /// (``DeliveredExecution``); without one it applies them to the registry.
    public init(
        store: any DeviceStore & TokenStore & OutboxStore,
        options: FulfillmentOptions,
        logger: Logger,
        clock: any HearthClock = SystemClock(),
        deliverer: (any CommandDeliverer)? = nil
    ) {
        self.store = store
        self.options = options
        self.logger = logger
        self.clock = clock
        self.deliverer = deliverer
    }

    /// Answers one intent for the user the bearer token belongs to, as a `hearth token issue` token would.
    public func handle(body: [UInt8], agentUserId: String) -> FulfillmentResponse {
        handle(body: body, principal: Principal(agentUserId: agentUserId))
    }

    /// Answers one intent for the bearer token's principal (its user; its OAuth client scopes DISCONNECT).
    ///
    /// An EXECUTE whose commands go to the device backend (a ``CommandDeliverer`` was given) blocks the calling
    /// thread until its answer (at most the delivery deadline and the commit): the listener uses
    /// ``handle(body:principal:answerLater:)`` instead, which holds no thread.
    public func handle(body: [UInt8], principal: Principal) -> FulfillmentResponse {
        var later: LaterAnswer?
        let now = handle(body: body, principal: principal) {
            let answer = LaterAnswer()
            later = answer
            return { answer.fulfil($0) }
        }
        return now ?? later?.wait() ?? FulfillmentResponse(status: 500, body: LaterAnswer.missing)
    }

    /// Answers one intent for the bearer token's principal, now or later.
    ///
    /// Returns the answer, or `nil` when it comes later: an EXECUTE delivered to the device backend. Then
    /// `answerLater` has been called once, before this returns, and the function it returned is called exactly
    /// once, from another thread, with the answer, after what the backend confirmed is committed. No thread waits
    /// for the backend meanwhile.
    public func handle(
        body: [UInt8],
        principal: Principal,
        answerLater: () -> @Sendable (FulfillmentResponse) -> Void
    ) -> FulfillmentResponse? {
        let agentUserId = principal.agentUserId
        let request: FulfillmentRequest
        do {
            request = try FulfillmentRequest.parse(body)
        } catch {
            logger.info(
                "Refused a fulfillment request",
                metadata: ["agent_user.id": "\(agentUserId)", "error": "\(error.reason)"]
            )
            let status = error.kind == .malformedJSON ? 400 : 200
            return FulfillmentResponse(
                status: status,
                body: FulfillmentResponseBody.error(requestId: error.requestId, code: .protocolError)
            )
        }
        // Metadata is built only when a message is logged: this is the request path.
        func metadata(_ extra: Logger.Metadata = [:]) -> Logger.Metadata {
            var metadata = extra
            metadata["request.id"] = "\(request.requestId)"
            metadata["intent"] = "\(request.intentName)"
            metadata["agent_user.id"] = "\(agentUserId)"
            return metadata
        }
        do {
            let body: [UInt8]
            switch request.intent {
            case .sync:
                body = try SyncHandler(
                    store: store,
                    options: options,
                    answers: answers,
                    entries: syncEntries,
                    logger: logger
                )
                .handle(requestId: request.requestId, agentUserId: agentUserId)
                recordSync(agentUserId: agentUserId)
            case .query:
                body = try QueryHandler(store: store, answers: answers)
                    .handle(
                        requestId: request.requestId,
                        request: try QueryRequest.parse(request.payload),
                        agentUserId: agentUserId
                    )
            case .execute:
                if let deliverer {
                    let execution = DeliveredExecution(
                        store: store,
                        options: options,
                        now: clock.unixTime,
                        logger: logger
                    )
                    let plan = try execution.plan(
                        requestId: request.requestId,
                        request: try ExecuteRequest.parse(request.payload),
                        agentUserId: agentUserId
                    )
                    if plan.commands.devices.isEmpty {
                        // Every device was refused: nothing to deliver, the answer is final now.
                        body = try execution.commit(plan, outcome: .answered([:]))
                        break
                    }
                    let answer = answerLater()
                    deliverer.deliver(plan.commands, deadline: options.deliveryDeadline) { outcome in
                        answer(Self.answer(plan, outcome: outcome, execution: execution))
                    }
                    return nil
                }
                body = try ExecuteHandler(store: store, options: options, now: clock.unixTime)
                    .handle(
                        requestId: request.requestId,
                        request: try ExecuteRequest.parse(request.payload),
                        agentUserId: agentUserId
                    )
            case .disconnect:
                // One transaction: the tokens are revoked and the user's HomeGraph work stops together.
                let revoked = try store.disconnect(user: agentUserId, clientId: principal.clientId)
                logger.info("User disconnected", metadata: metadata(["tokens.revoked": "\(revoked)"]))
                body = FulfillmentResponseBody.disconnect()
            case nil:
                logger.info("Unknown intent", metadata: metadata())
                body = FulfillmentResponseBody.error(requestId: request.requestId, code: .protocolError)
            }
            logger.debug("Answered intent", metadata: metadata())
            return FulfillmentResponse(status: 200, body: body)
        } catch let error as PayloadError {
            logger.info("Refused an intent payload", metadata: metadata(["error": "\(error.reason)"]))
            return FulfillmentResponse(
                status: 200,
                body: FulfillmentResponseBody.error(requestId: request.requestId, code: .protocolError)
            )
        } catch {
            logger.error("Registry failed while answering an intent", metadata: metadata(["error": "\(error)"]))
            return FulfillmentResponse(
                status: 500,
                body: FulfillmentResponseBody.error(requestId: request.requestId, code: .transientError)
            )
        }
    }

    /// Phase 3 of a delivered EXECUTE, on the thread the delivery completed on: the commit, then the answer.
    private static func answer(
        _ plan: DeliveredExecution.Plan,
        outcome: DeliveryOutcome,
        execution: DeliveredExecution
    ) -> FulfillmentResponse {
        do {
            return FulfillmentResponse(status: 200, body: try execution.commit(plan, outcome: outcome))
        } catch {
            execution.logger.error(
                "Registry failed while committing a delivered EXECUTE",
                metadata: [
                    "request.id": "\(plan.requestId)", "agent_user.id": "\(plan.agentUserId)", "error": "\(error)",
                ]
            )
            return FulfillmentResponse(
                status: 500,
                body: FulfillmentResponseBody.error(requestId: plan.requestId, code: .transientError)
            )
        }
    }

    /// Records the SYNC for HomeGraph's 404 window; a failure costs only a retry window, not the SYNC answer.
    private func recordSync(agentUserId: String) {
        do {
            try store.recordSync(forUser: agentUserId, now: clock.unixTime)
        } catch {
            logger.warning(
                "Could not record the SYNC time",
                metadata: ["agent_user.id": "\(agentUserId)", "error": "\(error)"]
            )
        }
    }
}

/// One answer handed from the thread a delivery completes on to a thread that waits for it.
private final class LaterAnswer: Sendable {
    private let answer = Mutex<FulfillmentResponse?>(nil)
    private let ready = DispatchSemaphore(value: 0)

    func fulfil(_ response: FulfillmentResponse) {
        answer.withLock { $0 = response }
        ready.signal()
    }

    func wait() -> FulfillmentResponse {
        ready.wait()
        return answer.withLock { $0 } ?? FulfillmentResponse(status: 500, body: Self.missing)
    }

    /// What answers when no answer came (never, by ``IntentDispatcher/handle(body:principal:answerLater:)``'s contract).
    static let missing = FulfillmentResponseBody.error(requestId: nil, code: .transientError)
}
