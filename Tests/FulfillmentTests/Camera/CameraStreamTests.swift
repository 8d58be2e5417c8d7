import Clocks
import HearthFakes
import HearthTestSupport
import JSON
import Logging
import MatterModel
import Registry
import RegistrySQLite
import SmartHomeProtocol
import Synchronization
import Testing

@testable import Fulfillment

/// Google `CameraStream` on Matter cameras: SYNC attributes from the endpoint's transports, the registry-mode refusal,
/// and a `GetCameraStream` delivered to the device backend as Hearth's stream command, its answer checked before
/// Google hears it.
struct CameraStreamTests {
    /// A camera endpoint built in code, whose transports are given by presence (the camera clusters' attributes are
    /// not needed by the mapping), for the pure tests: it includes the cameras the registry refuses (without WebRTC
    /// Transport Provider, which the Camera device type makes mandatory), so the `hls` fallback is tested here.
    static func camera(_ id: String, webRTC: Bool = false, push: Bool = false) -> Device {
        var clusters: [ClusterID: ClusterState] = [:]
        if webRTC { clusters[.WebRtcTransportProvider] = ClusterState() }
        if push { clusters[.PushAvStreamTransport] = ClusterState() }
        return Device(id: id, name: "Camera \(id)", deviceTypes: [.Camera], clusters: clusters)
    }

    /// A valid Matter 1.5 camera as the registry stores it (``CameraClusters``): Camera AV Stream Management and
    /// WebRTC Transport Provider, so it streams `webrtc`; with Push AV Stream Transport (`push`) also `hls` and
    /// `dash`.
    static func storedCamera(_ id: String, push: Bool = false) throws -> Device {
        let file = try DeviceFile.parse(
            CameraClusters.deviceFile(user: Fixtures.alice, id: id, name: "Camera \(id)", push: push)
        )
        return try #require(file.users.first?.devices.first)
    }

    /// A registry holding a valid camera for each id.
    static func store(_ ids: String...) throws -> SQLiteRegistry {
        let store = try SQLiteRegistry.inMemory()
        let devices = try ids.map { try storedCamera($0) }
        _ = try store.importDevices(DeviceFile(users: [UserDevices(agentUserId: Fixtures.alice, devices: devices)]))
        return store
    }

    static func getCameraStream(_ protocols: [String], toChromecast: Bool = false) -> JSONValue {
        GoogleRequest.step(
            "GetCameraStream",
            [
                "StreamToChromecast": .bool(toChromecast),
                "SupportedStreamProtocols": .array(protocols.map { .string($0) }),
            ]
        )
    }

    /// A deliverer that records what it is asked and answers what the test scripts.
    final class ScriptedDeliverer: CommandDeliverer {
        let delivered = Mutex<[PlannedCommands]>([])
        let answer: @Sendable (PlannedCommands) -> DeliveryOutcome

        init(_ answer: @escaping @Sendable (PlannedCommands) -> DeliveryOutcome) {
            self.answer = answer
        }

        func deliver(
            _ commands: PlannedCommands,
            deadline: Duration,
            completion: @escaping @Sendable (DeliveryOutcome) -> Void
        ) {
            delivered.withLock { $0.append(commands) }
            completion(answer(commands))
        }
    }

    static func dispatcher(_ store: SQLiteRegistry, _ deliverer: (any CommandDeliverer)?) -> IntentDispatcher {
        IntentDispatcher(
            store: store,
            options: FulfillmentOptions(),
            logger: Logger(label: "camera", factory: { _ in SwiftLogNoOpLogHandler() }),
            clock: ManualClock(unixMilliseconds: 1_800_000_000_000),
            deliverer: deliverer
        )
    }

    static func execute(_ dispatcher: IntentDispatcher, _ ids: [String], _ step: JSONValue) throws -> [JSONValue] {
        let request = GoogleRequest.execute([GoogleRequest.group(ids, step)])
        let answer = dispatcher.handle(body: Array(request.description.utf8), agentUserId: Fixtures.alice)
        return try JSONParser.parse(answer.body)["payload"]?["commands"]?.arrayValue ?? []
    }

    static func hlsResponse(token: String? = "token-cam", url: String = "https://cams.example/s/cam.m3u8") -> JSONObject
    {
        var response = JSONObject()
        response.append("cameraStreamAccessUrl", .string(url))
        response.append("cameraStreamReceiverAppId", .string("RECV01"))
        if let token { response.append("cameraStreamAuthToken", .string(token)) }
        response.append("cameraStreamProtocol", .string("hls"))
        return response
    }

    static func webRTCResponse(
        token: String? = "token-cam",
        url: String = "https://cams.example/signal/cam"
    ) -> JSONObject {
        var response = JSONObject()
        response.append("cameraStreamSignalingUrl", .string(url))
        response.append("cameraStreamOffer", .string("v=0"))
        if let token { response.append("cameraStreamAuthToken", .string(token)) }
        response.append("cameraStreamProtocol", .string("webrtc"))
        return response
    }

    // MARK: - SYNC

    @Test(arguments: [
        (true, false, ["webrtc"]), (false, true, ["hls", "dash"]), (true, true, ["webrtc", "hls", "dash"]),
        (false, false, ["hls"]),
    ])
    func syncProtocolsFollowTheTransports(webRTC: Bool, push: Bool, protocols: [String]) throws {
        var attributes = JSONObject()
        CameraStreamTrait.attributes(of: Self.camera("c", webRTC: webRTC, push: push).endpoints[0], into: &attributes)
        #expect(attributes["cameraStreamSupportedProtocols"] == .array(protocols.map { .string($0) }))
        #expect(attributes["cameraStreamNeedAuthToken"] == .bool(true))
        #expect(attributes.count == 2)
    }

    @Test func aCameraSyncsAsCameraWithCameraStream() throws {
        let store = try Self.store("cam")
        let dispatcher = Self.dispatcher(store, nil)
        let answer = dispatcher.handle(
            body: Array(GoogleRequest.sync().description.utf8),
            agentUserId: Fixtures.alice
        )
        let device = try #require(
            try JSONParser.parse(answer.body)["payload"]?["devices"]?.arrayValue?.first { $0["id"] == "cam" }
        )
        #expect(device["type"] == "action.devices.types.CAMERA")
        #expect(device["traits"]?.arrayValue?.contains("action.devices.traits.CameraStream") == true)
        #expect(device["attributes"]?["cameraStreamSupportedProtocols"] == ["webrtc"])
        #expect(device["attributes"]?["cameraStreamNeedAuthToken"] == true)
    }

    // MARK: - Registry mode

    @Test func registryModeAnswersFunctionNotSupportedAndNoURL() throws {
        let store = try Self.store("cam")
        let commands = try Self.execute(Self.dispatcher(store, nil), ["cam"], Self.getCameraStream(["webrtc"]))
        #expect(commands.count == 1)
        #expect(commands.first?["status"] == "ERROR")
        #expect(commands.first?["errorCode"] == "functionNotSupported")
        #expect(commands.first?["states"]?["cameraStreamAccessUrl"] == nil)
        #expect(commands.first?["states"]?["cameraStreamSignalingUrl"] == nil)
    }

    // MARK: - Delivered

    @Test func aStreamIsDeliveredAsHearthsCommandAndAnsweredWithGooglesFields()
        throws
    {
        let store = try Self.store("cam")
        let deliverer = ScriptedDeliverer { commands in
            .answered(
                Dictionary(
                    uniqueKeysWithValues: commands.devices.map {
                        ($0.id, .success(clusters: nil, endpoint: nil, response: Self.webRTCResponse()))
                    }
                )
            )
        }
        let commands = try Self.execute(
            Self.dispatcher(store, deliverer),
            ["cam"],
            Self.getCameraStream(["dash", "hls", "webrtc"], toChromecast: true)
        )
        let delivered = try #require(deliverer.delivered.withLock { $0.first })
        let command = try #require(delivered.devices.first?.endpoints.first?.commands.first)
        #expect(command.command == "CameraAvStreamManagement.HearthGetCameraStream")
        #expect(
            command.arguments
                == JSONObject([
                    ("StreamToChromecast", true), ("SupportedStreamProtocols", ["webrtc"]),
                    ("NeedAuthToken", true),
                ])
        )
        #expect(commands.first?["status"] == "SUCCESS")
        let states = try #require(commands.first?["states"]?.objectValue)
        #expect(states["cameraStreamSignalingUrl"] == "https://cams.example/signal/cam")
        #expect(states["cameraStreamOffer"] == "v=0")
        #expect(states["cameraStreamAuthToken"] == "token-cam")
        #expect(states["cameraStreamProtocol"] == "webrtc")
        #expect(states.keys.filter { $0.hasPrefix("cameraStream") }.count == 4)
    }

    /// A stored camera with Push AV Stream Transport streams `hls` too: a destination that takes only `hls` gets it
    /// through the backend, with Google's four fields.
    @Test func aPushTransportCameraIsDeliveredAnHLSStream() throws {
        let store = try SQLiteRegistry.inMemory()
        _ = try store.importDevices(
            DeviceFile(users: [
                UserDevices(agentUserId: Fixtures.alice, devices: [try Self.storedCamera("cam", push: true)])
            ])
        )
        let sync = Self.dispatcher(store, nil).handle(
            body: Array(GoogleRequest.sync().description.utf8),
            agentUserId: Fixtures.alice
        )
        let device = try JSONParser.parse(sync.body)["payload"]?["devices"]?.arrayValue?.first { $0["id"] == "cam" }
        #expect(device?["attributes"]?["cameraStreamSupportedProtocols"] == ["webrtc", "hls", "dash"])
        let deliverer = ScriptedDeliverer { commands in
            .answered(
                Dictionary(
                    uniqueKeysWithValues: commands.devices.map {
                        ($0.id, .success(clusters: nil, endpoint: nil, response: Self.hlsResponse()))
                    }
                )
            )
        }
        let commands = try Self.execute(Self.dispatcher(store, deliverer), ["cam"], Self.getCameraStream(["hls"]))
        let delivered = try #require(deliverer.delivered.withLock { $0.first })
        #expect(
            delivered.devices.first?.endpoints.first?.commands.first?.arguments["SupportedStreamProtocols"] == ["hls"]
        )
        #expect(commands.first?["status"] == "SUCCESS")
        let states = try #require(commands.first?["states"]?.objectValue)
        #expect(states["cameraStreamAccessUrl"] == "https://cams.example/s/cam.m3u8")
        #expect(states["cameraStreamProtocol"] == "hls")
        #expect(states["cameraStreamAuthToken"] == "token-cam")
        #expect(states["cameraStreamReceiverAppId"] != nil)
    }

    @Test func aProtocolNoDestinationSupportsIsRefusedBeforeDelivery() throws {
        let store = try Self.store("cam")
        let deliverer = ScriptedDeliverer { _ in .answered([:]) }
        let commands = try Self.execute(Self.dispatcher(store, deliverer), ["cam"], Self.getCameraStream(["hls"]))
        #expect(commands.first?["errorCode"] == "notSupported")
        #expect(deliverer.delivered.withLock { $0.isEmpty })
    }

    @Test(
        arguments: [
            ("no token", CameraStreamTests.webRTCResponse(token: nil)),
            (
                "protocol not asked for",
                JSONObject([
                    ("cameraStreamAccessUrl", "https://x.example/a.mpd"),
                    ("cameraStreamAuthToken", "t"), ("cameraStreamProtocol", "dash"),
                ])
            ),
            ("plain http", CameraStreamTests.webRTCResponse(url: "http://cams.example/signal/cam")),
            ("not a URL", CameraStreamTests.webRTCResponse(url: "cams")),
            (
                "unknown field",
                JSONObject(CameraStreamTests.webRTCResponse().map { ($0.key, $0.value) } + [("password", "x")])
            ),
            (
                "oversized",
                CameraStreamTests.webRTCResponse(token: String(repeating: "t", count: CameraStreamAnswer.maxBytes))
            ),
            (
                "hls field on webrtc",
                JSONObject(
                    CameraStreamTests.webRTCResponse().map { ($0.key, $0.value) } + [
                        ("cameraStreamAccessUrl", "https://x.example/a.m3u8")
                    ]
                )
            ),
            (
                "token not a string",
                JSONObject([
                    ("cameraStreamSignalingUrl", "https://x.example/signal/cam"),
                    ("cameraStreamAuthToken", 7), ("cameraStreamProtocol", "webrtc"),
                ])
            ),
        ]
    )
    func aBrokenAnswerIsHardErrorAndNeverPassedOn(_ name: String, _ response: JSONObject) throws {
        let store = try Self.store("cam")
        let deliverer = ScriptedDeliverer { _ in
            .answered(["cam": .success(clusters: nil, endpoint: nil, response: response)])
        }
        let commands = try Self.execute(Self.dispatcher(store, deliverer), ["cam"], Self.getCameraStream(["webrtc"]))
        #expect(commands.count == 1, "\(name)")
        #expect(commands.first?["status"] == "ERROR", "\(name)")
        #expect(commands.first?["errorCode"] == "hardError", "\(name)")
        #expect(commands.first?["states"] == nil, "\(name)")
    }

    @Test func aMissingResponseIsHardErrorAndPendingIsTransientError() throws {
        let store = try Self.store("a", "b")
        let deliverer = ScriptedDeliverer { _ in
            .answered(["a": .success(clusters: nil, endpoint: nil), "b": .pending])
        }
        let commands = try Self.execute(
            Self.dispatcher(store, deliverer),
            ["a", "b"],
            Self.getCameraStream(["webrtc"])
        )
        #expect(commands.first { $0["ids"] == ["a"] }?["errorCode"] == "hardError")
        #expect(commands.first { $0["ids"] == ["b"] }?["errorCode"] == "transientError")
    }

    @Test func oneTokenForTwoDevicesIsRefused() throws {
        let store = try Self.store("a", "b")
        let deliverer = ScriptedDeliverer { _ in
            .answered([
                "a": .success(clusters: nil, endpoint: nil, response: Self.webRTCResponse(token: "shared")),
                "b": .success(clusters: nil, endpoint: nil, response: Self.webRTCResponse(token: "shared")),
            ])
        }
        let commands = try Self.execute(
            Self.dispatcher(store, deliverer),
            ["a", "b"],
            Self.getCameraStream(["webrtc"])
        )
        #expect(commands.first { $0["ids"] == ["a"] }?["status"] == "SUCCESS")
        #expect(commands.first { $0["ids"] == ["b"] }?["errorCode"] == "hardError")
    }

    // MARK: - Without the registry (the same rules, on devices in memory)

    static func run(
        _ device: Device,
        _ params: JSONObject,
        delivered: Bool
    ) -> (ExecuteResult, [(endpoint: Int, MatterCommandDescription)]) {
        var devices = [device.id: device]
        var attempts: PINAttempts?
        var commands: [(endpoint: Int, MatterCommandDescription)] = []
        let result = ExecuteHandler.execute(
            [ExecuteRequest.Execution(commandName: "action.devices.commands.GetCameraStream", params: params)],
            on: device.id,
            in: &devices,
            attempts: &attempts,
            challenges: ChallengeCheck(lockout: FulfillmentOptions().pinLockout, now: UnixTime(seconds: 1_800_000_000)),
            mode: .strict,
            commands: &commands,
            delivered: delivered
        )
        return (result, commands)
    }

    static func params(_ protocols: [String], toChromecast: Bool = false) -> JSONObject {
        JSONObject([
            ("StreamToChromecast", .bool(toChromecast)),
            ("SupportedStreamProtocols", .array(protocols.map { .string($0) })),
        ])
    }

    @Test func withoutABackendTheCommandIsFunctionNotSupported() {
        let (result, commands) = Self.run(Self.camera("cam", webRTC: true), Self.params(["webrtc"]), delivered: false)
        #expect(result.status == .error)
        #expect(result.errorCode == .functionNotSupported)
        #expect(result.states?["cameraStreamSignalingUrl"] == nil)
        #expect(commands.isEmpty)
    }

    @Test func deliveredTheCommandRunsAndIsDescribed() throws {
        let (result, commands) = Self.run(
            Self.camera("cam", webRTC: true),
            Self.params(["webrtc"]),
            delivered: true
        )
        #expect(result.status == .success)
        #expect(commands.map(\.1.command) == ["CameraAvStreamManagement.HearthGetCameraStream"])
    }

    @Test func theStreamCommandCarriesTheSharedProtocolsInTheDestinationsOrder() throws {
        let endpoint = Self.camera("cam", webRTC: true, push: true).endpoints[0]
        let described = try #require(
            CameraStreamTrait.matterCommands(
                .getCameraStream,
                params: Self.params(["progressive_mp4", "hls", "webrtc", "hls"], toChromecast: true),
                before: endpoint,
                after: endpoint
            )
        )
        #expect(described.count == 1)
        #expect(described.first?.command == "CameraAvStreamManagement.HearthGetCameraStream")
        #expect(
            described.first?.arguments
                == JSONObject([
                    ("StreamToChromecast", true), ("SupportedStreamProtocols", ["hls", "webrtc"]),
                    ("NeedAuthToken", true),
                ])
        )
        #expect(described.first?.changed.isEmpty == true)
    }

    @Test(arguments: [
        (["webrtc"], "StreamToChromecast missing"), (["dash"], "no shared protocol"), ([], "empty"),
    ])
    func badParamsAreNotSupported(protocols: [String], why: String) {
        var params = Self.params(protocols)
        if why == "StreamToChromecast missing" { params["StreamToChromecast"] = nil }
        var endpoint = Self.camera("cam", webRTC: true).endpoints[0]
        let before = endpoint
        #expect(throws: CommandError.self, "\(why)") {
            try CameraStreamTrait.execute(
                .getCameraStream,
                CommandParameters(params: params, command: .getCameraStream),
                on: &endpoint,
                mode: .strict
            )
        }
        do throws(CommandError) {
            _ = try CameraStreamTrait.request(CommandParameters(params: params, command: .getCameraStream), on: before)
        } catch {
            #expect(error.code == .notSupported, "\(why)")
        }
        #expect(endpoint == before)
    }

    /// The commit's answers for stream devices the backend did not answer well (no registry write happens for them).
    @Test func brokenMissingAndPendingAnswersAreRefusedAtCommit() throws {
        let request = CameraStreamRequest(protocols: ["hls"], toChromecast: false, needAuthToken: true)
        let ids = ["missing", "broken", "pending", "silent", "refused"]
        let plan = DeliveredExecution.Plan(
            requestId: "r",
            agentUserId: Fixtures.alice,
            order: ids,
            refused: [:],
            commands: PlannedCommands(
                requestId: "r",
                agentUserId: Fixtures.alice,
                idempotencyKey: "alice:r",
                devices: ids.map { PlannedCommands.Device(id: $0, endpoints: []) }
            ),
            described: [:],
            traits: [:],
            streams: Dictionary(uniqueKeysWithValues: ids.map { ($0, request) })
        )
        let execution = DeliveredExecution(
            store: try SQLiteRegistry.inMemory(),
            options: FulfillmentOptions(),
            now: UnixTime(seconds: 1_800_000_000),
            logger: Logger(label: "camera", factory: { _ in SwiftLogNoOpLogHandler() })
        )
        let results = try execution.commit(
            plan,
            outcome: .answered([
                "missing": .success(clusters: nil, endpoint: nil),
                "broken": .success(clusters: nil, endpoint: nil, response: Self.hlsResponse(token: nil)),
                "pending": .pending,
                "refused": .error(code: "deviceOffline"),
            ])
        )
        func code(_ id: String) -> ErrorCode? { results.first { $0.ids.contains(id) }?.errorCode }
        #expect(code("missing") == .hardError)
        #expect(code("broken") == .hardError)
        #expect(code("pending") == .transientError)
        #expect(code("silent") == .transientError)
        #expect(code("refused") == .deviceOffline)
        let late = try execution.commit(plan, outcome: .deadlinePassed)
        #expect(late.allSatisfy { $0.status == .error && $0.errorCode == .transientError })
        #expect(Set(late.flatMap(\.ids)) == Set(ids))
    }

    /// The broken `hls` answers, checked on the answer itself (the registry path is tested with `webrtc` above, and
    /// with `hls` by ``aPushTransportCameraIsDeliveredAnHLSStream()``).
    static let brokenHLSAnswers: [(String, JSONObject)] = [
        ("no token", hlsResponse(token: nil)),
        ("plain http", hlsResponse(url: "http://cams.example/s.m3u8")),
        ("not a URL", hlsResponse(url: "cams")),
        ("unknown field", JSONObject(hlsResponse().map { ($0.key, $0.value) } + [("password", "x")])),
        ("oversized", hlsResponse(token: String(repeating: "t", count: CameraStreamAnswer.maxBytes))),
        (
            "webrtc field on hls",
            JSONObject(hlsResponse().map { ($0.key, $0.value) } + [("cameraStreamSignalingUrl", "https://x.example/s")])
        ),
        (
            "token not a string",
            JSONObject([
                ("cameraStreamAccessUrl", "https://x.example/a.m3u8"),
                ("cameraStreamAuthToken", 7), ("cameraStreamProtocol", "hls"),
            ])
        ),
    ]

    @Test func anHLSAnswerCarriesGooglesFourFields() throws {
        let request = CameraStreamRequest(protocols: ["hls"], toChromecast: true, needAuthToken: true)
        let states = try CameraStreamAnswer.states(Self.hlsResponse(), for: request)
        #expect(states["cameraStreamAccessUrl"] == "https://cams.example/s/cam.m3u8")
        #expect(states["cameraStreamReceiverAppId"] == "RECV01")
        #expect(states["cameraStreamAuthToken"] == "token-cam")
        #expect(states["cameraStreamProtocol"] == "hls")
        #expect(states.keys.filter { $0.hasPrefix("cameraStream") }.count == 4)
    }

    @Test(arguments: CameraStreamTests.brokenHLSAnswers)
    func aBrokenHLSAnswerIsRefused(_ name: String, _ response: JSONObject) {
        let request = CameraStreamRequest(protocols: ["hls"], toChromecast: false, needAuthToken: true)
        #expect(throws: CameraStreamAnswer.Rejection.self, "\(name)") {
            try CameraStreamAnswer.states(response, for: request)
        }
    }

    @Test func aWebRTCAnswerCarriesTheSignalingURLAndChecksTheIceServers() throws {
        let request = CameraStreamRequest(protocols: ["webrtc"], toChromecast: false, needAuthToken: true)
        let good = JSONObject([
            ("cameraStreamSignalingUrl", "https://cams.example/signal/cam"),
            ("cameraStreamOffer", "v=0"),
            ("cameraStreamIceServers", #"[{"urls":"stun:stun.example:19302"}]"#),
            ("cameraStreamAuthToken", "t"),
            ("cameraStreamProtocol", "webrtc"),
        ])
        let states = try CameraStreamAnswer.states(good, for: request)
        #expect(states["cameraStreamSignalingUrl"] == "https://cams.example/signal/cam")
        #expect(states["cameraStreamOffer"] == "v=0")
        #expect(states["cameraStreamProtocol"] == "webrtc")
        var badServers = good
        badServers["cameraStreamIceServers"] = "stun:stun.example"
        #expect(throws: CameraStreamAnswer.Rejection.self) { try CameraStreamAnswer.states(badServers, for: request) }
        var accessURL = good
        accessURL["cameraStreamAccessUrl"] = "https://cams.example/a.m3u8"
        #expect(throws: CameraStreamAnswer.Rejection.self) { try CameraStreamAnswer.states(accessURL, for: request) }
        // Loopback http is the one plain-http exception (the fake backend).
        var loopback = good
        loopback["cameraStreamSignalingUrl"] = "http://127.0.0.1:8081/signal/alice/cam"
        #expect((try? CameraStreamAnswer.states(loopback, for: request)) != nil)
    }
}
