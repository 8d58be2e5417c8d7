import Foundation
import JSON

/// What a `GetCameraStream` asked the device backend for, kept from the plan to check its answer.
struct CameraStreamRequest: Sendable, Hashable {
    /// The protocols both the destination and the camera support, in the destination's order.
    var protocols: [String]
    /// Google's `StreamToChromecast`.
    var toChromecast: Bool
    /// The SYNC attribute `cameraStreamNeedAuthToken` (always `true`, ``CameraStreamTrait/needAuthToken``).
    var needAuthToken: Bool
}

/// The device backend's answer to a stream command (its per-device `response` object) checked against Google's
/// CameraStream EXECUTE response, and turned into the `states` Google hears. A broken answer is never passed on.
///
/// Google's EXECUTE response fields for `GetCameraStream`, by protocol:
///
/// - every protocol: "`cameraStreamAuthToken` String. An auth token for the specific receiver to authorize access
///   to the stream." and "`cameraStreamProtocol` String. The media format that the stream url points to. It should
///   be one of the protocols listed in the SupportedStreamProtocols command parameter."
/// - `hls`, `dash`, `smooth_stream`, `progressive_mp4`: "`cameraStreamAccessUrl` String. URL endpoint for retrieving
///   the real-time stream in the format specified by cameraStreamProtocol." and "`cameraStreamReceiverAppId`
///   String. Cast receiver ID to process the camera stream when the StreamToChromecast parameter is true; default
///   receiver will be used if not provided."
/// - `webrtc`: "`cameraStreamSignalingUrl` String. URL endpoint for retrieving and exchanging camera and client
///   session description protocols (SDPs). The client should return the signaling URL which uses the
///   cameraStreamAuthToken as the authentication token in the request header.", "`cameraStreamOffer` String.
///   Offer session description protocol (SDP)." and "`cameraStreamIceServers` String. Represents the Interactive
///   Connectivity Establishment (ICE) servers using an encoded JSON string with the description of a RTCIceServer."
///
/// The rules Hearth enforces (each broken one refuses the answer):
/// - the answer is a JSON object of at most ``maxBytes`` bytes, with only the fields above;
/// - `cameraStreamProtocol` is one of the protocols the command asked for (Google's request ∩ the camera's SYNC
///   protocols), never another;
/// - a `webrtc` answer has a `cameraStreamSignalingUrl` and none of the HLS fields; any other protocol has a
///   `cameraStreamAccessUrl` and none of the WebRTC fields;
/// - URLs are absolute `https` URLs with a host (Google's surfaces fetch them from the internet). Plain `http` is
///   accepted only for a loopback host (`127.0.0.1`, `::1`, `localhost`), which Google can never reach: it exists
///   for `hearth fake-device-backend` and tests;
/// - `cameraStreamAuthToken` is a non-empty string whenever `cameraStreamNeedAuthToken` is `true` (always, in
///   Hearth): per Google's 2025-04-08 change the token is then mandatory and must be scoped to the one device
///   (Google no longer falls back to the user's OAuth token). Hearth cannot see a token's scope; the webhook
///   contract (DeviceBackendAPI.md) requires it, and Hearth refuses the same token answered for two devices of
///   one EXECUTE (``DeliveredExecution``);
/// - `cameraStreamIceServers`, when present, is a string holding a JSON array of objects (RTCIceServer).
enum CameraStreamAnswer {
    /// The most bytes of one device's `response` (as Hearth re-encodes it): 16 KiB. A URL and a token take a few
    /// hundred bytes; a WebRTC offer SDP with its ICE candidates gathered (Google: "Trickle ICE is not supported")
    /// runs to a few KiB. The whole delivery answer is bounded separately (`commands.maxAnswerBytes`).
    static let maxBytes = 16_384

    /// Why an answer was refused (for the log; Google hears only the error code).
    struct Rejection: Error, Equatable {
        var reason: String
    }

    static let commonFields = ["cameraStreamProtocol", "cameraStreamAuthToken"]
    static let urlFields = ["cameraStreamAccessUrl", "cameraStreamReceiverAppId"]
    static let webRTCFields = ["cameraStreamSignalingUrl", "cameraStreamOffer", "cameraStreamIceServers"]

    /// The `states` for Google, in Google's field order, or the reason the answer breaks the rules.
    static func states(
        _ response: JSONObject,
        for request: CameraStreamRequest
    ) throws(Rejection) -> JSONObject {
        let size = JSONWriter.bytes(.object(response)).count
        guard size <= maxBytes else {
            throw Rejection(reason: "the stream answer has \(size) bytes, more than \(maxBytes)")
        }
        for key in response.keys where !(commonFields + urlFields + webRTCFields).contains(key) {
            throw Rejection(reason: "the stream answer has \"\(key)\", which Google's CameraStream does not define")
        }
        guard let chosen = response["cameraStreamProtocol"]?.stringValue else {
            throw Rejection(reason: "the stream answer has no cameraStreamProtocol string")
        }
        guard request.protocols.contains(chosen) else {
            throw Rejection(
                reason:
                    "cameraStreamProtocol \"\(chosen)\" is not one the command asked for (\(request.protocols.joined(separator: ", ")))"
            )
        }
        let token = try optionalString(response, "cameraStreamAuthToken")
        if request.needAuthToken, token == nil {
            throw Rejection(reason: "cameraStreamNeedAuthToken is true but the answer has no cameraStreamAuthToken")
        }
        var states = JSONObject()
        if chosen == "webrtc" {
            for key in urlFields where response[key] != nil {
                throw Rejection(reason: "a webrtc answer must not have \(key)")
            }
            guard let signaling = try optionalString(response, "cameraStreamSignalingUrl") else {
                throw Rejection(reason: "a webrtc answer needs cameraStreamSignalingUrl")
            }
            try checkURL(signaling, "cameraStreamSignalingUrl")
            states.append("cameraStreamSignalingUrl", .string(signaling))
            if let offer = try optionalString(response, "cameraStreamOffer") {
                states.append("cameraStreamOffer", .string(offer))
            }
            if let servers = try optionalString(response, "cameraStreamIceServers") {
                guard let parsed = try? JSONParser.parse(Array(servers.utf8)), let list = parsed.arrayValue,
                    list.allSatisfy({ $0.objectValue != nil })
                else {
                    throw Rejection(reason: "cameraStreamIceServers must be a JSON array of RTCIceServer objects")
                }
                states.append("cameraStreamIceServers", .string(servers))
            }
        } else {
            for key in webRTCFields where response[key] != nil {
                throw Rejection(reason: "a \(chosen) answer must not have \(key)")
            }
            guard let url = try optionalString(response, "cameraStreamAccessUrl") else {
                throw Rejection(reason: "a \(chosen) answer needs cameraStreamAccessUrl")
            }
            try checkURL(url, "cameraStreamAccessUrl")
            states.append("cameraStreamAccessUrl", .string(url))
            if let receiver = try optionalString(response, "cameraStreamReceiverAppId") {
                states.append("cameraStreamReceiverAppId", .string(receiver))
            }
        }
        if let token { states.append("cameraStreamAuthToken", .string(token)) }
        states.append("cameraStreamProtocol", .string(chosen))
        return states
    }

    /// A field that is absent, or a non-empty string.
    private static func optionalString(_ object: JSONObject, _ key: String) throws(Rejection) -> String? {
        guard let value = object[key] else { return nil }
        guard let text = value.stringValue, !text.isEmpty else {
            throw Rejection(reason: "\(key) must be a non-empty string")
        }
        return text
    }

    /// An absolute `https` URL with a host, or `http` on a loopback host.
    static func checkURL(_ text: String, _ field: String) throws(Rejection) {
        guard let components = URLComponents(string: text), let scheme = components.scheme?.lowercased(),
            let host = components.host, !host.isEmpty
        else {
            throw Rejection(reason: "\(field) is not an absolute URL with a host")
        }
        let loopback = ["127.0.0.1", "::1", "[::1]", "localhost"].contains(host.lowercased())
        guard scheme == "https" || (scheme == "http" && loopback) else {
            throw Rejection(reason: "\(field) must be an https URL (http only on loopback, for tests)")
        }
    }
}
