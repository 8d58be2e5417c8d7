import Clocks
import Registry

/// How many wrong passwords a login takes before it locks, and for how long.
public struct LoginLimits: Sendable, Hashable {
    /// `oauth.maxLoginAttempts`: wrong passwords within ``windowSeconds`` that lock the login (default 5).
    public var maxAttempts: Int
    /// `oauth.loginAttemptWindowSeconds`: how long wrong passwords are counted from the first (default 900).
    public var windowSeconds: Int
    /// `oauth.loginLockoutSeconds`: how long a locked login refuses every password (default 300).
    public var lockoutSeconds: Int

    /// Creates limits; the defaults are Hearth's configuration defaults.
    public init(maxAttempts: Int = 5, windowSeconds: Int = 900, lockoutSeconds: Int = 300) {
        self.maxAttempts = maxAttempts
        self.windowSeconds = windowSeconds
        self.lockoutSeconds = lockoutSeconds
    }

    /// Whether the record locks the login at `now`.
    func isLocked(_ attempts: LoginAttempts, now: UnixTime) -> Bool {
        attempts.lockedUntil.map { now < $0 } ?? false
    }

    /// Counts one wrong password at `now`; the `maxAttempts`-th within the window starts a lockout.
    func recordFailure(_ attempts: inout LoginAttempts, now: UnixTime) {
        if let start = attempts.windowStart, now.seconds - start.seconds < Int64(windowSeconds) {
            attempts.failures += 1
        } else {
            attempts.failures = 1
            attempts.windowStart = now
        }
        if attempts.failures >= maxAttempts {
            attempts = LoginAttempts(lockedUntil: UnixTime(seconds: now.seconds + Int64(lockoutSeconds)))
        }
    }
}
