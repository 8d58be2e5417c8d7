import SmartHomeProtocol

/// What one fulfillment request came to, for the request's log line and the metrics: the intent, Google's requestId,
/// the outcome, the error codes answered, how many devices it was about and, for EXECUTE, each command's outcome.
///
/// Every value here that becomes a metric label comes from a closed set (``Intent``, ``Outcome``, ``ErrorCode``,
/// ``Command``): a client's text never grows the number of series. The requestId and the user are for the log line
/// only.
public struct IntentSummary: Sendable, Hashable {
    /// How an intent was answered, as a whole.
    public enum Outcome: String, Sendable, Hashable, CaseIterable {
        /// Answered, and every device (if any) succeeded.
        case success
        /// EXECUTE: no device failed and at least one is `PENDING` (its backend confirms later).
        case pending
        /// Some devices succeeded (or are pending) and some failed.
        case partial
        /// Every device the intent was about failed (`deviceNotFound`, `deviceOffline`, a refused command…).
        case error
        /// The request was refused as a whole: not JSON, an unknown intent, or a payload of the wrong shape.
        case protocolError
        /// The registry failed; Google was told `transientError` (HTTP 500).
        case transientError
    }

    /// One command of an EXECUTE on one device, and what became of it.
    public struct CommandOutcome: Sendable, Hashable {
        /// The command as Google spells it (`action.devices.commands.OnOff`), or `unknown` for a name Hearth does not
        /// know (so a client cannot mint label values).
        public var command: String
        /// The device's status.
        public var status: ExecuteStatus
        /// The device's error code, if it failed.
        public var errorCode: ErrorCode?

        public init(command: String, status: ExecuteStatus, errorCode: ErrorCode? = nil) {
            self.command = command
            self.status = status
            self.errorCode = errorCode
        }

        /// The status as Google spells it (`SUCCESS`), for labels.
        public var statusName: String { status.rawValue }
        /// The error code as Google spells it, or the empty string, for labels.
        public var errorCodeName: String { errorCode?.rawValue ?? "" }
    }

    /// The intent, or `nil` when the request named none Hearth knows (or could not be read).
    public var intent: Intent?
    /// Google's requestId, when it could be read.
    public var requestId: String?
    /// The user the bearer token belongs to.
    public var agentUserId: String?
    /// How the intent was answered.
    public var outcome: Outcome
    /// The distinct error codes of the answer, sorted (`deviceOffline`, `protocolError`, …).
    public var errorCodes: [ErrorCode]
    /// The devices the intent was about: requested ids (QUERY, EXECUTE) or devices synced (SYNC).
    public var deviceCount: Int
    /// EXECUTE: one entry per command per device, in request order.
    public var commands: [CommandOutcome]
    /// Why a request was refused (``Outcome/protocolError``) or failed (``Outcome/transientError``), or, for an
    /// EXECUTE, why its devices failed (``ExecuteResult/debugSummary(_:)``), for the log.
    public var reason: String?
    /// DISCONNECT: how many tokens it revoked.
    public var revokedTokens: Int?
    /// How long the intent's registry transaction took (EXECUTE, DISCONNECT), if it ran one.
    public var transactionDuration: Duration?

    public init(
        intent: Intent?,
        requestId: String?,
        agentUserId: String? = nil,
        outcome: Outcome,
        errorCodes: [ErrorCode] = [],
        deviceCount: Int = 0,
        commands: [CommandOutcome] = [],
        reason: String? = nil,
        revokedTokens: Int? = nil,
        transactionDuration: Duration? = nil
    ) {
        self.intent = intent
        self.requestId = requestId
        self.agentUserId = agentUserId
        self.outcome = outcome
        self.errorCodes = errorCodes
        self.deviceCount = deviceCount
        self.commands = commands
        self.reason = reason
        self.revokedTokens = revokedTokens
        self.transactionDuration = transactionDuration
    }

    /// The error codes as Google spells them, comma-separated (`deviceNotFound,deviceOffline`); empty for none.
    public var errorCodeList: String {
        errorCodes.map(\.rawValue).joined(separator: ",")
    }

    /// The intent's short name for labels and logs (`SYNC`, `QUERY`, `EXECUTE`, `DISCONNECT`), `unknown` for none.
    public var intentLabel: String {
        switch intent {
        case .sync: "SYNC"
        case .query: "QUERY"
        case .execute: "EXECUTE"
        case .disconnect: "DISCONNECT"
        case nil: "unknown"
        }
    }

    /// A request refused as a whole (``Outcome/protocolError``) or failed (``Outcome/transientError``).
    public static func refused(
        intent: Intent?,
        requestId: String?,
        agentUserId: String?,
        code: ErrorCode,
        reason: String
    ) -> IntentSummary {
        IntentSummary(
            intent: intent,
            requestId: requestId,
            agentUserId: agentUserId,
            outcome: code == .transientError ? .transientError : .protocolError,
            errorCodes: [code],
            reason: reason
        )
    }

    /// The summary of an EXECUTE answered with `results` (as ``FulfillmentResponseBody/execute(requestId:results:)``
    /// writes them) for `request`: each command of each group, on each of its devices, takes its device's outcome.
    /// The webhook path builds its summary here too, so both paths count alike.
    public static func execute(
        requestId: String,
        results: [ExecuteResult],
        request: ExecuteRequest,
        agentUserId: String? = nil
    ) -> IntentSummary {
        // Each id takes the first result naming it. A handful of ids (the usual EXECUTE) are looked up by a scan,
        // which costs far less than hashing them into a dictionary (as ``distinctIds(_:id:)`` says); many, by one.
        var byId: [String: (status: ExecuteStatus, errorCode: ErrorCode?)]?
        if results.reduce(0, { $0 + $1.ids.count }) > linearLimit {
            var dictionary: [String: (status: ExecuteStatus, errorCode: ErrorCode?)] = [:]
            for result in results {
                for id in result.ids where dictionary[id] == nil { dictionary[id] = (result.status, result.errorCode) }
            }
            byId = dictionary
        }
        func outcome(of id: String) -> (status: ExecuteStatus, errorCode: ErrorCode?) {
            if let byId { return byId[id] ?? (.error, .deviceNotFound) }
            for result in results where result.ids.contains(id) { return (result.status, result.errorCode) }
            return (.error, .deviceNotFound)
        }
        var commands: [CommandOutcome] = []
        for group in request.commands {
            for id in distinctIds(group.devices, id: \.id) {
                let outcome = outcome(of: id)
                for step in group.execution {
                    commands.append(
                        CommandOutcome(
                            command: step.command?.rawValue ?? "unknown",
                            status: outcome.status,
                            errorCode: outcome.errorCode
                        )
                    )
                }
            }
        }
        let devices = distinctIds(request.commands.lazy.flatMap(\.devices), id: \.id)
        var failed = 0
        var pending = 0
        for id in devices {
            let status = outcome(of: id).status
            if status == .error || status == .offline {
                failed += 1
            } else if status == .pending {
                pending += 1
            }
        }
        let outcome: Outcome =
            devices.isEmpty
            ? .success
            : failed == devices.count ? .error : failed > 0 ? .partial : pending > 0 ? .pending : .success
        return IntentSummary(
            intent: .execute,
            requestId: requestId,
            agentUserId: agentUserId,
            outcome: outcome,
            errorCodes: distinctCodes(results.compactMap(\.errorCode)),
            deviceCount: devices.count,
            commands: commands,
            reason: ExecuteResult.debugSummary(results)
        )
    }

    /// The summary of a QUERY about `deviceCount` devices, `failures` of which answered with an error code.
    public static func query(
        requestId: String,
        deviceCount: Int,
        failures: [ErrorCode],
        agentUserId: String? = nil
    ) -> IntentSummary {
        let outcome: Outcome =
            failures.isEmpty ? .success : failures.count >= deviceCount ? .error : .partial
        return IntentSummary(
            intent: .query,
            requestId: requestId,
            agentUserId: agentUserId,
            outcome: outcome,
            errorCodes: distinctCodes(failures),
            deviceCount: deviceCount
        )
    }

    /// Distinct codes, sorted by name.
    static func distinctCodes(_ codes: [ErrorCode]) -> [ErrorCode] {
        // A request's codes are few and of few kinds: a scan, not a set (see ``distinctIds(_:id:)``).
        guard !codes.isEmpty else { return [] }
        var distinct: [ErrorCode] = []
        for code in codes where !distinct.contains(code) { distinct.append(code) }
        return distinct.sorted { $0.rawValue < $1.rawValue }
    }
}
