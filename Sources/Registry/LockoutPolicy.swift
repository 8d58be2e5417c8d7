import Clocks

/// How many failures within a window start a lockout, and how long it lasts: the one set of rules behind both the
/// wrong PINs a device takes (`fulfillment.maxPinAttempts`, `fulfillment.pinAttemptWindowSeconds`,
/// `fulfillment.pinLockoutSeconds`) and the wrong passwords a login takes (`oauth.maxLoginAttempts`,
/// `oauth.loginAttemptWindowSeconds`, `oauth.loginLockoutSeconds`).
///
/// The count lives in a ``PINAttempts`` record (``LoginAttempts`` for a login), kept wherever its owner keeps it
/// (the registry, or memory for logins without an account); this type only reads and updates it:
/// - a failure counts in the window that began with the first counted failure; one after the window has ended
///   starts a new count;
/// - the ``maxAttempts``-th failure within the window starts a lockout of ``lockoutSeconds`` and clears the count;
/// - while a lockout runs nothing is counted (the caller refuses without looking at the answer), and a lockout
///   that has ended leaves a clean slate.
public struct LockoutPolicy: Sendable, Hashable {
    /// Failures within ``windowSeconds`` that start a lockout.
    public var maxAttempts: Int
    /// How long failures are counted from the first one.
    public var windowSeconds: Int
    /// How long a lockout lasts.
    public var lockoutSeconds: Int

    /// Creates a policy.
    public init(maxAttempts: Int, windowSeconds: Int, lockoutSeconds: Int) {
        self.maxAttempts = maxAttempts
        self.windowSeconds = windowSeconds
        self.lockoutSeconds = lockoutSeconds
    }

    /// Hearth's configuration defaults for device PINs: 5 wrong PINs within 900 s lock the device for 900 s.
    public static let pinDefaults = LockoutPolicy(maxAttempts: 5, windowSeconds: 900, lockoutSeconds: 900)

    /// Hearth's configuration defaults for sign-in: 5 wrong passwords within 900 s lock the login for 300 s.
    public static let loginDefaults = LockoutPolicy(maxAttempts: 5, windowSeconds: 900, lockoutSeconds: 300)

    /// Whether the record is locked out at `now`.
    public func isLocked(_ attempts: PINAttempts, now: UnixTime) -> Bool {
        attempts.lockedUntil.map { now < $0 } ?? false
    }

    /// The record with a lockout that has ended at `now` forgotten (a clean slate); unchanged otherwise.
    public func clearingEndedLockout(_ attempts: PINAttempts, now: UnixTime) -> PINAttempts {
        guard attempts.lockedUntil != nil, !isLocked(attempts, now: now) else { return attempts }
        return PINAttempts()
    }

    /// Counts one failure at `now`; `true` when it started a lockout. A record locked at `now` is left alone.
    @discardableResult
    public func recordFailure(_ attempts: inout PINAttempts, now: UnixTime) -> Bool {
        guard !isLocked(attempts, now: now) else { return false }
        attempts = clearingEndedLockout(attempts, now: now)
        if let start = attempts.windowStart, now.seconds - start.seconds < Int64(windowSeconds) {
            attempts.failures += 1
        } else {
            attempts = PINAttempts(failures: 1, windowStart: now)
        }
        guard attempts.failures >= maxAttempts else { return false }
        attempts = PINAttempts(lockedUntil: UnixTime(seconds: now.seconds + Int64(lockoutSeconds)))
        return true
    }

    /// Whether forgetting the record at `now` would change nothing: not locked out, and no window still counting.
    public func isSpent(_ attempts: PINAttempts, now: UnixTime) -> Bool {
        if isLocked(attempts, now: now) { return false }
        guard let start = attempts.windowStart else { return true }
        return now.seconds - start.seconds >= Int64(windowSeconds)
    }
}
