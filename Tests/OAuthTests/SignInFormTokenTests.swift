import Registry
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

struct LoginLimitsTests {
    @Test func theNthFailureWithinTheWindowLocksForTheLockout() {
        let limits = LoginLimits(maxAttempts: 3, windowSeconds: 100, lockoutSeconds: 50)
        var attempts = LoginAttempts()
        limits.recordFailure(&attempts, now: UnixTime(seconds: 0))
        limits.recordFailure(&attempts, now: UnixTime(seconds: 10))
        #expect(!limits.isLocked(attempts, now: UnixTime(seconds: 10)))
        limits.recordFailure(&attempts, now: UnixTime(seconds: 20))
        #expect(limits.isLocked(attempts, now: UnixTime(seconds: 20)))
        #expect(limits.isLocked(attempts, now: UnixTime(seconds: 69)))
        #expect(!limits.isLocked(attempts, now: UnixTime(seconds: 70)))
    }

    @Test func failuresOutsideTheWindowStartANewCount() {
        let limits = LoginLimits(maxAttempts: 2, windowSeconds: 100, lockoutSeconds: 50)
        var attempts = LoginAttempts()
        limits.recordFailure(&attempts, now: UnixTime(seconds: 0))
        limits.recordFailure(&attempts, now: UnixTime(seconds: 100))
        #expect(!limits.isLocked(attempts, now: UnixTime(seconds: 100)))
        #expect(attempts.failures == 1)
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
