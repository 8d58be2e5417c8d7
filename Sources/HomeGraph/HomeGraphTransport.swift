import Foundation
import HTTPTypes

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One outbound HTTP request: to the token endpoint or to HomeGraph.
public struct OutboundRequest: Sendable {
    /// `POST`, always, for what this module sends; kept for completeness.
    public var method: HTTPRequest.Method
    /// The absolute URL.
    public var url: URL
    /// Header fields, in order.
    public var headerFields: HTTPFields
    /// The body.
    public var body: [UInt8]

    /// Creates a request.
    public init(method: HTTPRequest.Method = .post, url: URL, headerFields: HTTPFields, body: [UInt8]) {
        self.method = method
        self.url = url
        self.headerFields = headerFields
        self.body = body
    }
}

/// One answer to an ``OutboundRequest``.
public struct OutboundResponse: Sendable {
    /// The HTTP status.
    public var status: HTTPResponse.Status
    /// Header fields.
    public var headerFields: HTTPFields
    /// The body.
    public var body: [UInt8]

    /// Creates a response.
    public init(status: HTTPResponse.Status, headerFields: HTTPFields = [:], body: [UInt8] = []) {
        self.status = status
        self.headerFields = headerFields
        self.body = body
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
        urlRequest.httpMethod = request.method.rawValue
        urlRequest.httpBody = Data(request.body)
        urlRequest.timeoutInterval = timeout
        for field in request.headerFields {
            urlRequest.addValue(field.value, forHTTPHeaderField: field.name.rawName)
        }
        let (data, response) = try await session.data(for: urlRequest)
        guard let http = response as? HTTPURLResponse else {
            throw URLError(.badServerResponse)
        }
        var headerFields = HTTPFields()
        for (name, value) in http.allHeaderFields {
            if let name = HTTPField.Name("\(name)") {
                headerFields.append(HTTPField(name: name, value: "\(value)"))
            }
        }
        guard (0...999).contains(http.statusCode) else {
            throw URLError(.badServerResponse)
        }
        return OutboundResponse(
            status: HTTPResponse.Status(code: http.statusCode),
            headerFields: headerFields,
            body: Array(data)
        )
    }
}
