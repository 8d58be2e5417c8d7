import Clocks
import Dispatch
import Registry
import Synchronization
import Testing

@testable import OAuth

struct SignInFormTokenTests {
    static let request = AuthorizationRequest(
        clientId: "google",
        redirectURI: "https://oauth-redirect.googleusercontent.com/r/p",
        state: "s",
        scope: nil,
        codeChallenge: nil
    )
    static let signer = SignInFormToken(key: Array(repeating: 7, count: 32))

    @Test func verifiesUntilItsExpiry() {
        let token = Self.signer.make(for: Self.request, now: UnixTime(seconds: 1000), ttl: 60)
        #expect(Self.signer.verify(token, for: Self.request, now: UnixTime(seconds: 1000)))
        #expect(Self.signer.verify(token, for: Self.request, now: UnixTime(seconds: 1059)))
        #expect(!Self.signer.verify(token, for: Self.request, now: UnixTime(seconds: 1060)))
    }

    @Test func isBoundToEveryFieldAndTheKey() {
        let token = Self.signer.make(for: Self.request, now: UnixTime(seconds: 0), ttl: 60)
        var changed: [AuthorizationRequest] = []
        for change in 0..<5 {
            var request = Self.request
            switch change {
            case 0: request.clientId = "other"
            case 1: request.redirectURI += "x"
            case 2: request.state = nil
            case 3: request.scope = ""
            default: request.codeChallenge = String(repeating: "a", count: 43)
            }
            changed.append(request)
        }
        for request in changed {
            #expect(!Self.signer.verify(token, for: request, now: UnixTime(seconds: 1)))
        }
        let otherKey = SignInFormToken(key: Array(repeating: 8, count: 32))
        #expect(!otherKey.verify(token, for: Self.request, now: UnixTime(seconds: 1)))
        #expect(!Self.signer.verify("", for: Self.request, now: UnixTime(seconds: 1)))
        #expect(!Self.signer.verify(token + "A", for: Self.request, now: UnixTime(seconds: 1)))
    }

    @Test func lengthPrefixesKeepFieldsApart() {
        var a = Self.request
        a.state = "ab"
        a.scope = "c"
        var b = Self.request
        b.state = "a"
        b.scope = "bc"
        let token = Self.signer.make(for: a, now: UnixTime(seconds: 0), ttl: 60)
        #expect(!Self.signer.verify(token, for: b, now: UnixTime(seconds: 1)))
    }
}

struct PKCETests {
    @Test func challengeAndVerifierShapes() {
        #expect(PKCE.isWellFormedChallenge("E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM"))
        #expect(!PKCE.isWellFormedChallenge("E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw+cM"))
        #expect(!PKCE.isWellFormedChallenge("short"))
        #expect(PKCE.isWellFormedVerifier(String(repeating: "a", count: 43)))
        #expect(PKCE.isWellFormedVerifier(String(repeating: "~", count: 128)))
        #expect(!PKCE.isWellFormedVerifier(String(repeating: "a", count: 42)))
        #expect(!PKCE.isWellFormedVerifier(String(repeating: "a", count: 129)))
        #expect(!PKCE.isWellFormedVerifier(String(repeating: "a", count: 42) + " "))
    }
}

struct SignInFormTokenSerialTests {
    /// Two pages for the same request in the same second carry different tokens, so each can be used once.
    @Test func tokensForTheSameRequestAndSecondDiffer() {
        let signer = SignInFormTokenTests.signer
        let first = signer.make(for: SignInFormTokenTests.request, now: UnixTime(seconds: 5), ttl: 60)
        let second = signer.make(for: SignInFormTokenTests.request, now: UnixTime(seconds: 5), ttl: 60)
        #expect(first != second)
        #expect(signer.verifiedExpiry(first, for: SignInFormTokenTests.request, now: UnixTime(seconds: 6)) == 65)
        #expect(signer.verifiedExpiry(second, for: SignInFormTokenTests.request, now: UnixTime(seconds: 6)) == 65)
    }
}

struct UsedFormTokensTests {
    @Test func aTokenIsFreshOnceThenReplayedUntilItExpires() {
        let used = UsedFormTokens(capacity: 10)
        #expect(used.consume("a", expiry: 100, now: UnixTime(seconds: 0)) == .fresh)
        #expect(used.consume("a", expiry: 100, now: UnixTime(seconds: 99)) == .replayed)
        #expect(used.consume("b", expiry: 100, now: UnixTime(seconds: 1)) == .fresh)
    }

    @Test func memoryIsBoundedAndExpiredTokensMakeRoom() {
        let used = UsedFormTokens(capacity: 2)
        #expect(used.consume("a", expiry: 10, now: UnixTime(seconds: 0)) == .fresh)
        #expect(used.consume("b", expiry: 20, now: UnixTime(seconds: 0)) == .fresh)
        // Full of unexpired tokens: refused rather than forgetting one that could be replayed.
        #expect(used.consume("c", expiry: 30, now: UnixTime(seconds: 5)) == .full)
        #expect(used.count == 2)
        // Once "a" has expired it makes room; "b" is still remembered.
        #expect(used.consume("c", expiry: 30, now: UnixTime(seconds: 10)) == .fresh)
        #expect(used.consume("b", expiry: 20, now: UnixTime(seconds: 11)) == .replayed)
        #expect(used.count == 2)
    }
}

struct UnknownLoginAttemptsTests {
    static let lockout = LockoutPolicy(maxAttempts: 2, windowSeconds: 100, lockoutSeconds: 50)

    @Test func anUnknownLoginLocksAfterMaxAttemptsForTheLockout() {
        let attempts = UnknownLoginAttempts(lockout: Self.lockout)
        #expect(!attempts.recordFailure("ghost", now: UnixTime(seconds: 0)))
        #expect(!attempts.isLocked("ghost", now: UnixTime(seconds: 0)))
        #expect(attempts.recordFailure("ghost", now: UnixTime(seconds: 1)))
        #expect(attempts.isLocked("ghost", now: UnixTime(seconds: 50)))
        #expect(!attempts.isLocked("ghost", now: UnixTime(seconds: 51)))
        #expect(!attempts.isLocked("other", now: UnixTime(seconds: 2)))
    }

    @Test func manyLoginsDoNotGrowTheTablePastItsCapacity() {
        let attempts = UnknownLoginAttempts(lockout: Self.lockout, capacity: 100)
        for index in 0..<1000 {
            _ = attempts.recordFailure("login-\(index)", now: UnixTime(seconds: 0))
        }
        #expect(attempts.count == 100)
        // The logins beyond the table share one record, which the flood has locked.
        #expect(attempts.isLocked("login-999", now: UnixTime(seconds: 1)))
        // Records whose window has passed make room again.
        _ = attempts.recordFailure("late", now: UnixTime(seconds: 200))
        #expect(attempts.count == 1)
    }
}

struct BoundedWorkQueueTests {
    @Test func refusesBeyondWorkersPlusQueueAndRunsEverythingItAccepted() {
        let queue = BoundedWorkQueue(workers: 1, queueLimit: 2)
        let gate = DispatchSemaphore(value: 0)
        let done = DispatchSemaphore(value: 0)
        let ran = Atomic<Int>(0)
        let job: @Sendable () -> Void = {
            gate.wait()
            ran.add(1, ordering: .relaxed)
            done.signal()
        }
        #expect(queue.submit(job))
        #expect(queue.submit(job))
        #expect(queue.submit(job))
        #expect(!queue.submit(job), "one running, two waiting: the fourth is refused")
        #expect(queue.load == 3)
        for _ in 0..<3 { gate.signal() }
        for _ in 0..<3 { #expect(done.wait(timeout: .now() + 10) == .success) }
        #expect(ran.load(ordering: .relaxed) == 3)
        // Drained: it accepts again.
        #expect(queue.submit { done.signal() })
        #expect(done.wait(timeout: .now() + 10) == .success)
    }
}
