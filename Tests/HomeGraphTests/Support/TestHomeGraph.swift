import Clocks
import Cryptography
import Foundation
import HTTPTypes
import HearthFakes
import HearthTestSupport
import HomeGraph
import JSON
import Logging
import MicroHTTPD
import OutboundHTTP
import Synchronization

extension Logger {
    /// A logger that drops everything.
    static let silent = Logger(label: "homegraph-tests") { _ in SwiftLogNoOpLogHandler() }
}

/// A 2048-bit RSA key pair made with `openssl genpkey` at test time.
struct TestKeyPair: Sendable {
    let privatePEM: String
    let publicPEM: String

    var privateKey: RSAPrivateKey {
        get throws { try RSAPrivateKey(pem: privatePEM) }
    }

    var publicKey: RSAPublicKey {
        get throws { try RSAPublicKey(pem: publicPEM) }
    }

    static func generate() throws -> TestKeyPair {
        let pair = try RSAKeyPair.generate()
        return TestKeyPair(privatePEM: pair.privatePEM, publicPEM: pair.publicPEM)
    }

    /// Two key pairs shared by every test in the process: generating RSA keys takes a while.
    static let shared: Result<(TestKeyPair, TestKeyPair), any Error> = Result { (try generate(), try generate()) }

    /// The service account's key pair.
    static var main: TestKeyPair { get throws { try shared.get().0 } }
    /// Another key pair, which the fake does not trust.
    static var other: TestKeyPair { get throws { try shared.get().1 } }
}

/// A fake HomeGraph listening on a loopback port, with a client whose service-account key points at it.
struct TestHomeGraph {
    let fake: FakeHomeGraph
    let server: HTTPServer
    let port: Int
    let key: ServiceAccountKey
    let tokens: AccessTokenProvider
    let client: HomeGraphClient
    /// This environment's own transport (its own HTTP client): a shared client would pool keep-alive connections
    /// across tests, and a later test's fake can get a port an earlier, stopped fake had, and with it a dead pooled
    /// connection.
    let transport: HTTPClientTransport

    var baseURL: URL { URL(string: "http://127.0.0.1:\(port)")! }

    /// Starts the fake on port 0 and builds a client for it.
    ///
    /// - Parameters:
    ///   - signingKey: The key the client signs with (the fake always trusts ``TestKeyPair/main``).
    ///   - clock: The clock of both the provider and the fake (default: the real one).
    ///   - tokenLifetimeSeconds: The fake's `expires_in`.
    ///   - clientPort: Where the client sends its token and HomeGraph requests instead of the fake (a
    ///     ``RefusingPort``'s, for an unreachable Google).
    init(
        signingKey: TestKeyPair? = nil,
        clock: ManualClock? = nil,
        tokenLifetimeSeconds: Int = 3600,
        clientPort: Int? = nil
    ) throws {
        let clock: any HearthClock = clock ?? SystemClock()
        fake = FakeHomeGraph(
            publicKey: try TestKeyPair.main.publicKey,
            tokenLifetimeSeconds: tokenLifetimeSeconds,
            clock: clock
        )
        server = HTTPServer(
            configuration: HTTPServerConfiguration(port: 0, threadPoolSize: 2, shutdownGracePeriodSeconds: 2),
            responder: fake,
            logger: .silent
        )
        port = try server.start()
        let target = clientPort ?? port
        key = ServiceAccountKey(
            clientEmail: "hearth@hearth-test.iam.gserviceaccount.com",
            privateKeyID: "test-key-1",
            privateKey: try (signingKey ?? TestKeyPair.main).privateKey,
            tokenURI: URL(string: "http://127.0.0.1:\(target)/token")!
        )
        transport = HTTPClientTransport(
            limits: OutboundLimits(deadline: .seconds(10), maxAnswerBytes: 1 << 20),
            client: HTTPClient()
        )
        tokens = AccessTokenProvider(
            key: key,
            transport: transport,
            clock: clock,
            logger: .silent
        )
        client = HomeGraphClient(
            endpoint: URL(string: "http://127.0.0.1:\(target)")!,
            tokens: tokens,
            transport: transport,
            logger: .silent
        )
    }

    /// Runs `body` with a fresh fake and client, then stops the fake.
    static func with<Result>(
        signingKey: TestKeyPair? = nil,
        clock: ManualClock? = nil,
        tokenLifetimeSeconds: Int = 3600,
        _ body: (TestHomeGraph) async throws -> Result
    ) async throws -> Result {
        let environment = try TestHomeGraph(
            signingKey: signingKey,
            clock: clock,
            tokenLifetimeSeconds: tokenLifetimeSeconds
        )
        defer {
            environment.server.shutdown()
        }
        return try await body(environment)
    }

    /// Sends a raw request to the fake and returns its status, headers and body as JSON.
    func request(
        _ method: String,
        _ path: String,
        body: String? = nil,
        headers: [(name: String, value: String)] = []
    ) async throws -> (status: Int, response: OutboundResponse, json: JSONValue?) {
        var request = OutboundRequest(
            method: HTTPRequest.Method(method)!,
            url: URL(string: "http://127.0.0.1:\(port)\(path)")!,
            headerFields: HTTPFields(headers.map { HTTPField(name: HTTPField.Name($0.name)!, value: $0.value) }),
            body: Array((body ?? "").utf8)
        )
        if body != nil, !request.headerFields.contains(.contentType) {
            request.headerFields[.contentType] = "application/json"
        }
        let response = try await transport.send(request)
        return (response.status.code, response, try? JSONParser.parse(response.body))
    }

    /// `GET /reports` over HTTP.
    func reports() async throws -> [JSONValue] {
        let (status, _, json) = try await request("GET", "/reports")
        guard status == 200, let reports = json?["reports"]?.arrayValue else {
            throw TestFailure("GET /reports answered \(status)")
        }
        return reports
    }
}

/// Parses a JSON literal written in a test; traps on malformed text, which is a bug in the test.
func json(_ text: String) -> JSONValue {
    do {
        return try JSONParser.parse(text)
    } catch {
        preconditionFailure("bad JSON in a test: \(error)")
    }
}

/// The object of a JSON literal written in a test.
func object(_ text: String) -> JSONObject {
    guard let object = json(text).objectValue else { preconditionFailure("not an object: \(text)") }
    return object
}
