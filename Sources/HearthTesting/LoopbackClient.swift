import Foundation
import HTTPTypes
import OutboundHTTP
import Synchronization

/// How the harnesses talk to the Hearth they started: requests to `http://127.0.0.1:<port>` through the outbound
/// HTTP client Hearth itself uses (libcurl), whose thread is started on the first request, not before.
final class LoopbackClient: Sendable {
    /// The longest answer read: 64 MiB, far above any answer Hearth gives (`http.maxBodyBytes` bounds requests, a
    /// SYNC of the largest registry is a few MiB); a larger one fails the request instead of filling memory.
    static let maxAnswerBytes = 64 << 20

    private let port: Int
    private let client = Mutex<HTTPClient?>(nil)

    init(port: Int) {
        self.port = port
    }

    /// Sends one request; `Content-Type: application/json` when there is a body and no content type.
    func send(
        _ method: HTTPRequest.Method,
        _ path: String,
        headerFields: HTTPFields,
        body: [UInt8],
        bearer: String?
    ) async throws -> LiveHearth.Response {
        var fields = headerFields
        if let bearer { fields[.authorization] = "Bearer \(bearer)" }
        if !body.isEmpty, fields[.contentType] == nil { fields[.contentType] = "application/json" }
        guard path.hasPrefix("/"), let url = URL(string: "http://127.0.0.1:\(port)" + path) else {
            throw LiveHearthError(code: .unexpectedAnswer, message: "not a path: \(path)")
        }
        let client = client.withLock { client in
            if client == nil { client = HTTPClient(maxHostConnections: 16) }
            return client!
        }
        let answer = try await client.send(
            OutboundRequest(method: method, url: url, headerFields: fields, body: body),
            limits: OutboundLimits(deadline: .seconds(60), maxAnswerBytes: Self.maxAnswerBytes)
        )
        return LiveHearth.Response(status: answer.status.code, headerFields: answer.headerFields, body: answer.body)
    }

    /// POSTs an intent request to `/fulfillment` with `token`; the answer's JSON.
    func intent(_ request: String, token: String) async throws -> JSONValue {
        let response = try await send(
            .post,
            "/fulfillment",
            headerFields: [:],
            body: Array(request.utf8),
            bearer: token
        )
        guard response.status == 200, let json = response.json, json.objectValue != nil else {
            throw LiveHearthError(
                code: .unexpectedAnswer,
                message: "POST /fulfillment answered \(response.status): \(response.text)"
            )
        }
        return json
    }
}
