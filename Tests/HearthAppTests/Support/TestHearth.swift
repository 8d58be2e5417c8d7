import Clocks
import DeviceAPI
import Foundation
import Fulfillment
import HearthApp
import JSON
import Logging
import MatterModel
import MicroHTTPD
import Registry
import RegistrySQLite

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Hearth as `hearth serve` runs it — real SQLite file, real microhttpd listener on 127.0.0.1, port 0 — for
/// one test. `shutdown()` stops the listener and closes the database; the directory is removed.
final class TestHearth: @unchecked Sendable {
    let directory: URL
    let databasePath: String
    let store: SQLiteRegistry
    let server: HTTPServer
    let port: Int

    init(
        devices: String,
        options: FulfillmentOptions = FulfillmentOptions(),
        maxBodyBytes: Int = 1_048_576,
        deviceAPI: Bool = false,
        recorder: FulfillmentRecorder? = nil,
        deliverer: (any CommandDeliverer)? = nil,
        threads: Int = 2
    ) throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("hearth-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        databasePath = directory.appendingPathComponent("hearth.sqlite").path
        store = try SQLiteRegistry(path: databasePath)
        _ = try store.importDevices(try DeviceFile.parse(Array(devices.utf8)))
        var configuration = HTTPServerConfiguration()
        configuration.port = 0
        configuration.threadPoolSize = threads
        configuration.maxBodyBytes = maxBodyBytes
        let logger = Logger(label: "hearth-test", factory: { _ in SwiftLogNoOpLogHandler() })
        server = HTTPServer(
            configuration: configuration,
            responder: HearthResponder(
                store: store,
                options: options,
                logger: logger,
                deviceAPI: deviceAPI
                    ? DeviceAPIResponder(
                        store: store,
                        changes: ChangesResponder(store: store, clock: SystemClock()),
                        logger: logger
                    ) : nil,
                recorder: recorder,
                deliverer: deliverer
            ),
            logger: logger
        )
        port = try server.start()
    }

    func shutdown() {
        server.shutdown()
        try? store.close()
        try? FileManager.default.removeItem(at: directory)
    }

    /// A token for a user, valid for `ttl` seconds (or forever).
    func token(for user: String, ttl: Int? = nil) throws -> String {
        try store.issueToken(forUser: user, ttl: ttl, now: UnixTime(seconds: Int64(Date().timeIntervalSince1970)))
    }

    struct Response {
        var status: Int
        var headers: [String: String]
        var body: Data

        var json: JSONValue? { try? JSONParser.parse(Array(body)) }
        func header(_ name: String) -> String? {
            headers.first { $0.key.lowercased() == name.lowercased() }?.value
        }
    }

    /// Sends one request with URLSession.
    func send(
        _ method: String = "POST",
        path: String = "/fulfillment",
        body: Data? = nil,
        token: String? = nil,
        contentType: String? = "application/json"
    ) async throws -> Response {
        var request = URLRequest(url: URL(string: "http://127.0.0.1:\(port)\(path)")!)
        request.httpMethod = method
        request.httpBody = body
        if let token { request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
        if let contentType { request.setValue(contentType, forHTTPHeaderField: "Content-Type") }
        request.timeoutInterval = 10
        let (data, response) = try await URLSession.shared.data(for: request)
        let http = response as! HTTPURLResponse
        var headers: [String: String] = [:]
        for (key, value) in http.allHeaderFields { headers["\(key)"] = "\(value)" }
        return Response(status: http.statusCode, headers: headers, body: data)
    }

    /// POSTs an intent given as JSON text.
    func intent(_ json: String, token: String) async throws -> Response {
        try await send(body: Data(json.utf8), token: token)
    }
}

/// A two-user home used by most tests: `alice` has lights and a plug (one offline), `bob` has one light.
enum TestHomes {
    /// One user, alice, with one dimmable lamp (off, level 127): what the process tests of reporting and command
    /// delivery serve.
    static let aliceLamp = #"""
        {"users": [{"agentUserId": "alice", "devices": [
          {"id": "lamp", "name": "Lamp", "deviceTypes": ["DimmableLight"],
           "clusters": {"OnOff": {"OnOff": false}, "LevelControl": {"CurrentLevel": 127}}}
        ]}]}
        """#

    static let twoUsers = #"""
        {"users": [
          {"agentUserId": "alice", "devices": [
            {"id": "lamp", "name": "Lamp", "room": "Office", "deviceTypes": ["DimmableLight"],
             "basicInformation": {"vendorName": "Acme", "vendorID": 65521, "productName": "Bulb", "productID": 32769,
                                  "uniqueID": "acme-lamp"},
             "clusters": {"OnOff": {"OnOff": false}, "LevelControl": {"CurrentLevel": 127}}},
            {"id": "color", "name": "Color bulb", "deviceTypes": ["ExtendedColorLight"],
             "clusters": {"OnOff": {"OnOff": true}, "LevelControl": {"CurrentLevel": 254},
                          "ColorControl": {"ColorMode": 2, "ColorTemperatureMireds": 250,
                                           "ColorTempPhysicalMinMireds": 153, "ColorTempPhysicalMaxMireds": 500}}},
            {"id": "white", "name": "White bulb", "deviceTypes": ["ColorTemperatureLight"],
             "clusters": {"ColorControl": {"ColorMode": 2, "ColorTemperatureMireds": 300,
                                           "ColorTempPhysicalMinMireds": 200, "ColorTempPhysicalMaxMireds": 400}}},
            {"id": "plug", "name": "Plug", "deviceTypes": ["OnOffPlugInUnit"], "clusters": {"OnOff": {"OnOff": false}}},
            {"id": "porch", "name": "Porch", "deviceTypes": ["OnOffLight"], "online": false,
             "clusters": {"OnOff": {"OnOff": false}}}
          ]},
          {"agentUserId": "bob", "devices": [
            {"id": "bob-light", "name": "Bob's light", "deviceTypes": ["OnOffLight"], "clusters": {"OnOff": {"OnOff": false}}}
          ]}
        ]}
        """#

    static func query(_ ids: [String], requestId: String = "q") -> String {
        let devices = ids.map { #"{"id":"\#($0)"}"# }.joined(separator: ",")
        return
            #"{"requestId":"\#(requestId)","inputs":[{"intent":"action.devices.QUERY","payload":{"devices":[\#(devices)]}}]}"#
    }

    static func execute(_ ids: [String], command: String, params: String, requestId: String = "e") -> String {
        let devices = ids.map { #"{"id":"\#($0)"}"# }.joined(separator: ",")
        return
            #"{"requestId":"\#(requestId)","inputs":[{"intent":"action.devices.EXECUTE","payload":{"commands":[{"devices":[\#(devices)],"execution":[{"command":"action.devices.commands.\#(command)","params":\#(params)}]}]}}]}"#
    }

    static let sync = #"{"requestId":"s","inputs":[{"intent":"action.devices.SYNC"}]}"#
    static let disconnect = #"{"requestId":"d","inputs":[{"intent":"action.devices.DISCONNECT"}]}"#
}
