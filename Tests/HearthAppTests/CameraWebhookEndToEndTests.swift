import Foundation
import HearthFakes
import HearthTestSupport
import JSON
import Logging
import MatterModel
import Registry
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `GetCameraStream` end to end: Google's EXECUTE into the real listener, delivered through the real webhook client
/// to `FakeDeviceBackend` on its own loopback listener, and the stream URL and signalling endpoint it answers,
/// fetched with the token Google was given.
@Suite struct CameraWebhookEndToEndTests {
    static let logger = Logger(label: "fake") { _ in SwiftLogNoOpLogHandler() }

    /// A rig whose user also has a valid Matter 1.5 camera (``CameraClusters``: Camera AV Stream Management and
    /// WebRTC Transport Provider), so it streams `webrtc`; `CameraStreamTests` covers `hls` from Push AV Stream
    /// Transport.
    static func rig() throws -> (WebhookDeliveryEndToEndTests.Rig, FakeDeviceBackend) {
        let fake = FakeDeviceBackend(secret: WebhookDeliveryEndToEndTests.secret, logger: logger)
        let rig = try WebhookDeliveryEndToEndTests.Rig(backend: fake)
        _ = try rig.hearth.store.importDevices(
            DeviceFile.parse(CameraClusters.deviceFile(user: "alice", id: "porch-cam", name: "Porch camera"))
        )
        return (rig, fake)
    }

    static func get(
        _ url: String,
        bearer: String?,
        method: String = "GET",
        body: String? = nil
    ) async throws -> (
        Int, HTTPURLResponse, Data
    ) {
        var request = URLRequest(url: try #require(URL(string: url)))
        request.httpMethod = method
        if let bearer { request.setValue("Bearer \(bearer)", forHTTPHeaderField: "Authorization") }
        if let body {
            request.httpBody = Data(body.utf8)
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        request.timeoutInterval = 10
        let (data, response) = try await URLSession.shared.data(for: request)
        let http = try #require(response as? HTTPURLResponse)
        return (http.statusCode, http, data)
    }

    @Test func aWebRTCStreamReachesTheBackendAndGoogleGetsItsThreeFields() async throws {
        let (rig, fake) = try Self.rig()
        defer { rig.shutdown() }
        let results = try await rig.execute(
            ["porch-cam"],
            command: "GetCameraStream",
            params: #"{"StreamToChromecast": true, "SupportedStreamProtocols": ["hls", "dash", "webrtc"]}"#
        )
        #expect(results.count == 1)
        let result = try #require(results.first)
        #expect(result["status"] == "SUCCESS")
        let states = try #require(result["states"]?.objectValue)
        let token = fake.streamToken(user: "alice", device: "porch-cam")
        let url = try #require(states["cameraStreamSignalingUrl"]?.stringValue)
        #expect(url.hasSuffix("/signal/alice/porch-cam"))
        #expect(states["cameraStreamAuthToken"] == .string(token))
        #expect(states["cameraStreamProtocol"] == "webrtc")
        #expect(
            states.keys.filter { $0.hasPrefix("cameraStream") }.sorted() == [
                "cameraStreamAuthToken", "cameraStreamProtocol", "cameraStreamSignalingUrl",
            ]
        )

        // The backend received Hearth's stream command, as the webhook contract names it, with the one protocol the
        // camera and the destination share.
        let delivery = try #require(fake.received.first)
        let command = delivery["devices"]?.arrayValue?.first?["endpoints"]?.arrayValue?.first?["commands"]?
            .arrayValue?.first
        #expect(command?["command"] == "CameraAvStreamManagement.HearthGetCameraStream")
        #expect(command?["arguments"]?["SupportedStreamProtocols"] == ["webrtc"])
        #expect(command?["arguments"]?["StreamToChromecast"] == true)

        // The fake's HLS stream of the same camera plays with the device's token, and not without it.
        let stream = url.replacingOccurrences(of: "/signal/alice/porch-cam", with: "/stream/alice/porch-cam.m3u8")
        let (status, _, body) = try await Self.get(stream, bearer: token)
        #expect(status == 200)
        #expect(String(decoding: body, as: UTF8.self).hasPrefix("#EXTM3U"))
        #expect(try await Self.get(stream, bearer: nil).0 == 401)
    }

    @Test func theFakesSignalingEndpointAnswersGooglesOfferWithTheDevicesToken()
        async throws
    {
        let (rig, fake) = try Self.rig()
        defer { rig.shutdown() }
        let results = try await rig.execute(
            ["porch-cam"],
            command: "GetCameraStream",
            params: #"{"StreamToChromecast": false, "SupportedStreamProtocols": ["webrtc"]}"#
        )
        let signaling = try #require(results.first?["states"]?["cameraStreamSignalingUrl"]?.stringValue)
        let token = try #require(results.first?["states"]?["cameraStreamAuthToken"]?.stringValue)
        #expect(token == fake.streamToken(user: "alice", device: "porch-cam"))
        let offer = #"{"action": "offer", "deviceId": "porch-cam", "sdp": "v=0\r\no=- 1 2 IN IP4 127.0.0.1\r\n"}"#
        let (status, response, body) = try await Self.get(signaling, bearer: token, method: "POST", body: offer)
        #expect(status == 200)
        #expect(response.value(forHTTPHeaderField: "Access-Control-Allow-Origin") == "https://www.gstatic.com")
        let answer = try JSONParser.parse(Array(body))
        #expect(answer["action"] == "answer")
        #expect(answer["sdp"] == .string(FakeDeviceBackend.answerSDP))
        #expect(try await Self.get(signaling, bearer: "not-the-token", method: "POST", body: offer).0 == 401)
    }
}
