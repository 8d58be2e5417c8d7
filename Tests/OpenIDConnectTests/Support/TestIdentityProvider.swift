import Clocks
import Foundation
import HTTPMessages
import HTTPTypes
import HearthFakes
import HearthTestSupport
import Logging
import MicroHTTPD
import Synchronization

/// A small OpenID provider on 127.0.0.1, port 0, served by the listener Hearth itself uses: discovery, a JWKS, a
/// token endpoint and an introspection endpoint, each answering what the test sets (and misbehaving when told), each
/// request recorded. Answers can be held (``hold``) on a clock of the fixture's own until the test advances it.
final class TestIdentityProvider: HTTPResponder, Sendable {
    /// One canned answer.
    struct Answer: Sendable {
        var status: HTTPResponse.Status = .ok
        var body: String
        var headers: HTTPFields = [.contentType: "application/json"]
    }

    /// The paths it serves.
    enum Endpoint: String, Sendable, CaseIterable {
        case discovery = "/.well-known/openid-configuration"
        case keys = "/jwks"
        case token = "/token"
        case introspection = "/introspect"
    }

    private struct State {
        var issuer = ""
        var answers: [Endpoint: Answer] = [:]
        var requests: [Endpoint: [Request]] = [:]
        var held: Set<Endpoint> = []
    }

    private let state = Mutex(State())
    /// One event per request read, any endpoint.
    let arrivals = EventCount()
    /// Held answers wait on this clock.
    let holdClock = ManualClock()
    private let server: HTTPServer
    let port: Int

    init() throws {
        let box = ResponderBox()
        server = HTTPServer(
            configuration: HTTPServerConfiguration(port: 0, threadPoolSize: 2, shutdownGracePeriodSeconds: 2),
            responder: box,
            logger: Logger(label: "test-idp", factory: { _ in SwiftLogNoOpLogHandler() }),
            clock: holdClock
        )
        port = try server.start()
        box.set(self)
        state.withLock { $0.issuer = "http://127.0.0.1:\(port)" }
    }

    /// `http://127.0.0.1:<port>`.
    var issuer: String { "http://127.0.0.1:\(port)" }

    func url(_ endpoint: Endpoint) -> String { issuer + endpoint.rawValue }

    func stop() { server.shutdown() }

    /// What `endpoint` answers from now on.
    func set(_ endpoint: Endpoint, _ answer: Answer) {
        state.withLock { $0.answers[endpoint] = answer }
    }

    func set(_ endpoint: Endpoint, status: HTTPResponse.Status = .ok, body: String, headers: HTTPFields = [:]) {
        var fields: HTTPFields = [.contentType: "application/json"]
        fields.append(contentsOf: headers)
        set(endpoint, Answer(status: status, body: body, headers: fields))
    }

    /// Answers to `endpoint` wait until ``holdClock`` is advanced by a second.
    func hold(_ endpoint: Endpoint) {
        state.withLock { _ = $0.held.insert(endpoint) }
    }

    /// The requests `endpoint` received.
    func requests(_ endpoint: Endpoint) -> [Request] {
        state.withLock { $0.requests[endpoint] ?? [] }
    }

    func count(_ endpoint: Endpoint) -> Int {
        requests(endpoint).count
    }

    /// The default discovery document naming this provider's endpoints.
    static func discoveryDocument(issuer: String, base: String? = nil) -> String {
        let base = base ?? issuer
        return """
            {"issuer":"\(issuer)","authorization_endpoint":"\(base)/authorize?tenant=a",\
            "token_endpoint":"\(base)/token","jwks_uri":"\(base)/jwks",\
            "introspection_endpoint":"\(base)/introspect","response_types_supported":["code"]}
            """
    }

    func respond(to request: Request) -> Response {
        guard let endpoint = Endpoint(rawValue: String(request.path)) else {
            arrivals.increment()
            return Response(status: .notFound)
        }
        let (answer, held) = state.withLock { state -> (Answer?, Bool) in
            state.requests[endpoint, default: []].append(request)
            var answer = state.answers[endpoint]
            if answer == nil, endpoint == .discovery {
                answer = Answer(body: Self.discoveryDocument(issuer: state.issuer))
            }
            return (answer, state.held.contains(endpoint))
        }
        arrivals.increment()
        guard let answer else { return Response(status: .notFound) }
        return Response(
            status: answer.status,
            headerFields: answer.headers,
            body: Array(answer.body.utf8),
            delay: held ? .seconds(1) : .zero
        )
    }
}

/// Lets the server be started before the provider it forwards to is complete.
private final class ResponderBox: HTTPResponder, Sendable {
    private let target = Mutex<TestIdentityProvider?>(nil)

    func set(_ provider: TestIdentityProvider) {
        target.withLock { $0 = provider }
    }

    func respond(to request: Request) -> Response {
        guard let provider = target.withLock({ $0 }) else { return Response(status: .serviceUnavailable) }
        return provider.respond(to: request)
    }
}
