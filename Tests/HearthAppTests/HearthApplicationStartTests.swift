import Foundation
import HearthApp
import HearthTestSupport
import Logging
import MatterModel
import Registry
import Testing

/// ``HearthApplication/start(overrides:)``: the one wiring of `hearth serve`, as the in-process harnesses use it.
struct HearthApplicationStartTests {
    static let logger = Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() })

    static func health(port: Int) throws -> Int {
        let client = try RawHTTPClient(port: port)
        defer { client.close() }
        try client.send("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
        return try client.readResponse().status
    }

    @Test func startSeedsAnEmptyRegistryListensOnAChosenPortAndShutsDown() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let configuration = try HearthConfiguration.forTests(database: directory.path("hearth.sqlite"))
        let application = HearthApplication(configuration: configuration, logger: Self.logger)
        let seed = try DeviceFile.parse(Array(TestHomes.twoUsers.utf8))

        let first = try application.start(overrides: HearthApplication.Overrides(seed: seed))
        #expect(first.port > 0, "port 0 chose a port")
        #expect(try Self.health(port: first.port) == 200)
        #expect(try first.store.users().sorted() == ["alice", "bob"])
        #expect(first.metrics == nil, "metrics.enabled is off in this configuration")
        #expect(try first.store.removeUser("bob"))
        first.shutdown()

        // The registry is not empty any more: a second start keeps it as it is, seed or not.
        let second = try application.start(overrides: HearthApplication.Overrides(seed: seed))
        defer { second.shutdown() }
        #expect(try second.store.users() == ["alice"])
        #expect(try Self.health(port: second.port) == 200)
    }

    @Test func aBadSettingStopsTheStartBeforeTheRegistryIsCreated() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let database = directory.path("hearth.sqlite")
        var configuration = try HearthConfiguration.forTests(database: database)
        configuration.metricsPath = "/fulfillment"
        let application = HearthApplication(configuration: configuration, logger: Self.logger)
        #expect(throws: ConfigurationError.self) { try application.start() }
        #expect(!FileManager.default.fileExists(atPath: database), "nothing was written")
    }
}
