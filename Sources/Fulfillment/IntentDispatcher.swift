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
/// - The registry failing: 503 with `transientError` (500 when its data is corrupt), and nothing half-done (EXECUTE
///   is one transaction).
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
        return now ?? later?.wait() ?? LaterAnswer.missingAnswer
    }

    /// Answers one intent for the bearer token's principal, now or later.
    ///
    /// Returns the answer, or `nil` when it comes later: an EXECUTE delivered to the device backend. Then
    /// `answerLater` has been called once, before this returns, and the function it returned is called exactly
    /// once, from another thread, with the answer, after what the backend confirmed is committed. No thread waits
    /// for the backend meanwhile.
    ///
    /// Nothing is logged per request here: the answer's ``FulfillmentResponse/summary`` (intent, outcome, error
    /// codes, devices, the reason of a refusal) goes into the one line the HTTP layer writes per request. Only a
    /// registry failure is logged here, at error.
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
            let status = error.kind == .malformedJSON ? 400 : 200
            return FulfillmentResponse(
                status: status,
                body: FulfillmentResponseBody.error(requestId: error.requestId, code: .protocolError),
                summary: .refused(
                    intent: nil,
                    requestId: error.requestId,
                    agentUserId: agentUserId,
                    code: .protocolError,
                    reason: error.reason
                )
            )
        }
        let intent = request.intent
        do {
            switch intent {
            case .sync:
                let answer = try SyncHandler(
                    store: store,
                    options: options,
                    answers: answers,
                    entries: syncEntries,
                    logger: logger
                )
                .handle(requestId: request.requestId, agentUserId: agentUserId)
                recordSync(agentUserId: agentUserId)
                return FulfillmentResponse(
                    status: 200,
                    body: answer.body,
                    summary: IntentSummary(
                        intent: .sync,
                        requestId: request.requestId,
                        agentUserId: agentUserId,
                        outcome: .success,
                        deviceCount: answer.devices
                    )
                )
            case .query:
                let answer = try QueryHandler(store: store, answers: answers)
                    .handle(
                        requestId: request.requestId,
                        request: try QueryRequest.parse(request.payload),
                        agentUserId: agentUserId
                    )
                return FulfillmentResponse(status: 200, body: answer.body, summary: answer.summary)
            case .execute:
                let execute = try ExecuteRequest.parse(request.payload)
                if let deliverer {
                    let execution = DeliveredExecution(
                        store: store,
                        options: options,
                        now: clock.unixTime,
                        logger: logger
                    )
                    let plan = try execution.plan(
                        requestId: request.requestId,
                        request: execute,
                        agentUserId: agentUserId
                    )
                    if plan.commands.devices.isEmpty {
                        // Every device was refused: nothing to deliver, the answer is final now.
                        return Self.answer(plan, execute, outcome: .answered([:]), execution: execution, clock: clock)
                    }
                    let answer = answerLater()
                    let clock = self.clock
                    deliverer.deliver(plan.commands, deadline: options.deliveryDeadline) { outcome in
                        answer(Self.answer(plan, execute, outcome: outcome, execution: execution, clock: clock))
                    }
                    return nil
                }
                let started = clock.now
                let results = try ExecuteHandler(store: store, options: options, now: clock.unixTime)
                    .results(requestId: request.requestId, request: execute, agentUserId: agentUserId)
                var summary = IntentSummary.execute(
                    requestId: request.requestId,
                    results: results,
                    request: execute,
                    agentUserId: agentUserId
                )
                summary.transactionDuration = started.duration(to: clock.now)
                return FulfillmentResponse(
                    status: 200,
                    body: FulfillmentResponseBody.execute(requestId: request.requestId, results: results),
                    summary: summary
                )
            case .disconnect:
                // One transaction: the tokens are revoked and the user's HomeGraph work stops together.
                let started = clock.now
                let revoked = try store.disconnect(user: agentUserId, clientId: principal.clientId)
                return FulfillmentResponse(
                    status: 200,
                    body: FulfillmentResponseBody.disconnect(),
                    summary: IntentSummary(
                        intent: .disconnect,
                        requestId: request.requestId,
                        agentUserId: agentUserId,
                        outcome: .success,
                        revokedTokens: revoked,
                        transactionDuration: started.duration(to: clock.now)
                    )
                )
            case nil:
                return FulfillmentResponse(
                    status: 200,
                    body: FulfillmentResponseBody.error(requestId: request.requestId, code: .protocolError),
                    summary: .refused(
                        intent: nil,
                        requestId: request.requestId,
                        agentUserId: agentUserId,
                        code: .protocolError,
                        reason: "unknown intent \(request.intentName)"
                    )
                )
            }
        } catch let error as PayloadError {
            return FulfillmentResponse(
                status: 200,
                body: FulfillmentResponseBody.error(requestId: request.requestId, code: .protocolError),
                summary: .refused(
                    intent: intent,
                    requestId: request.requestId,
                    agentUserId: agentUserId,
                    code: .protocolError,
                    reason: error.reason
                )
            )
        } catch {
            logger.error(
                "Registry failed while answering an intent",
                metadata: [
                    "request.id": "\(request.requestId)",
                    "intent": "\(request.intentName)",
                    "agent_user.id": "\(agentUserId)",
                    "error": "\(error)",
                ]
            )
            return FulfillmentResponse(
                status: Self.status(ofRegistryFailure: error),
                body: FulfillmentResponseBody.error(requestId: request.requestId, code: .transientError),
                summary: .refused(
                    intent: intent,
                    requestId: request.requestId,
                    agentUserId: agentUserId,
                    code: .transientError,
                    reason: "the registry failed"
                )
            )
        }
    }

    /// The HTTP status of an answer to a registry failure: 500 when the stored data itself is broken
    /// (``RegistryError/Code/corruptData``: asking again will not help), else 503: the database could not be reached
    /// or lost its connection (a restart, a failover), and the same request a few seconds later may succeed. The
    /// listener adds `Retry-After` to every 503.
    static func status(ofRegistryFailure error: any Error) -> Int {
        (error as? RegistryError)?.code == .corruptData ? 500 : 503
    }

    /// The answer when the registry failed before the intent could be handled (the bearer token could not be
    /// checked): 503 (see ``status(ofRegistryFailure:)``) with `transientError`, in Google's shape for a whole-request error, echoing the request's
    /// `requestId` when the body has one (read as an intent envelope, else scanned from the broken text). Nothing was
    /// changed. Logged at error, like every registry failure.
    public func registryUnavailable(body: [UInt8], error: any Error) -> FulfillmentResponse {
        let requestId: String?
        let intent: Intent?
        do {
            let request = try FulfillmentRequest.parse(body)
            requestId = request.requestId
            intent = request.intent
        } catch {
            requestId = error.requestId
            intent = nil
        }
        logger.error(
            "Registry failed while checking a bearer token",
            metadata: ["request.id": "\(requestId ?? "")", "error": "\(error)"]
        )
        return FulfillmentResponse(
            status: Self.status(ofRegistryFailure: error),
            body: FulfillmentResponseBody.error(requestId: requestId, code: .transientError),
            summary: .refused(
                intent: intent,
                requestId: requestId,
                agentUserId: nil,
                code: .transientError,
                reason: "the registry failed while checking the token"
            )
        )
    }

    /// Phase 3 of a delivered EXECUTE, on the thread the delivery completed on: the commit, then the answer and its
    /// summary, built from the same results.
    private static func answer(
        _ plan: DeliveredExecution.Plan,
        _ request: ExecuteRequest,
        outcome: DeliveryOutcome,
        execution: DeliveredExecution,
        clock: any HearthClock
    ) -> FulfillmentResponse {
        do {
            let started = clock.now
            let results = try execution.commit(plan, outcome: outcome)
            var summary = IntentSummary.execute(
                requestId: plan.requestId,
                results: results,
                request: request,
                agentUserId: plan.agentUserId
            )
            summary.transactionDuration = started.duration(to: clock.now)
            return FulfillmentResponse(
                status: 200,
                body: FulfillmentResponseBody.execute(requestId: plan.requestId, results: results),
                summary: summary
            )
        } catch {
            execution.logger.error(
                "Registry failed while committing a delivered EXECUTE",
                metadata: [
                    "request.id": "\(plan.requestId)", "agent_user.id": "\(plan.agentUserId)", "error": "\(error)",
                ]
            )
            return FulfillmentResponse(
                status: Self.status(ofRegistryFailure: error),
                body: FulfillmentResponseBody.error(requestId: plan.requestId, code: .transientError),
                summary: .refused(
                    intent: .execute,
                    requestId: plan.requestId,
                    agentUserId: plan.agentUserId,
                    code: .transientError,
                    reason: "the registry failed"
                )
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
        return answer.withLock { $0 } ?? Self.missingAnswer
    }

    /// What answers when no answer came (never, by ``IntentDispatcher/handle(body:principal:answerLater:)``'s contract).
    static let missingAnswer = FulfillmentResponse.noAnswer(status: 500, reason: "no answer came")
}
