import Clocks
import HTTPMessages
import HTTPTypes
import OAuth
import Synchronization

/// Slows a client that keeps sending bad bearer tokens, without ever slowing a valid token.
///
/// Design:
/// - **Only failures are counted, and only after authentication failed.** A request with a valid token never
///   reaches the throttle: the valid-token path takes no lock and allocates nothing new, and a valid token is
///   served at once even from a client that is being slowed.
/// - **Per-client failure budget, a token bucket**: `burst` failures at once, refilled at `perMinute`. Within the
///   budget a 401 goes out at once. Past it, each further 401 is *held back* until the budget would have allowed
///   it (at most ``maximumDelay``), through ``Response/delay``: the listener suspends the connection, so no
///   listener thread waits. The answer stays the same 401, so Google, whose expired tokens also get 401s from its
///   shared addresses, still refreshes its token — only later — instead of being told something new (a 429 would
///   make it back off rather than refresh).
/// - **The client** is the peer address, or the last hop of `X-Forwarded-For` when the peer is a trusted proxy
///   (`http.trustedProxies`, default `127.0.0.1`: Deploy's nginx sets `X-Forwarded-For $remote_addr`).
/// - **Bounded memory**: at most `maxClients` buckets. When full, buckets that have refilled (which carry no
///   information) are dropped; if none has, new clients share one overflow bucket, so an attacker with many
///   addresses slows itself rather than growing the table or resetting others' budgets. The purge walks the
///   table, so it runs at most once a second.
public final class AuthFailureThrottle: Sendable {
    /// The longest a 401 is held back; further failures beyond that are not counted against the budget again.
    public static let maximumDelay: Duration = .seconds(10)

    private struct Bucket {
        /// Failures still allowed at once; negative while answers are being held back.
        var tokens: Double
        var updated: ContinuousClock.Instant
    }

    private struct State {
        var buckets: [String: Bucket] = [:]
        var overflow: Bucket?
        var lastPurge: ContinuousClock.Instant?
    }

    private let burst: Double
    private let refillPerSecond: Double
    private let maxClients: Int
    private let trustedProxies: Set<String>
    private let clock: any HearthClock
    private let state = Mutex(State())

    /// Creates a throttle.
    ///
    /// - Parameters:
    ///   - burst: Bad tokens a client may send at once before its 401s are held back (at least 1).
    ///   - perMinute: How fast the budget refills, in bad tokens per minute (at least 1).
    ///   - trustedProxies: Peer addresses whose `X-Forwarded-For` names the client (exact literals, IPv6 in
    ///     canonical form).
    ///   - maxClients: The most clients remembered at once.
    ///   - clock: Monotonic time the budget refills on; tests pass one they advance.
    public init(
        burst: Int,
        perMinute: Int,
        trustedProxies: Set<String> = ["127.0.0.1"],
        maxClients: Int = 10_000,
        clock: any HearthClock = SystemClock()
    ) {
        self.burst = Double(max(1, burst))
        self.refillPerSecond = Double(max(1, perMinute)) / 60
        self.maxClients = max(1, maxClients)
        self.trustedProxies = trustedProxies
        self.clock = clock
    }

    /// The number of clients remembered now (for tests and the memory bound).
    public var trackedClientCount: Int {
        state.withLock { $0.buckets.count }
    }

    /// The client a request counts against: the peer, or `X-Forwarded-For`'s last hop behind a trusted proxy.
    public func client(of request: Request) -> String {
        let peer = request.remoteAddress ?? "unknown"
        guard trustedProxies.contains(peer), let forwarded = request.headerFields.value(of: .xForwardedFor) else {
            return peer
        }
        let lastHop = forwarded.split(separator: ",").last.map { $0.trimmingSpaces } ?? ""
        return lastHop.isEmpty || lastHop.utf8.count > 64 ? peer : lastHop
    }

    /// Records one failed authentication of `client` and returns how long its 401 should be held back.
    public func delayAfterFailure(of client: String) -> Duration {
        let now = clock.now
        return state.withLock { state in
            if var bucket = state.buckets[client] {
                let delay = charge(&bucket, now: now)
                state.buckets[client] = bucket
                return delay
            }
            // A purge walks every bucket, so it runs at most once a second: many new addresses cannot make each
            // failure cost a walk of the whole table.
            if state.buckets.count >= maxClients, state.lastPurge.map({ now - $0 >= .seconds(1) }) ?? true {
                state.lastPurge = now
                state.buckets = state.buckets.filter { !isRefilled($0.value, now: now) }
            }
            if state.buckets.count >= maxClients {
                var overflow = state.overflow ?? Bucket(tokens: burst, updated: now)
                let delay = charge(&overflow, now: now)
                state.overflow = overflow
                return delay
            }
            var bucket = Bucket(tokens: burst, updated: now)
            let delay = charge(&bucket, now: now)
            state.buckets[client] = bucket
            return delay
        }
    }

    /// Refills the bucket for the time passed, spends one failure, and returns the wait before that failure
    /// would have been within budget.
    private func charge(_ bucket: inout Bucket, now: ContinuousClock.Instant) -> Duration {
        bucket.tokens = min(burst, bucket.tokens + seconds(now - bucket.updated) * refillPerSecond)
        bucket.updated = now
        let maximumDebt = seconds(Self.maximumDelay) * refillPerSecond
        guard bucket.tokens - 1 >= -maximumDebt else {
            // Already held back as long as allowed: answer after the longest delay, without deepening the debt.
            return Self.maximumDelay
        }
        bucket.tokens -= 1
        guard bucket.tokens < 0 else {
            return .zero
        }
        return .milliseconds(Int((-bucket.tokens / refillPerSecond * 1000).rounded(.up)))
    }

    private func isRefilled(_ bucket: Bucket, now: ContinuousClock.Instant) -> Bool {
        bucket.tokens + seconds(now - bucket.updated) * refillPerSecond >= burst
    }

    private func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}

extension Substring {
    fileprivate var trimmingSpaces: String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}

/// The same budget serves sign-in attempts and client-secret failures at the OAuth endpoints.
extension AuthFailureThrottle: AttemptBudget {
    public func charge(_ client: String) -> Duration {
        delayAfterFailure(of: client)
    }
}
