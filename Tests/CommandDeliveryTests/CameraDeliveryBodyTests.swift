import CommandDelivery
import Fulfillment
import JSON
import Testing

/// The webhook answer's per-device `response` (the data a stream command answers): read when it is an object, a
/// failed delivery when it is anything else, and absent for answers written before it existed.
struct CameraDeliveryBodyTests {
    @Test func aResponseObjectIsRead() {
        let body = #"""
            {"devices": {"cam": {"status": "SUCCESS", "response": {"cameraStreamProtocol": "hls",
              "cameraStreamAccessUrl": "https://cams.example/cam.m3u8", "cameraStreamAuthToken": "t"}}}}
            """#
        #expect(
            DeliveryBody.outcome(Array(body.utf8), asked: ["cam"])
                == .answered([
                    "cam": .success(
                        clusters: nil,
                        endpoint: nil,
                        response: JSONObject([
                            ("cameraStreamProtocol", "hls"),
                            ("cameraStreamAccessUrl", "https://cams.example/cam.m3u8"),
                            ("cameraStreamAuthToken", "t"),
                        ])
                    )
                ])
        )
    }

    @Test func aResponseThatIsNotAnObjectFailsTheDelivery() {
        for response in [#""https://cams.example""#, "[]", "7", "null"] {
            let body = #"{"devices": {"cam": {"status": "SUCCESS", "response": "# + response + "}}}"
            guard case .failed = DeliveryBody.outcome(Array(body.utf8), asked: ["cam"]) else {
                Issue.record("\(response) was accepted")
                continue
            }
        }
    }

    @Test func anAnswerWithoutResponseReadsAsBefore() {
        let body = #"{"devices": {"lamp": {"status": "SUCCESS"}}}"#
        #expect(
            DeliveryBody.outcome(Array(body.utf8), asked: ["lamp"])
                == .answered(["lamp": .success(clusters: nil, endpoint: nil)])
        )
    }
}
