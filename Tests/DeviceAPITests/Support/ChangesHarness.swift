import Clocks
import DeviceAPI
import Foundation
import HearthFakes
import HearthTestSupport
import JSON
import Logging
import MatterModel
import MicroHTTPD
import Registry
import RegistrySQLite

/// A ``ChangesResponder`` mounted on a real listener on a loopback port, over a registry in a temporary file,
/// with a clock the test moves. Changes are made through the store's own write paths.
final class ChangesHarness: Sendable {
    let directory: URL
    private let ownsDirectory: Bool
    let clock = ManualClock()
    let store: SQLiteRegistry
    let responder: ChangesResponder
    let server: HTTPServer
    let port: Int

    /// - Parameter directory: Where the registry file is; a new temporary directory (removed at the end) when nil.
    init(streamCapacity: Int = 1 << 20, directory: URL? = nil) throws {
        ownsDirectory = directory == nil
        self.directory =
            directory ?? FileManager.default.temporaryDirectory.appendingPathComponent("changes-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: self.directory, withIntermediateDirectories: true)
        store = try SQLiteRegistry(
            path: self.directory.appendingPathComponent("registry.sqlite").path,
            clock: clock
        )
        responder = ChangesResponder(
            store: store,
            clock: clock,
            heartbeatInterval: .seconds(15),
            streamCapacity: streamCapacity
        )
        server = HTTPServer(
            configuration: HTTPServerConfiguration(port: 0, threadPoolSize: 2, shutdownGracePeriodSeconds: 5),
            responder: responder,
            logger: Logger(label: "DeviceAPITests") { _ in SwiftLogNoOpLogHandler() },
            clock: clock
        )
        port = try server.start()
    }

    deinit {
        server.shutdown()
        try? store.close()
        if ownsDirectory { try? FileManager.default.removeItem(at: directory) }
    }

    /// `plug-N` devices for `user`, as a device file.
    static func plugs(_ user: String, _ ids: [String]) throws -> DeviceFile {
        let devices = ids.map {
            #"{"id": "\#($0)", "name": "Plug \#($0)", "deviceType": "OnOffPlugInUnit", "clusters": {"OnOff": {"OnOff": false}}}"#
        }
        return try DeviceFile.parse(
            #"{"users": [{"agentUserId": "\#(user)", "devices": [\#(devices.joined(separator: ","))]}]}"#
        )
    }

    /// Switches a device on or off the way `hearth devices set` does; returns the cursors recorded.
    @discardableResult
    func setOnOff(_ user: String, _ device: String, _ on: Bool) throws -> [Int64] {
        let before = try store.changeBounds().latest
        try store.updateDevicesRecordingChanges(forUser: user, ids: [device]) { devices, _, changes in
            guard let old = devices[device] else { return }
            var new = old
            new.endpoints[0].clusters[.OnOff]?["OnOff"] = .bool(on)
            devices[device] = new
            changes += ChangeRecord.stateChanges(forUser: user, from: old, to: new, by: .api)
        }
        return try store.changes(after: before, limit: 100, users: nil, kinds: nil).map(\.cursor)
    }

    /// `GET target` with curl; the status and the body as JSON.
    func get(_ target: String, headers: [String] = []) throws -> (status: Int, body: JSONValue?) {
        let result = try Curl.run(headers.flatMap { ["-H", $0] } + ["http://127.0.0.1:\(port)\(target)"])
        return (result.status, try? JSONParser.parse(result.body))
    }

    /// Opens an event stream on a raw socket and reads its head.
    func openStream(_ target: String, lastEventID: Int64? = nil) throws -> RawHTTPClient {
        let client = try RawHTTPClient(port: port)
        var request = "GET \(target) HTTP/1.1\r\nHost: t\r\nAccept: text/event-stream\r\n"
        if let lastEventID { request += "Last-Event-ID: \(lastEventID)\r\n" }
        try client.send(request + "\r\n")
        let head = try client.readHead()
        guard head.status == 200 else {
            throw RawHTTPClient.Failure(operation: "open stream: status \(head.status)", errorNumber: 0)
        }
        return client
    }

    /// Waits until `condition` on the responder's streams or long-polls holds, for at most ten seconds: woken by
    /// the responder each time their number changes (``ChangesResponder/observeCounts(_:)``), not by polling.
    func until(_ condition: () -> Bool) -> Bool {
        let changed = DispatchSemaphore(value: 0)
        responder.observeCounts { changed.signal() }
        defer { responder.observeCounts(nil) }
        let deadline = DispatchTime.now() + .seconds(10)
        while !condition() {
            guard changed.wait(timeout: deadline) == .success else { return condition() }
        }
        return true
    }
}

/// One Server-Sent Event as a test reads it.
struct SSEEvent: Equatable {
    var id: Int64?
    var event: String?
    var data: JSONValue?

    /// The complete events in `text` (comments skipped, a partly received last event left out), in order.
    static func parse(_ text: String) -> [SSEEvent] {
        text.components(separatedBy: "\n\n").dropLast().compactMap { block in
            var event = SSEEvent()
            var any = false
            for line in block.split(separator: "\n") where !line.hasPrefix(":") {
                if line.hasPrefix("id: ") { event.id = Int64(line.dropFirst(4)) }
                if line.hasPrefix("event: ") { event.event = String(line.dropFirst(7)) }
                if line.hasPrefix("data: ") { event.data = try? JSONParser.parse(String(line.dropFirst(6))) }
                any = true
            }
            return any ? event : nil
        }
    }
}
