import Clocks
import Registry
import Testing

/// The one set of lockout rules behind wrong PINs (EXECUTE) and wrong passwords (sign-in).
struct LockoutPolicyTests {
    @Test func theNthFailureWithinTheWindowLocksForTheLockout() {
        let policy = LockoutPolicy(maxAttempts: 3, windowSeconds: 100, lockoutSeconds: 50)
        var attempts = PINAttempts()
        #expect(!policy.recordFailure(&attempts, now: UnixTime(seconds: 0)))
        #expect(!policy.recordFailure(&attempts, now: UnixTime(seconds: 10)))
        #expect(!policy.isLocked(attempts, now: UnixTime(seconds: 10)))
        #expect(policy.recordFailure(&attempts, now: UnixTime(seconds: 20)))
        #expect(policy.isLocked(attempts, now: UnixTime(seconds: 20)))
        #expect(policy.isLocked(attempts, now: UnixTime(seconds: 69)))
        #expect(!policy.isLocked(attempts, now: UnixTime(seconds: 70)))
        // The lockout clears the count.
        #expect(attempts == PINAttempts(lockedUntil: UnixTime(seconds: 70)))
    }

    @Test func failuresOutsideTheWindowStartANewCount() {
        let policy = LockoutPolicy(maxAttempts: 2, windowSeconds: 100, lockoutSeconds: 50)
        var attempts = PINAttempts()
        policy.recordFailure(&attempts, now: UnixTime(seconds: 0))
        #expect(!policy.recordFailure(&attempts, now: UnixTime(seconds: 100)))
        #expect(!policy.isLocked(attempts, now: UnixTime(seconds: 100)))
        #expect(attempts == PINAttempts(failures: 1, windowStart: UnixTime(seconds: 100)))
    }

    @Test func nothingIsCountedWhileLocked() {
        let policy = LockoutPolicy(maxAttempts: 1, windowSeconds: 100, lockoutSeconds: 50)
        var attempts = PINAttempts()
        #expect(policy.recordFailure(&attempts, now: UnixTime(seconds: 0)))
        let locked = attempts
        #expect(!policy.recordFailure(&attempts, now: UnixTime(seconds: 49)))
        #expect(attempts == locked)
    }

    @Test func anEndedLockoutLeavesACleanSlate() {
        let policy = LockoutPolicy(maxAttempts: 2, windowSeconds: 100, lockoutSeconds: 50)
        let ended = PINAttempts(lockedUntil: UnixTime(seconds: 50))
        #expect(policy.clearingEndedLockout(ended, now: UnixTime(seconds: 49)) == ended)
        #expect(policy.clearingEndedLockout(ended, now: UnixTime(seconds: 50)).isClean)
        var attempts = ended
        #expect(!policy.recordFailure(&attempts, now: UnixTime(seconds: 60)))
        #expect(attempts == PINAttempts(failures: 1, windowStart: UnixTime(seconds: 60)))
    }

    @Test func aRecordIsSpentOnceNeitherLockedNorCounting() {
        let policy = LockoutPolicy(maxAttempts: 2, windowSeconds: 100, lockoutSeconds: 50)
        #expect(policy.isSpent(PINAttempts(), now: UnixTime(seconds: 0)))
        let counting = PINAttempts(failures: 1, windowStart: UnixTime(seconds: 0))
        #expect(!policy.isSpent(counting, now: UnixTime(seconds: 99)))
        #expect(policy.isSpent(counting, now: UnixTime(seconds: 100)))
        let locked = PINAttempts(lockedUntil: UnixTime(seconds: 50))
        #expect(!policy.isSpent(locked, now: UnixTime(seconds: 49)))
        #expect(policy.isSpent(locked, now: UnixTime(seconds: 50)))
    }

    /// The numbers users see: `fulfillment.*` and `oauth.*` defaults.
    @Test func defaults() {
        #expect(LockoutPolicy.pinDefaults == LockoutPolicy(maxAttempts: 5, windowSeconds: 900, lockoutSeconds: 900))
        #expect(LockoutPolicy.loginDefaults == LockoutPolicy(maxAttempts: 5, windowSeconds: 900, lockoutSeconds: 300))
    }
}
