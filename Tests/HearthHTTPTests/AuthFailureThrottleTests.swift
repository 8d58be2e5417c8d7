import Clocks
import Foundation
import Fulfillment
import HTTPMessages
import HTTPTypes
import HearthFakes
import HearthLogging
import HearthTestSupport
import JSON
import Logging
import MatterModel
import MicroHTTPD
import Registry
import RegistrySQLite
import Synchronization
import Testing

@testable import HearthHTTP

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

private func throttle(
    burst: Int,
    perMinute: Int,
    maxClients: Int = 10_000,
    clock: ManualClock
)
    -> AuthFailureThrottle
{
    AuthFailureThrottle(burst: burst, perMinute: perMinute, maxClients: maxClients, clock: clock)
}

/// Bad-token slowing: the budget, the delays, the client key and the memory bound with an injected clock, then
/// through the real listener.
struct AuthFailureThrottleTests {
    @Test func failuresWithinTheBurstAreNotDelayedAndLaterOnesWaitForTheBudget() {
        let clock = ManualClock()
        let throttle = throttle(burst: 3, perMinute: 60, clock: clock)
        let delays = (0..<5).map { _ in throttle.delayAfterFailure(of: "198.51.100.1") }
        #expect(delays == [.zero, .zero, .zero, .seconds(1), .seconds(2)])
        clock.advance(by: .seconds(1))
        #expect(throttle.delayAfterFailure(of: "198.51.100.1") == .seconds(2))
        // A full minute later the budget has refilled.
        clock.advance(by: .seconds(60))
        #expect(throttle.delayAfterFailure(of: "198.51.100.1") == .zero)
    }

    @Test func theDelayIsCappedAndHammeringDoesNotDeepenIt() {
        let clock = ManualClock()
        let throttle = throttle(burst: 1, perMinute: 60, clock: clock)
        let delays = (0..<50).map { _ in throttle.delayAfterFailure(of: "198.51.100.1") }
        #expect(delays.allSatisfy { $0 <= AuthFailureThrottle.maximumDelay })
        #expect(delays.last == AuthFailureThrottle.maximumDelay)
        // Hammering past the cap borrowed nothing more: eleven seconds on, the budget is back in credit.
        clock.advance(by: .seconds(11))
        #expect(throttle.delayAfterFailure(of: "198.51.100.1") == .zero)
    }

    @Test func anotherClientHasItsOwnBudget() {
        let clock = ManualClock()
        let throttle = throttle(burst: 2, perMinute: 60, clock: clock)
        for _ in 0..<10 { _ = throttle.delayAfterFailure(of: "198.51.100.1") }
        #expect(throttle.delayAfterFailure(of: "198.51.100.1") > .zero)
        #expect(throttle.delayAfterFailure(of: "203.0.113.9") == .zero)
    }

    @Test func memoryIsBoundedAndManyAddressesShareOneOverflowBudget() {
        let clock = ManualClock()
        let throttle = throttle(burst: 2, perMinute: 60, maxClients: 100, clock: clock)
        var delays: [Duration] = []
        for index in 0..<5000 {
            delays.append(throttle.delayAfterFailure(of: "10.\(index / 65536).\(index / 256 % 256).\(index % 256)"))
        }
        #expect(throttle.trackedClientCount <= 100)
        #expect(delays.prefix(100).allSatisfy { $0 == .zero }, "the first hundred addresses each have a budget")
        #expect(delays.last == AuthFailureThrottle.maximumDelay, "the rest share one, long spent")
        // Once budgets have refilled they carry no information and make room for new addresses.
        clock.advance(by: .seconds(120))
        #expect(throttle.delayAfterFailure(of: "192.0.2.1") == .zero)
        #expect(throttle.trackedClientCount <= 100)
    }

    @Test func theClientIsThePeerOrTheLastForwardedHopBehindATrustedProxy() {
        let throttle = AuthFailureThrottle(burst: 1, perMinute: 1, trustedProxies: ["127.0.0.1"])
        func request(peer: String, forwardedFor: String?) -> Request {
            var headerFields = HTTPFields()
            if let forwardedFor { headerFields[.xForwardedFor] = forwardedFor }
            return Request(method: .post, target: "/fulfillment", headerFields: headerFields, remoteAddress: peer)
        }
        #expect(throttle.client(of: request(peer: "127.0.0.1", forwardedFor: "203.0.113.5")) == "203.0.113.5")
        #expect(
            throttle.client(of: request(peer: "127.0.0.1", forwardedFor: "10.0.0.1, 203.0.113.5 ")) == "203.0.113.5"
        )
        #expect(throttle.client(of: request(peer: "127.0.0.1", forwardedFor: nil)) == "127.0.0.1")
        #expect(throttle.client(of: request(peer: "127.0.0.1", forwardedFor: " , ")) == "127.0.0.1")
        // An untrusted peer cannot pick its own key.
        #expect(throttle.client(of: request(peer: "198.51.100.7", forwardedFor: "203.0.113.5")) == "198.51.100.7")
    }

    /// Through the real listener: a client hammering bad tokens gets its 401s late, while its valid token and
    /// another client are answered at once.
    @Test func aSlowedClientStillGetsItsValidTokenServedAndOthersAreUnaffected() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("throttle-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try SQLiteRegistry(path: directory.appendingPathComponent("hearth.sqlite").path)
        defer { try? store.close() }
        _ = try store.importDevices(try DeviceFile.parse(Array(TestHomes.twoUsers.utf8)))
        let logger = Logger(label: "throttle-test", factory: { _ in SwiftLogNoOpLogHandler() })
        // Two bad tokens at once, then one every 3 s: the third waits 3 s. The throttle and the listener's held
        // answers share a clock that stands still until the test moves it: however slowly a loaded machine runs the
        // first two, the budget has not refilled by the third, and the held 401 goes out exactly when 3 s passed.
        let clock = ManualClock()
        let throttle = AuthFailureThrottle(
            burst: 2,
            perMinute: 20,
            trustedProxies: ["127.0.0.1"],
            clock: clock
        )
        let server = HTTPServer(
            configuration: HTTPServerConfiguration(port: 0, threadPoolSize: 2),
            responder: HearthResponder(
                store: store,
                endpoints: HearthResponder.Endpoints(throttle: throttle),
                logger: logger
            ),
            logger: logger,
            clock: clock
        )
        let port = try server.start()
        defer { server.shutdown() }
        let token = try store.issueToken(forUser: "alice", ttl: nil, now: UnixTime(seconds: 1_000))

        @Sendable func sync(token: String, client: String) async throws -> (status: Int, body: JSONValue?) {
            var request = URLRequest(url: URL(string: "http://127.0.0.1:\(port)/fulfillment")!)
            request.httpMethod = "POST"
            request.httpBody = Data(TestHomes.sync.utf8)
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
            request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
            request.setValue(client, forHTTPHeaderField: "X-Forwarded-For")
            // Generous: the held 401 goes out when this test's task moves the clock, which a busy cooperative pool
            // can delay.
            request.timeoutInterval = 60
            let (data, response) = try await URLSession.shared.data(for: request)
            return ((response as? HTTPURLResponse)?.statusCode ?? 0, try? JSONParser.parse(Array(data)))
        }
        let hammer = "203.0.113.66"
        let bad = "BADBADBADBADBADBADBADBADBADBADBADBADBADBAD1"
        for _ in 0..<2 {
            #expect(try await sync(token: bad, client: hammer).status == 401)
        }
        let heldBack = SharedFlagBox()
        let slowed = Task {
            let answer = try await sync(token: bad, client: hammer)
            heldBack.set()
            return answer
        }
        // A held answer is one waiting on the clock.
        await clock.waitForSleepers(atLeast: 1)
        try #require(server.delayedResponseCount == 1, "the third bad token's 401 is being held back")
        // Meanwhile: the same client's valid token, and another client's bad token, are answered at once.
        let valid = try await sync(token: token, client: hammer)
        #expect(valid.status == 200)
        #expect(valid.body?["payload"]?["agentUserId"] == "alice")
        let other = try await sync(token: bad, client: "198.51.100.20")
        #expect(other.status == 401)
        #expect(!heldBack.isSet, "both were answered while the slowed 401 was still held back")

        // Held back for the budget's 3 s: still held 1 ms before, sent once they passed.
        clock.advance(by: .milliseconds(2999))
        #expect(clock.sleepers == 1)
        #expect(!heldBack.isSet)
        clock.advance(by: .milliseconds(1))
        let late = try await slowed.value
        #expect(late.status == 401, "the answer itself is unchanged")
        #expect(late.body?["error"] == "invalid_token")
    }
}

/// A flag set by one task and read by another.
private final class SharedFlagBox: Sendable {
    private let value = Atomic<Bool>(false)
    var isSet: Bool { value.load(ordering: .acquiring) }
    func set() { value.store(true, ordering: .releasing) }
}
