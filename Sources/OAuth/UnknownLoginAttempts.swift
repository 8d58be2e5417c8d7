import Clocks
import Cryptography
import Registry
import Synchronization

/// Wrong-password records of logins that have no account, in memory, so that an unknown login locks after the same
/// number of attempts as a known one (whose record is in the registry) and the two cannot be told apart.
///
/// Keys are SHA-256 hashes of the login, so a long login costs no more memory than a short one. At most `capacity`
/// records: when full, records that are neither counting nor locked any more are dropped (a walk, at most once a
/// second); if none can be, the remaining unknown logins share one overflow record — an attacker trying many
/// logins then locks them together rather than growing the table.
final class UnknownLoginAttempts: Sendable {
    private struct State {
        var records: [[UInt8]: LoginAttempts] = [:]
        var overflow = LoginAttempts()
        var lastPurge: Int64?
    }

    private let lockout: LockoutPolicy
    private let capacity: Int
    private let state = Mutex(State())

    init(lockout: LockoutPolicy, capacity: Int = 10_000) {
        self.lockout = lockout
        self.capacity = max(1, capacity)
    }

    /// Records held now (the overflow record not counted).
    var count: Int {
        state.withLock { $0.records.count }
    }

    /// Whether `login` is locked at `now`.
    func isLocked(_ login: String, now: UnixTime) -> Bool {
        let key = SHA256.hash(Array(login.utf8))
        return state.withLock { state in
            // The shared overflow record stands for logins not in the table only while the table is full.
            let attempts = state.records[key] ?? (state.records.count >= capacity ? state.overflow : LoginAttempts())
            return lockout.isLocked(attempts, now: now)
        }
    }

    /// Counts one wrong password for `login`; `true` when this one locked it.
    func recordFailure(_ login: String, now: UnixTime) -> Bool {
        let key = SHA256.hash(Array(login.utf8))
        return state.withLock { state in
            if state.records[key] == nil, state.records.count >= capacity,
                state.lastPurge.map({ now.seconds - $0 >= 1 }) ?? true
            {
                state.lastPurge = now.seconds
                state.records = state.records.filter { !lockout.isSpent($0.value, now: now) }
            }
            if state.records[key] == nil, state.records.count >= capacity {
                return record(&state.overflow, now: now)
            }
            var attempts = state.records[key] ?? LoginAttempts()
            let locked = record(&attempts, now: now)
            state.records[key] = attempts
            return locked
        }
    }

    private func record(_ attempts: inout LoginAttempts, now: UnixTime) -> Bool {
        lockout.recordFailure(&attempts, now: now)
    }
}
