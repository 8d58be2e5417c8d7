import Clocks
import Cryptography
import Dispatch
import Foundation
import HearthApp
import HearthFakes
import HearthHTTP
import HearthTestSupport
import InMemoryLogging
import JSON
import Logging
import MicroHTTPD
import OAuth
import Registry
import Synchronization
import Testing

/// A password check the test controls: counts its calls, and blocks a call whose password is `blocked` until the
/// test opens the gate (the stand-in for a slow PBKDF2 in flight). Other passwords get the real PBKDF2.
private final class GatedPasswordCheck: Sendable {
    static let blocked = "block-this-check"
    let calls = Atomic<Int>(0)
    let entered = DispatchSemaphore(value: 0)
    let gate = DispatchSemaphore(value: 0)

    var check: @Sendable (String, String) -> Bool {
        { password, encoded in
            self.calls.add(1, ordering: .relaxed)
            if password == Self.blocked {
                self.entered.signal()
                _ = self.gate.wait(timeout: .now() + 30)
                return false
            }
            return PasswordHasher.verify(password: password, encoded: encoded)
        }
    }
}

/// Runs `body` on another thread; `value()` waits (at most 30 s) for its result.
private final class Background<T: Sendable>: Sendable {
    private let result = Mutex<Result<T, any Error>?>(nil)
    private let done = DispatchSemaphore(value: 0)

    init(_ body: @escaping @Sendable () throws -> T) {
        DispatchQueue.global().async {
            let outcome = Result { try body() }
            self.result.withLock { $0 = outcome }
            self.done.signal()
        }
    }

    func value() throws -> T {
        guard done.wait(timeout: .now() + 30) == .success, let outcome = result.withLock({ $0 }) else {
            throw HarnessError("the background request did not finish within 30 s")
        }
        return try outcome.get()
    }
}

/// Issue 10 items 16 and 20: sign-in cannot starve fulfillment (the password check runs off the listener's threads,
/// bounded, after a per-client budget), sign-in forms work once, unknown logins lock like known ones, and client
/// secret guessing is slowed. Real listener, real SQLite, curl.
struct SignInHardeningTests {
    static let password = "correct horse battery staple"
    static let signIn: [(String, String?)] = [
        ("login", "alice@example.com"), ("password", password), ("decision", "allow"),
    ]

    fileprivate static func make(
        settings: OAuthSettings = OAuthSettings(),
        threads: Int = 2,
        signInBudget: (any AttemptBudget)? = nil,
        clientSecretBudget: (any AttemptBudget)? = nil,
        check: GatedPasswordCheck? = nil,
        delayClock: any HearthClock = SystemClock()
    ) throws -> LinkingHearth {
        let hearth = try LinkingHearth(
            settings: settings,
            threads: threads,
            signInBudget: signInBudget,
            clientSecretBudget: clientSecretBudget,
            verifyPassword: check?.check,
            delayClock: delayClock
        )
        try hearth.addAccount(user: "alice", login: "alice@example.com", password: password)
        return hearth
    }

    /// Starts a sign-in whose password check blocks, and returns once that check is running.
    private static func startBlockedSignIn(
        _ hearth: LinkingHearth,
        _ check: GatedPasswordCheck,
        login: String = "alice@example.com"
    ) throws -> Background<LinkingHearth.Response> {
        let page = try hearth.authorizePage(LinkingHearth.authorizeQuery())
        let pending = Background {
            try hearth.submit(
                page: page,
                [("login", login), ("password", GatedPasswordCheck.blocked), ("decision", "allow")]
            )
        }
        try #require(check.entered.wait(timeout: .now() + 30) == .success, "the password check started")
        return pending
    }

    @Test func aPasswordCheckInFlightHoldsNoListenerThread() throws {
        let check = GatedPasswordCheck()
        // One listener thread: if the check ran on it, nothing else could be answered until it ends.
        let hearth = try Self.make(threads: 1, check: check)
        defer { hearth.shutdown() }
        let access = try #require(try hearth.exchange(try hearth.code()).json?["access_token"]?.stringValue)
        let pending = try Self.startBlockedSignIn(hearth, check)
        #expect(try hearth.request("GET", "/healthz").status == 200)
        let query = try hearth.intent(TestHomes.query(["lamp"]), token: access)
        #expect(query.status == 200)
        #expect(query.json?["payload"]?["devices"]?["lamp"] != nil)
        #expect(hearth.server.deferredResponseCount == 1, "answered while the sign-in was still being checked")
        check.gate.signal()
        let refused = try pending.value()
        #expect(refused.status == 200)
        #expect(refused.header("Location") == nil)
        #expect(refused.text.contains("The login or password is wrong"))
        #expect(hearth.server.deferredResponseCount == 0)
    }

    @Test func aFullPasswordCheckQueueAnswersBusyAtOnce() throws {
        let check = GatedPasswordCheck()
        let hearth = try Self.make(settings: OAuthSettings(signInWorkers: 1, signInQueueLimit: 0), check: check)
        defer { hearth.shutdown() }
        let pending = try Self.startBlockedSignIn(hearth, check)
        let page = try hearth.authorizePage(LinkingHearth.authorizeQuery())
        let busy = try hearth.submit(page: page, Self.signIn)
        #expect(busy.status == 503)
        #expect(busy.header("Retry-After") == "5")
        #expect(busy.header("Location") == nil)
        #expect(busy.text.contains("Hearth is busy checking other sign-ins"))
        check.gate.signal()
        #expect(try pending.value().status == 200)
        // Once the worker is free, the form the busy answer showed signs in.
        let signedIn = try hearth.submit(page: busy, Self.signIn)
        #expect(signedIn.status == 302)
        #expect(signedIn.locationQuery["code"] != nil)
    }

    @Test func aSignInFormWorksOnce() throws {
        let hearth = try Self.make()
        defer { hearth.shutdown() }
        let page = try hearth.authorizePage(LinkingHearth.authorizeQuery())
        let first = try hearth.submit(page: page, Self.signIn)
        #expect(first.status == 302)
        #expect(first.locationQuery["code"] != nil)
        let replayed = try hearth.submit(page: page, Self.signIn)
        #expect(replayed.status == 400)
        #expect(replayed.header("Location") == nil)
        #expect(replayed.text.contains("This sign-in form was already sent"))
        // A wrong password spends the form too; the page it shows carries a fresh one.
        let wrong = try hearth.submit(
            page: try hearth.authorizePage(LinkingHearth.authorizeQuery()),
            [("login", "alice@example.com"), ("password", "nope"), ("decision", "allow")]
        )
        #expect(wrong.status == 200)
        #expect(try hearth.submit(page: wrong, Self.signIn).status == 302)
    }

    @Test func anUnknownLoginLocksLikeAKnownOneAndALockedLoginCostsNoHashing() throws {
        let check = GatedPasswordCheck()
        let hearth = try Self.make(
            settings: OAuthSettings(
                loginLockout: LockoutPolicy(maxAttempts: 3, windowSeconds: 600, lockoutSeconds: 300)
            ),
            check: check
        )
        defer { hearth.shutdown() }
        func attempt(_ login: String, _ page: LinkingHearth.Response) throws -> LinkingHearth.Response {
            try hearth.submit(page: page, [("login", login), ("password", "wrong"), ("decision", "allow")])
        }
        var unknownPage = try hearth.authorizePage(LinkingHearth.authorizeQuery())
        var knownPage = try hearth.authorizePage(LinkingHearth.authorizeQuery())
        for _ in 0..<3 {
            unknownPage = try attempt("ghost@example.com", unknownPage)
            knownPage = try attempt("alice@example.com", knownPage)
            #expect(unknownPage.status == 200 && knownPage.status == 200)
        }
        #expect(check.calls.load(ordering: .relaxed) == 6, "each wrong password was checked")
        let lockNotices = hearth.logs.entries.filter { $0.message.description.contains("A login is locked") }
        #expect(lockNotices.count == 2, "both logins locked after 3: \(hearth.logText)")
        // Locked: refused with the same page, without a password check.
        let unknownLocked = try attempt("ghost@example.com", unknownPage)
        let knownLocked = try attempt("alice@example.com", knownPage)
        #expect(check.calls.load(ordering: .relaxed) == 6, "a locked login is refused before hashing")
        func withoutToken(_ text: String) -> String {
            text.components(separatedBy: "\n").filter { !$0.contains("csrf_token") }.joined(separator: "\n")
        }
        #expect(unknownLocked.status == knownLocked.status)
        #expect(withoutToken(unknownLocked.text) == withoutToken(knownLocked.text))
        #expect(unknownLocked.text.contains("locked for a while"))
        // After the lockout both are checked again.
        hearth.advance(seconds: 301)
        _ = try attempt("ghost@example.com", unknownLocked)
        #expect(check.calls.load(ordering: .relaxed) == 7)
    }

    @Test func aClientPastItsSignInBudgetIsHeldBackWithoutHashing() throws {
        let check = GatedPasswordCheck()
        // Two attempts at once, then one a second (60 a minute); the budget's clock stands still, so the third
        // waits exactly a second.
        let budget = AuthFailureThrottle(burst: 2, perMinute: 60, clock: ManualClock())
        let hearth = try Self.make(signInBudget: budget, check: check)
        defer { hearth.shutdown() }
        var page = try hearth.authorizePage(LinkingHearth.authorizeQuery())
        for _ in 0..<2 {
            page = try hearth.submit(page: page, [("login", "alice@example.com"), ("password", "x")])
            #expect(page.status == 200)
        }
        #expect(check.calls.load(ordering: .relaxed) == 2)
        let start = ContinuousClock.now
        let held = try hearth.submit(page: page, Self.signIn)
        #expect(ContinuousClock.now - start >= .milliseconds(900), "held back until the budget allows it")
        #expect(held.status == 429)
        #expect(held.header("Retry-After") == "60")
        #expect(held.header("Location") == nil)
        #expect(held.text.contains("Too many sign-in attempts"))
        #expect(check.calls.load(ordering: .relaxed) == 2, "the password was not checked")
    }

    @Test func clientSecretGuessesAreHeldBackOnceTheBudgetIsSpent() throws {
        // The budget and the listener's held answers share a clock that moves only when the test moves it.
        let clock = ManualClock()
        let budget = AuthFailureThrottle(burst: 2, perMinute: 30, clock: clock)
        let hearth = try Self.make(clientSecretBudget: budget, delayClock: clock)
        defer { hearth.shutdown() }
        let guess: [(String, String?)] = [("grant_type", "refresh_token"), ("refresh_token", "r")]
        for _ in 0..<2 {
            let wrong = try hearth.token(guess, client: ("google", "guess"))
            #expect(wrong.status == 401)
            #expect(wrong.json?["error"] == "invalid_client")
        }
        #expect(hearth.server.delayedResponseCount == 0, "within the budget: at once")
        let third = Background { try hearth.token(guess, client: ("google", "guess")) }
        // Held back: the connection waits suspended (no listener thread) while the right secret is served.
        try #require(clock.blockUntilSleepers(atLeast: 1), "the third guess is held back")
        #expect(hearth.server.delayedResponseCount == 1)
        let right = try hearth.token(guess)
        #expect(right.status == 400)
        #expect(right.json?["error"] == "invalid_grant", "the right secret is authenticated at once")
        #expect(hearth.server.delayedResponseCount == 1, "while the guess is still held back")
        clock.advanceToNextDeadline()
        let answer = try third.value()
        #expect(answer.status == 401)
        #expect(answer.json?["error"] == "invalid_client")
        #expect(answer.header("WWW-Authenticate") != nil)
    }
}
