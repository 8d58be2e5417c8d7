import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One outbound HTTP request: to the token endpoint or to HomeGraph.
public struct OutboundRequest: Sendable {
    /// `POST`, always, for what this module sends; kept for completeness.
    public var method: String
    /// The absolute URL.
    public var url: URL
    /// Header fields, in order.
    public var headers: [(name: String, value: String)]
    /// The body.
    public var body: [UInt8]

    /// Creates a request.
    public init(method: String = "POST", url: URL, headers: [(name: String, value: String)], body: [UInt8]) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
    }
}

/// One answer to an ``OutboundRequest``.
public struct OutboundResponse: Sendable {
    /// The HTTP status.
    public var status: Int
    /// Header fields; names compared case-insensitively by ``header(_:)``.
    public var headers: [(name: String, value: String)]
    /// The body.
    public var body: [UInt8]

    /// Creates a response.
    public init(status: Int, headers: [(name: String, value: String)] = [], body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// The first header field named `name`, compared case-insensitively.
    public func header(_ name: String) -> String? {
        let lowered = name.lowercased()
        return headers.first { $0.name.lowercased() == lowered }?.value
    }
}

/// Sends HTTP requests. Throwing means the request did not get an HTTP answer (no connection, timeout, TLS): the
/// caller treats that as retryable.
public protocol HomeGraphTransport: Sendable {
    /// Sends `request` and returns the answer, whatever its status.
    func send(_ request: OutboundRequest) async throws -> OutboundResponse
}

/// ``HomeGraphTransport`` over Foundation's `URLSession` (FoundationNetworking on Linux).
public struct URLSessionTransport: HomeGraphTransport {
    private let session: URLSession
    private let timeout: TimeInterval

    /// Creates a transport on `session`; each request times out after `timeout` seconds (HomeGraph can be slow:
    /// NabuCasa settled on 30 s).
    public init(session: URLSession = .shared, timeout: TimeInterval = 30) {
        self.session = session
        self.timeout = timeout
    }

    /// Sends `request` with `URLSession.data(for:)`.
    public func send(_ request: OutboundRequest) async throws -> OutboundResponse {
        var urlRequest = URLRequest(url: request.url)
        urlRequest.httpMethod = request.method
        urlRequest.httpBody = Data(request.body)
        urlRequest.timeoutInterval = timeout
        for (name, value) in request.headers {
            urlRequest.setValue(value, forHTTPHeaderField: name)
        }
        let (data, response) = try await session.data(for: urlRequest)
        guard let http = response as? HTTPURLResponse else {
            throw URLError(.badServerResponse)
        }
        var headers: [(name: String, value: String)] = []
        for (name, value) in http.allHeaderFields {
            headers.append((name: "\(name)", value: "\(value)"))
        }
        return OutboundResponse(status: http.statusCode, headers: headers, body: Array(data))
    }
}
