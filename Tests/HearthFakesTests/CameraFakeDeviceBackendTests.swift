import Clocks
import CommandDelivery
import Fulfillment
import HTTPMessages
import HTTPTypes
import HearthFakes
import JSON
import Logging
import Testing

/// The fake device backend's camera streams: a stream command is answered with a local URL and a per-device token,
/// and the fake serves that URL (a playlist) and a WebRTC signalling endpoint, both behind the token.
struct CameraFakeDeviceBackendTests {
    let secret = Array("fake-backend-test-secret".utf8)
    let logger = Logger(label: "fake") { _ in SwiftLogNoOpLogHandler() }

    func delivery(_ devices: [String], protocols: [String], toChromecast: Bool = false) -> [UInt8] {
        DeliveryBody.request(
            PlannedCommands(
                requestId: "r",
                agentUserId: "alice",
                idempotencyKey: "alice:r",
                devices: devices.map { id in
                    PlannedCommands.Device(
                        id: id,
                        endpoints: [
                            PlannedCommands.Endpoint(
                                endpoint: 1,
                                commands: [
                                    PlannedCommands.Command(
                                        command: "CameraAvStreamManagement.HearthGetCameraStream",
                                        arguments: JSONObject([
                                            ("StreamToChromecast", .bool(toChromecast)),
                                            ("SupportedStreamProtocols", .array(protocols.map { .string($0) })),
                                            ("NeedAuthToken", true),
                                        ])
                                    )
                                ],
                                target: JSONObject()
                            )
                        ]
                    )
                }
            )
        )
    }

    func signed(_ body: [UInt8]) -> Request {
        let header = WebhookSignature.header(body: body, secret: secret, timestamp: SystemClock().unixTime.seconds)
        return Request(
            method: .post,
            target: "/commands",
            authority: "127.0.0.1:4321",
            headerFields: [HTTPField.Name(WebhookSignature.headerName)!: header, .contentType: "application/json"],
            body: body
        )
    }

    func response(_ fake: FakeDeviceBackend, _ body: [UInt8], _ id: String) throws -> JSONObject {
        let answer = fake.respond(to: signed(body))
        #expect(answer.status == .ok)
        guard case .answered(let outcomes) = DeliveryBody.outcome(answer.body, asked: [id]),
            case .success(_, _, let response) = outcomes[id]
        else {
            Issue.record("no SUCCESS for \(id)")
            return JSONObject()
        }
        return try #require(response)
    }

    @Test func anHLSStreamIsALocalURLWithAPerDeviceToken() throws {
        let fake = FakeDeviceBackend(secret: secret, logger: logger)
        let response = try response(fake, delivery(["cam"], protocols: ["hls", "webrtc"], toChromecast: true), "cam")
        let token = fake.streamToken(user: "alice", device: "cam")
        #expect(response["cameraStreamAccessUrl"] == "http://127.0.0.1:4321/stream/alice/cam.m3u8")
        #expect(response["cameraStreamReceiverAppId"] == .string(FakeDeviceBackend.receiverAppId))
        #expect(response["cameraStreamAuthToken"] == .string(token))
        #expect(response["cameraStreamProtocol"] == "hls")
        #expect(token != fake.streamToken(user: "alice", device: "other"))
        #expect(token != fake.streamToken(user: "bob", device: "cam"))

        let playlist = fake.respond(
            to: Request(
                method: .get,
                target: "/stream/alice/cam.m3u8",
                headerFields: [.authorization: "Bearer \(token)"]
            )
        )
        #expect(playlist.status == .ok)
        #expect(String(decoding: playlist.body, as: UTF8.self).hasPrefix("#EXTM3U"))
        let otherToken = fake.streamToken(user: "alice", device: "other")
        for headers: HTTPFields in [[:], [.authorization: "Bearer \(otherToken)"]] {
            #expect(
                fake.respond(to: Request(method: .get, target: "/stream/alice/cam.m3u8", headerFields: headers))
                    .status == .unauthorized
            )
        }
    }

    @Test func aWebRTCOfferGetsTheFixedAnswer() throws {
        let fake = FakeDeviceBackend(secret: secret, logger: logger)
        let response = try response(fake, delivery(["cam"], protocols: ["webrtc", "hls"]), "cam")
        #expect(response["cameraStreamSignalingUrl"] == "http://127.0.0.1:4321/signal/alice/cam")
        #expect(response["cameraStreamAccessUrl"] == nil)
        #expect(response["cameraStreamProtocol"] == "webrtc")
        let token = try #require(response["cameraStreamAuthToken"]?.stringValue)

        let offer = #"{"action": "offer", "deviceId": "cam", "sdp": "v=0\r\no=- 1 2 IN IP4 127.0.0.1\r\n"}"#
        let answer = fake.respond(
            to: Request(
                method: .post,
                target: "/signal/alice/cam",
                headerFields: [.authorization: "Bearer \(token)", .contentType: "application/json"],
                body: Array(offer.utf8)
            )
        )
        #expect(answer.status == .ok)
        #expect(answer.headerFields[.accessControlAllowOrigin] == "https://www.gstatic.com")
        let body = try JSONParser.parse(answer.body)
        #expect(body["action"] == "answer")
        #expect(body["sdp"] == .string(FakeDeviceBackend.answerSDP))
        let unauthenticated = fake.respond(
            to: Request(method: .post, target: "/signal/alice/cam", body: Array(offer.utf8))
        )
        #expect(unauthenticated.status == .unauthorized)
    }

    @Test func otherCommandsHaveNoResponse() throws {
        let body = DeliveryBody.request(
            PlannedCommands(
                requestId: "r",
                agentUserId: "alice",
                idempotencyKey: "alice:r",
                devices: [
                    PlannedCommands.Device(
                        id: "lamp",
                        endpoints: [
                            PlannedCommands.Endpoint(
                                endpoint: 1,
                                commands: [PlannedCommands.Command(command: "OnOff.On", arguments: JSONObject())],
                                target: JSONObject()
                            )
                        ]
                    )
                ]
            )
        )
        let fake = FakeDeviceBackend(secret: secret, logger: logger)
        let answer = fake.respond(to: signed(body))
        #expect(
            DeliveryBody.outcome(answer.body, asked: ["lamp"])
                == .answered(["lamp": .success(clusters: JSONObject(), endpoint: 1)])
        )
    }
}
