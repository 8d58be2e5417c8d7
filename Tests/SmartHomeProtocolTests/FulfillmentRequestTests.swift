import JSON
import Testing

@testable import SmartHomeProtocol

struct FulfillmentRequestTests {
    @Test func readsTheEnvelope() throws {
        let body = Array(
            #"{"requestId":"r1","inputs":[{"intent":"action.devices.QUERY","payload":{"devices":[{"id":"a","customData":{"k":1}}]}}]}"#
                .utf8
        )
        let request = try FulfillmentRequest.parse(body)
        #expect(request.requestId == "r1")
        #expect(request.intent == .query)
        let query = try QueryRequest.parse(request.payload)
        #expect(query.devices == [DeviceReference(id: "a", customData: JSONObject([("k", 1)]))])
    }

    @Test func malformedJSONStillYieldsTheRequestIdWhenReadable() {
        let body = Array(#"{"requestId": "abc-1", "inputs": [ {"intent": "#.utf8)
        #expect {
            try FulfillmentRequest.parse(body)
        } throws: { error in
            guard let error = error as? RequestError else { return false }
            return error.kind == .malformedJSON && error.requestId == "abc-1"
        }
    }

    @Test(arguments: [
        (#"[1]"#, nil as String?),
        (#"{"inputs":[{"intent":"action.devices.SYNC"}]}"#, nil),
        (#"{"requestId":"r","inputs":[]}"#, "r"),
        (#"{"requestId":"r","inputs":[{"intent":"action.devices.SYNC"},{"intent":"action.devices.SYNC"}]}"#, "r"),
        (#"{"requestId":"r","inputs":[{}]}"#, "r"),
        (#"{"requestId":"r","inputs":{"intent":"action.devices.SYNC"}}"#, "r"),
        (#"{"requestId":"r","inputs":[{"intent":"action.devices.QUERY","payload":[1]}]}"#, "r"),
    ])
    func refusesEnvelopesThatAreNotOneIntent(body: String, requestId: String?) {
        #expect {
            try FulfillmentRequest.parse(Array(body.utf8))
        } throws: { error in
            guard let error = error as? RequestError else { return false }
            return error.kind == .invalidRequest && error.requestId == requestId
        }
    }

    @Test func unknownIntentIsReadButNotKnown() throws {
        let request = try FulfillmentRequest.parse(
            Array(#"{"requestId":"r","inputs":[{"intent":"action.devices.FOO"}]}"#.utf8)
        )
        #expect(request.intent == nil)
        #expect(request.intentName == "action.devices.FOO")
    }

    @Test func readsExecuteGroupsAndSteps() throws {
        let payload = try JSONParser.parse(
            #"{"commands":[{"devices":[{"id":"a"},{"id":"b"}],"execution":[{"command":"action.devices.commands.OnOff","params":{"on":true}},{"command":"action.devices.commands.BrightnessAbsolute","params":{"brightness":5},"challenge":{"ack":true}}]}]}"#
        ).objectValue
        let execute = try ExecuteRequest.parse(payload)
        #expect(execute.commands.count == 1)
        #expect(execute.commands[0].devices.map(\.id) == ["a", "b"])
        #expect(execute.commands[0].execution.map(\.command) == [.onOff, .brightnessAbsolute])
        #expect(execute.commands[0].execution[1].challenge == JSONObject([("ack", true)]))
    }

    @Test(arguments: [
        #"{}"#,
        #"{"commands":{}}"#,
        #"{"commands":[{"devices":[{"id":1}],"execution":[]}]}"#,
        #"{"commands":[{"devices":[],"execution":[{"params":{}}]}]}"#,
        #"{"commands":[{"devices":[],"execution":[{"command":"x","params":3}]}]}"#,
    ])
    func refusesMisshapenExecutePayloads(_ text: String) throws {
        let payload = try JSONParser.parse(text).objectValue
        #expect(throws: PayloadError.self) { try ExecuteRequest.parse(payload) }
    }

    @Test func anIdThatIsNotUTF8IsNotEchoed() {
        let body = Array(#"{"requestId":"r"#.utf8) + [0xFF] + Array(#"","inputs":[]}"#.utf8)
        let error = #expect(throws: RequestError.self) { try FulfillmentRequest.parse(body) }
        #expect(error?.kind == .malformedJSON)
        #expect(error?.requestId == nil)
        // A readable id is still echoed when the bad bytes are elsewhere.
        let elsewhere = Array(#"{"requestId":"r1","inputs":[{"k":""#.utf8) + [0xFF] + Array(#""}]}"#.utf8)
        let refused = #expect(throws: RequestError.self) { try FulfillmentRequest.parse(elsewhere) }
        #expect(refused?.kind == .malformedJSON)
        #expect(refused?.requestId == "r1")
    }
}

struct FulfillmentResponseTests {
    @Test func syncDeviceCarriesMatterIdentityAndTruncatedName() throws {
        let longName = String(repeating: "é", count: 70)
        let device = SyncDevice(
            id: "d",
            type: .light,
            traits: [.onOff],
            name: .init(name: SyncDevice.truncatedName(longName)),
            willReportState: true,
            otherDeviceIds: ["x"],
            matterUniqueId: "u",
            matterOriginalVendorId: SyncDevice.matterHexId(65521),
            matterOriginalProductId: SyncDevice.matterHexId(0x1234)
        )
        let json = try JSONParser.parse(
            FulfillmentResponseBody.sync(requestId: "r", agentUserId: "me", devices: [device])
        )
        let first = json["payload"]?["devices"]?.arrayValue?.first
        #expect(first?["name"]?["name"]?.stringValue?.unicodeScalars.count == 60)
        #expect(first?["matterOriginalVendorId"] == "0xfff1")
        #expect(first?["matterOriginalProductId"] == "0x1234")
        #expect(first?["otherDeviceIds"] == [["deviceId": "x"]])
        #expect(json["payload"]?["agentUserId"] == "me")
    }

    @Test func errorEchoesTheRequestIdOnlyWhenKnown() throws {
        #expect(
            try JSONParser.parse(FulfillmentResponseBody.error(requestId: "r", code: .protocolError))
                == ["requestId": "r", "payload": ["errorCode": "protocolError"]]
        )
        #expect(
            try JSONParser.parse(FulfillmentResponseBody.error(requestId: nil, code: .protocolError))
                == ["payload": ["errorCode": "protocolError"]]
        )
    }
}

struct QueryAnswerTests {
    @Test func queryAnswerWrapsPrewrittenEntriesKeyedById() throws {
        let entries = [
            QueryDeviceResult(online: true, status: .success, states: JSONObject([("on", true)])).jsonBytes,
            QueryDeviceResult.notFound.jsonBytes,
        ]
        let answer = try JSONParser.parse(
            FulfillmentResponseBody.query(requestId: "q\"1", ids: ["a", "b\\"], entries: entries)
        )
        #expect(
            answer == [
                "requestId": "q\"1",
                "payload": [
                    "devices": [
                        "a": ["online": true, "status": "SUCCESS", "on": true],
                        "b\\": ["online": false, "status": "ERROR", "errorCode": "deviceNotFound"],
                    ]
                ],
            ]
        )
    }
}
