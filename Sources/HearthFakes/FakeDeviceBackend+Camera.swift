import Cryptography
import Foundation
import HTTPMessages
import HTTPTypes
import JSON

/// Camera streams in `hearth fake-device-backend`, so that `GetCameraStream` runs end to end on loopback.
///
/// A delivered `CameraAvStreamManagement.HearthGetCameraStream` is answered with the first protocol it asks for:
/// `webrtc` with `cameraStreamSignalingUrl` = `http://<host>/signal/<user>/<device>`, any other protocol with
/// `cameraStreamAccessUrl` = `http://<host>/stream/<user>/<device>.m3u8` (`.mpd` for `dash`, `.mp4` for
/// `progressive_mp4`), where `<host>` is the `Host` the delivery came to. Each answer carries a token scoped to the
/// one device (``streamToken(user:device:)``: an HMAC of user and device under the webhook secret), and, when the
/// stream goes to a Chromecast, ``receiverAppId``. The fake serves both URLs:
///
/// - `GET /stream/…` with `Authorization: Bearer <token>`: a tiny live HLS playlist (every format gets the same
///   text: the fake shows the path works, it has no video); 401 without the device's token.
/// - `POST /signal/…` with `Authorization: Bearer <token>` and Google's signalling body (`{"action": "offer",
///   "deviceId", "sdp"}`): `{"action": "answer", "sdp": <fixed test SDP>}` (``answerSDP``); `{"action": "end"}`
///   and `{"action": "answer", …}` get `{}`. Every signalling answer carries `Access-Control-Allow-Origin:
///   https://www.gstatic.com`, as Google asks of a signalling server.
extension FakeDeviceBackend {
    /// The Cast receiver the fake names for Chromecast streams (a made-up id).
    public static let receiverAppId = "FAKE0001"

    /// The fixed answer SDP of the fake's signalling endpoint (a valid-looking SDP without any media).
    public static let answerSDP =
        "v=0\r\no=- 4611731400430051336 2 IN IP4 127.0.0.1\r\ns=-\r\nt=0 0\r\na=group:BUNDLE 0\r\n"
        + "m=video 9 UDP/TLS/RTP/SAVPF 96\r\nc=IN IP4 0.0.0.0\r\na=mid:0\r\na=sendonly\r\na=rtcp-mux\r\n"
        + "a=rtpmap:96 H264/90000\r\n"

    /// The playlist every stream URL serves.
    static let playlist = "#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:2\n#EXT-X-MEDIA-SEQUENCE:0\n"

    /// The stream token of one device of one user: 32 hex digits of HMAC-SHA256(secret, "stream:<user>:<device>").
    public func streamToken(user: String, device: String) -> String {
        String(
            Hex.encode(HMACSHA256.authenticationCode(for: Array("stream:\(user):\(device)".utf8), key: secret))
                .prefix(32)
        )
    }

    /// The `response` for a device whose commands hold a stream command, else `nil`.
    func streamResponse(user: String, device: String, commands: [JSONValue], host: String) -> JSONObject? {
        guard
            let command = commands.first(where: {
                $0["command"]?.stringValue == "CameraAvStreamManagement.HearthGetCameraStream"
            }),
            let arguments = command["arguments"]?.objectValue
        else { return nil }
        let chosen = arguments["SupportedStreamProtocols"]?.arrayValue?.first?.stringValue ?? "hls"
        let toChromecast = arguments["StreamToChromecast"]?.boolValue ?? false
        let path = "\(Self.escaped(user))/\(Self.escaped(device))"
        var response = JSONObject()
        if chosen == "webrtc" {
            response.append("cameraStreamSignalingUrl", .string("http://\(host)/signal/\(path)"))
        } else {
            let suffix = ["dash": "mpd", "progressive_mp4": "mp4"][chosen] ?? "m3u8"
            response.append("cameraStreamAccessUrl", .string("http://\(host)/stream/\(path).\(suffix)"))
            if toChromecast { response.append("cameraStreamReceiverAppId", .string(Self.receiverAppId)) }
        }
        response.append("cameraStreamAuthToken", .string(streamToken(user: user, device: device)))
        response.append("cameraStreamProtocol", .string(chosen))
        return response
    }

    /// Serves `/stream/…` and `/signal/…`; `nil` for any other path (a webhook delivery).
    func respondToStream(_ request: Request) -> Response? {
        let path = String(request.path)
        let isStream = path.hasPrefix("/stream/")
        guard isStream || path.hasPrefix("/signal/") else { return nil }
        var parts = path.dropFirst(8).split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2 else { return Self.text(.notFound, "no such stream") }
        if isStream, let dot = parts[1].lastIndex(of: ".") { parts[1] = parts[1][..<dot] }
        guard let user = String(parts[0]).removingPercentEncoding,
            let device = String(parts[1]).removingPercentEncoding
        else { return Self.text(.notFound, "no such stream") }
        let token = streamToken(user: user, device: device)
        let bearer = request.headerFields[.authorization] ?? ""
        guard constantTimeEquals(Array(bearer.utf8), Array("Bearer \(token)".utf8)) else {
            return Self.text(.unauthorized, "the device's stream token is needed")
        }
        if isStream {
            guard request.method == .get else { return Self.text(.methodNotAllowed, "use GET") }
            return Response(
                status: .ok,
                headerFields: [.contentType: "application/vnd.apple.mpegurl"],
                body: Array(Self.playlist.utf8)
            )
        }
        guard request.method == .post else { return Self.text(.methodNotAllowed, "use POST") }
        guard let body = (try? JSONParser.parse(request.body))?.objectValue,
            let action = body["action"]?.stringValue
        else { return Self.text(.badRequest, "expected {\"action\", \"deviceId\", \"sdp\"}") }
        var fields: HTTPFields = [.contentType: "application/json"]
        fields[.accessControlAllowOrigin] = "https://www.gstatic.com"
        switch action {
        case "offer":
            guard body["sdp"]?.stringValue?.isEmpty == false else {
                return Self.text(.badRequest, "an offer needs its sdp")
            }
            let answer = JSONObject([("action", .string("answer")), ("sdp", .string(Self.answerSDP))])
            return Response(status: .ok, headerFields: fields, body: JSONWriter.bytes(.object(answer)))
        case "answer", "end":
            return Response(status: .ok, headerFields: fields, body: Array("{}".utf8))
        default:
            return Self.text(.badRequest, "unknown action")
        }
    }

    /// Percent-encodes everything but unreserved characters (RFC 3986), so an id is one path segment.
    static func escaped(_ text: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
    }

    private static func text(_ status: HTTPResponse.Status, _ message: String) -> Response {
        Response(status: status, headerFields: [.contentType: "text/plain"], body: Array(message.utf8))
    }
}
