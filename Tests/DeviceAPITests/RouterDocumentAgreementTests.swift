import Clocks
import DeviceAPI
import Foundation
import HTTPMessages
import HTTPTypes
import JSON
import Logging
import Registry
import RegistrySQLite
import Testing

/// `GET /v1/openapi.json` (the checked-in `openapi.json`) and the router agree route for route. The router's routes
/// are not written down twice: they are read from its own answers. For every path the document names (and a few it
/// does not), a request with a method no route uses (`OPTIONS`) is refused with 405 and an `Allow` header listing the
/// methods the router serves there, or with 404 where it serves nothing; those (method, path) pairs must be exactly
/// the document's operations. And each documented operation, sent as such, reaches a handler.
@Suite struct RouterDocumentAgreementTests {
    /// Paths the document does not name but a careless router might serve.
    static let probes = [
        "/v1/users", "/v1/users/{u}/devices/{d}/clusters", "/v1/users/{u}/state", "/v1/devices", "/v1/change",
        "/v1/users/{u}/devices/{d}/events/{e}", "/v1/openapi.yaml", "/v1",
    ]

    @Test func everyServedRouteIsDocumentedAndEveryDocumentedRouteIsServed() throws {
        try Self.withRouter { router, key in
            let document = try JSONParser.parse(Array(OpenAPIDocument.json.utf8))
            let documented = OpenAPIRoutes.operations(in: document)
            let paths = Set(documented.map(\.path)).union(Self.probes)

            var served: [OpenAPIRoutes.Route] = []
            for template in paths.sorted() {
                let target = Self.target(template)
                let answer = router.respond(
                    to: Request(method: .options, target: target, headerFields: [.authorization: "Bearer \(key)"])
                )
                switch answer.status {
                case .notFound:
                    continue
                case .methodNotAllowed:
                    let allow = try #require(answer.headerFields[.allow], "405 without Allow for \(target)")
                    for method in allow.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) })
                    // HEAD is GET without the body (RFC 9110 §9.3.2); the document describes GET.
                    where method != "HEAD" {
                        served.append(OpenAPIRoutes.Route(method: method, path: template))
                    }
                default:
                    Issue.record("OPTIONS \(target) answered \(answer.status.code); expected 404 or 405 with Allow")
                }
            }
            #expect(!served.isEmpty)
            #expect(OpenAPIRoutes.mismatches(routes: served, document: document) == [])
        }
    }

    /// The `Allow` header could list a method no handler serves; so each documented operation is also sent (no body,
    /// ids that exist or not) and must come back from a handler: not 405, and not the router's own 404 for a path it
    /// does not know ("no such endpoint"; a handler's 404 names the user or device).
    @Test func everyDocumentedOperationReachesAHandler() throws {
        try Self.withRouter { router, key in
            let document = try JSONParser.parse(Array(OpenAPIDocument.json.utf8))
            let documented = OpenAPIRoutes.operations(in: document)
            #expect(documented.count >= 12)
            for route in documented.sorted() {
                let target = Self.target(route.path)
                let answer = router.respond(
                    to: Request(
                        method: try #require(HTTPRequest.Method(route.method)),
                        target: target,
                        headerFields: [.authorization: "Bearer \(key)"]
                    )
                )
                let message = (try? JSONParser.parse(answer.body))?["message"]?.stringValue
                #expect(answer.status != .methodNotAllowed, "\(route.method) \(target) answered 405")
                #expect(
                    !(answer.status == .notFound && message == "no such endpoint"),
                    "\(route.method) \(target) is documented but the router does not know it"
                )
            }
        }
    }

    /// The router itself, with the change stream, over a SQLite file in a temporary directory, and an API key.
    static func withRouter(_ body: (DeviceAPIResponder, String) throws -> Void) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("routes-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try SQLiteRegistry(path: directory.appendingPathComponent("hearth.sqlite").path)
        defer { try? store.close() }
        let key = try store.create(name: "backend", now: SystemClock().unixTime)
        let router = DeviceAPIResponder(
            store: store,
            changes: ChangesResponder(store: store, clock: SystemClock()),
            logger: Logger(label: "routes", factory: { _ in SwiftLogNoOpLogHandler() })
        )
        try body(router, key)
    }

    /// A request target for a path template: every `{parameter}` an id.
    static func target(_ template: String) -> String {
        template.replacingOccurrences(of: #"\{[^}]*\}"#, with: "x1", options: .regularExpression)
    }
}
