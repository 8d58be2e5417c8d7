import Clocks
import Registry
import Synchronization

/// The sign-in CSRF tokens already used, remembered until they expire, so that each works once.
///
/// Per process: another Hearth process behind the same load balancer has its own set (and its own token key, so
/// it would not accept this one's tokens anyway). Memory is bounded: at most `capacity` tokens; when full, expired
/// ones are dropped (a walk of the table, at most once a second), and if none has expired a new token is refused —
/// the sign-in then fails with "busy, try again" rather than forgetting a token that could be replayed.
final class UsedFormTokens: Sendable {
    /// What ``consume(_:expiry:now:)`` found.
    enum Outcome: Equatable {
        /// First use: remembered now.
        case fresh
        /// Used before.
        case replayed
        /// The table is full of unexpired tokens.
        case full
    }

    private struct State {
        var expiries: [String: Int64] = [:]
        var lastPurge: Int64?
    }

    private let capacity: Int
    private let state = Mutex(State())

    init(capacity: Int = 100_000) {
        self.capacity = max(1, capacity)
    }

    /// Tokens remembered now.
    var count: Int {
        state.withLock { $0.expiries.count }
    }

    /// Marks `token` (valid until `expiry`, unix seconds) used at `now`.
    func consume(_ token: String, expiry: Int64, now: UnixTime) -> Outcome {
        state.withLock { state in
            if let known = state.expiries[token], now.seconds < known {
                return .replayed
            }
            if state.expiries.count >= capacity, state.lastPurge.map({ now.seconds - $0 >= 1 }) ?? true {
                state.lastPurge = now.seconds
                state.expiries = state.expiries.filter { now.seconds < $0.value }
            }
            guard state.expiries.count < capacity else { return .full }
            state.expiries[token] = expiry
            return .fresh
        }
    }
}
