import Clocks
import Cryptography
import Foundation
import Fulfillment
import HearthFakes
import HearthTestSupport
import HomeGraph
import JSON
import Logging
import MatterModel
import MicroHTTPD
import OutboundHTTP
import Registry
import RegistrySQLite
import Reporting
import Synchronization

extension Logger {
    /// A logger that drops everything.
    static let silent = Logger(label: "reporting-tests") { _ in SwiftLogNoOpLogHandler() }
}

/// A service-account key pair made once per process with `openssl genpkey`.
enum TestKey {
    static let pair: Result<(privatePEM: String, publicPEM: String), any Error> = Result {
        let pair = try RSAKeyPair.generate()
        return (pair.privatePEM, pair.publicPEM)
    }
}

/// A real SQLite registry in a temporary directory, the in-process fake HomeGraph on a loopback port, a dispatcher
/// (as the listener would call it) and the drain under test, all on one ``ManualClock``: the drain's windows,
/// backoffs and polls pass when a test moves the clock (``eventually(steps:_:)``), never by waiting.
///
/// The access tokens (the provider and the fake's JWT check) stay on the real clock: they are not what these tests
/// drive, and a JWT has to be dated now to be accepted.
final class ReportingHarness: @unchecked Sendable {
    let directory: URL
    let store: SQLiteRegistry
    let fake: FakeHomeGraph
    let server: HTTPServer
    let httpClient: HTTPClient
    let client: HomeGraphClient
    let dispatcher: IntentDispatcher
    let options: ReportingOptions
    /// The time of the store, the dispatcher and the drain.
    let clock = ManualClock()
    /// Passes the running drain has completed (see ``aFullPass(steps:)``).
    let passes = PassCount()
    /// The drain ``whileDraining(_:)`` runs.
    let running = Mutex<ReportingService?>(nil)

    /// The test home: a light, a smoke alarm and a leak detector with notifications, a doorbell.
    static let home = #"""
        {"users": [{"agentUserId": "alice", "devices": [
          {"id": "lamp", "name": "Lamp", "deviceTypes": ["DimmableLight"],
           "clusters": {"OnOff": {"OnOff": false}, "LevelControl": {"CurrentLevel": 127}}},
          {"id": "smoke", "name": "Smoke alarm", "deviceTypes": ["SmokeCOAlarm"], "notificationSupportedByAgent": true},
          {"id": "leak", "name": "Leak", "deviceTypes": ["WaterLeakDetector"], "notificationSupportedByAgent": true},
          {"id": "door", "name": "Front door", "deviceTypes": ["Doorbell"], "notificationSupportedByAgent": true}
        ]}]}
        """#

    init(
        options: ReportingOptions = ReportingOptions(
            coalesceMilliseconds: 50,
            syncDebounceMilliseconds: 50,
            retryInitialMilliseconds: 100,
            retryMaxMilliseconds: 2000,
            pollMilliseconds: 200
        ),
        reporting: Bool = true
    ) throws {
        self.options = options
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("hearth-rep-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        store = try SQLiteRegistry(
            path: directory.appendingPathComponent("hearth.sqlite").path,
            outboxPolicy: HomeGraphOutboxPolicy(),
            clock: clock
        )
        // As `serve` does: the seed is imported first, then the setting is written.
        _ = try store.importDevices(try DeviceFile.parse(Self.home))
        try store.setReporting(enabled: reporting)
        let keys = try TestKey.pair.get()
        fake = FakeHomeGraph(publicKey: try RSAPublicKey(pem: keys.publicPEM))
        server = HTTPServer(
            configuration: HTTPServerConfiguration(port: 0, threadPoolSize: 2, shutdownGracePeriodSeconds: 2),
            responder: fake,
            logger: .silent
        )
        let port = try server.start()
        httpClient = HTTPClient()
        let key = ServiceAccountKey(
            clientEmail: "hearth@hearth-test.iam.gserviceaccount.com",
            privateKeyID: "k1",
            privateKey: try RSAPrivateKey(pem: keys.privatePEM),
            tokenURI: URL(string: "http://127.0.0.1:\(port)/token")!
        )
        let transport = HTTPClientTransport(
            limits: OutboundLimits(deadline: .seconds(10), maxAnswerBytes: 1 << 20),
            client: httpClient
        )
        client = HomeGraphClient(
            endpoint: URL(string: "http://127.0.0.1:\(port)")!,
            tokens: AccessTokenProvider(key: key, transport: transport, logger: .silent),
            transport: transport,
            logger: .silent,
            clock: clock
        )
        dispatcher = IntentDispatcher(
            store: store,
            options: FulfillmentOptions(willReportState: true),
            logger: .silent,
            clock: clock
        )
    }

    deinit {
        server.shutdown()
        try? store.close()
        try? FileManager.default.removeItem(at: directory)
    }

    /// Sends an intent as the listener would, for `alice`.
    @discardableResult
    func intent(_ json: String, user: String = "alice") -> JSONValue? {
        try? JSONParser.parse(dispatcher.handle(body: Array(json.utf8), agentUserId: user).body)
    }

    /// A SYNC through Hearth (recording its time), then the same devices taught to the fake, as Google would learn
    /// them.
    func sync(user: String = "alice") {
        let answer = intent(#"{"requestId":"s","inputs":[{"intent":"action.devices.SYNC"}]}"#, user: user)
        let ids = answer?["payload"]?["devices"]?.arrayValue?.compactMap { $0["id"]?.stringValue } ?? []
        fake.sync(agentUserId: user, devices: ids)
    }

    /// Runs `body` while the drain runs, then stops it.
    func whileDraining<T>(_ body: () async throws -> T) async throws -> T {
        let passes = self.passes
        let service = ReportingService(
            store: store,
            client: client,
            options: options,
            logger: .silent,
            clock: clock,
            passCompleted: { passes.increment() }
        )
        running.withLock { $0 = service }
        defer { running.withLock { $0 = nil } }
        let task = Task { try await service.run() }
        let result: T
        do {
            result = try await body()
        } catch {
            service.stop()
            _ = await task.result
            throw error
        }
        service.stop()
        _ = await task.result
        return result
    }

    /// Returns once the running drain has made a whole pass over the outbox that began after this call (false if
    /// it has not after `steps` of the drain's deadlines): anything the outbox held then that was due has been sent,
    /// so a test can assert what was *not* sent without sleeping. The drain is woken as an in-process write would
    /// wake it, not left to its poll.
    func aFullPass(steps: Int = 200) async -> Bool {
        // Once the drain waits, no pass is in progress: the next one to complete began after this call.
        await clock.waitForSleepers()
        let before = passes.value
        running.withLock { $0 }?.wake()
        return await eventually(steps: steps) { passes.value > before }
    }

    /// The HomeGraph calls the fake received with `status`, on `path`.
    func calls(path: String = FakeHomeGraph.reportStatePath, status: Int? = 200) -> [JSONValue] {
        fake.reports.filter { report in
            report["path"]?.stringValue == path && (status == nil || report["status"]?.intValue == status)
        }
    }

    /// Drives the running drain until `condition` holds: each time the drain waits on the clock (it has sent all
    /// that was due), checks `condition`, and if it does not hold moves the clock to the drain's next deadline (a
    /// window closing, a backoff ending, the poll). False if `condition` still does not hold after `steps` of them.
    /// No timeout: the drain's HomeGraph calls take the real time they take, however loaded the machine.
    func eventually(steps: Int = 200, _ condition: () throws -> Bool) async rethrows -> Bool {
        for _ in 0..<steps {
            if try condition() { return true }
            await clock.waitForSleepers()
            if try condition() { return true }
            clock.advanceToNextDeadline()
        }
        return try condition()
    }

    static func execute(_ id: String, _ command: String, _ params: String) -> String {
        #"{"requestId":"e","inputs":[{"intent":"action.devices.EXECUTE","payload":{"commands":[{"devices":[{"id":"\#(id)"}],"execution":[{"command":"action.devices.commands.\#(command)","params":\#(params)}]}]}}]}"#
    }
}

/// How many passes over the outbox a drain has completed; bumped by the drain's task, read by the test's.
final class PassCount: Sendable {
    private let count = Mutex(0)

    /// Counts one more pass.
    func increment() {
        count.withLock { $0 += 1 }
    }

    /// The passes counted so far.
    var value: Int {
        count.withLock { $0 }
    }
}
