import JSON
import MatterModel
import SmartHomeProtocol

/// Google `CameraStream` on a Matter camera endpoint. Only the manufacturer's cloud can open a stream, so the
/// command is carried to the device backend (`commands.delivery: webhook`) and the backend's answer is what Google
/// hears (``CameraStreamAnswer``); without a backend the command is refused (see ``registryModeError``).
///
/// SYNC, from Google's CameraStream reference: "`cameraStreamSupportedProtocols` Array **Required.** Supported media
/// types for the camera stream, ordered by preference. Typically, the first protocol in this array that is
/// compatible with the target surface is requested." and "`cameraStreamNeedAuthToken` Boolean **Required.**
/// Whether an auth token will be provided via `cameraStreamAuthToken` for the target surface to stream the camera
/// feed." The protocols come from the Matter transports the endpoint has (``supportedProtocols(of:)``); the token is
/// always needed (``needAuthToken``). "Device STATES: None."
enum CameraStreamTrait: TraitMapping {
    static let trait = Trait.cameraStream

    /// Google's media types, as Google spells them: "Supported values: `hls` HTTP Live Streaming, `dash` Dynamic
    /// Adaptive Streaming over HTTP, `smooth_stream` Smooth Streaming, `progressive_mp4` Progressive MP4 (mostly used
    /// for clips), `webrtc` WebRTC".
    static let googleProtocols = ["hls", "dash", "smooth_stream", "progressive_mp4", "webrtc"]

    /// Always `true`: Hearth never tells Google a camera streams without a token. A stream URL without one would
    /// itself be the key to a user's camera, and Google's rule (2025-04-08) makes the token mandatory and scoped to
    /// the one device when this is `true`, so the backend must answer every stream with a token for that device
    /// (``CameraStreamAnswer`` refuses an answer without). Google's older text said "If cameraStreamNeedAuthToken is
    /// true and this value is not provided, the user's OAuth credentials will be used as the auth token"; that
    /// fallback is gone, and Hearth never passes the user's OAuth token on. Note Google's caveat: "Auth tokens are
    /// only supported when using a custom Cast receiver", so a backend streaming to Chromecast names its receiver
    /// in `cameraStreamReceiverAppId`.
    static let needAuthToken = true

    /// The protocols the endpoint offers, in preference order:
    ///
    /// - `webrtc` when it has WebRTC Transport Provider (0x0553): Matter 1.5's live view is a WebRTC session the
    ///   camera provides (its commands, per data_model/1.5/clusters/WebRTC_Provider.xml: `SolicitOffer`,
    ///   `ProvideOffer` {`WebRTCSessionID`, `SDP`, `StreamUsage`, `OriginatingEndpointID`, …} → `ProvideOfferResponse`,
    ///   `ProvideAnswer`, `ProvideICECandidates`, `EndSession`);
    /// - `hls` and `dash` when it has Push AV Stream Transport (0x0555): the camera pushes its segments to the
    ///   manufacturer's cloud, which serves them to players as HLS or DASH;
    /// - `hls` alone when it has neither (a camera whose backend restreams it some other way): the attribute is
    ///   required and must not be empty, and HLS is what every Google surface plays.
    static func supportedProtocols(of endpoint: Endpoint) -> [String] {
        var protocols: [String] = []
        if endpoint.has(.WebRtcTransportProvider) { protocols.append("webrtc") }
        if endpoint.has(.PushAvStreamTransport) { protocols.append(contentsOf: ["hls", "dash"]) }
        return protocols.isEmpty ? ["hls"] : protocols
    }

    static func attributes(of endpoint: Endpoint, into attributes: inout JSONObject) {
        attributes.append(
            "cameraStreamSupportedProtocols",
            .array(supportedProtocols(of: endpoint).map { .string($0) })
        )
        attributes.append("cameraStreamNeedAuthToken", .bool(needAuthToken))
    }

    /// Google: "Device STATES: None."
    static func states(of endpoint: Endpoint, into states: inout JSONObject) {}

    /// Checks `GetCameraStream`'s params ("`StreamToChromecast` Boolean **Required.** Whether the stream will be
    /// played on a Chromecast device." and "`SupportedStreamProtocols` Array **Required.** Media types/formats
    /// supported by the desired destination.") and that the camera offers one of the requested protocols; nothing
    /// of the endpoint changes (the stream is the backend's).
    static func execute(
        _ command: Command,
        _ params: CommandParameters,
        on endpoint: inout Endpoint,
        mode: ValidationMode
    ) throws(CommandError) {
        guard command == .getCameraStream else {
            throw CommandError(.functionNotSupported, "\(command.rawValue) is not a CameraStream command")
        }
        _ = try request(params, on: endpoint)
    }

    /// The protocols both Google's destination and the camera support, in Google's order (the destination's
    /// preference), and `StreamToChromecast`; `notSupported` when they share none or a param is malformed.
    static func request(
        _ params: CommandParameters,
        on endpoint: Endpoint
    ) throws(CommandError) -> (toChromecast: Bool, protocols: [String]) {
        let toChromecast = try params.bool("StreamToChromecast")
        guard let requested = params.params["SupportedStreamProtocols"]?.arrayValue else {
            throw CommandError(.notSupported, "GetCameraStream needs params.SupportedStreamProtocols (an array)")
        }
        let offered = supportedProtocols(of: endpoint)
        var protocols: [String] = []
        for value in requested {
            guard let name = value.stringValue else {
                throw CommandError(.notSupported, "params.SupportedStreamProtocols must hold strings")
            }
            if offered.contains(name), !protocols.contains(name) { protocols.append(name) }
        }
        guard !protocols.isEmpty else {
            throw CommandError(
                .notSupported,
                "the camera streams \(offered.joined(separator: ", ")), none of which the destination supports"
            )
        }
        return (toChromecast, protocols)
    }

    /// The Matter-style command the backend receives. Matter has no "give me a URL" command (a Matter controller
    /// negotiates WebRTC itself, or configures a push transport), so this is Hearth's own, named as such, on Camera
    /// AV Stream Management: `CameraAvStreamManagement.HearthGetCameraStream {"StreamToChromecast": true,
    /// "SupportedStreamProtocols": ["webrtc", "hls"], "NeedAuthToken": true}` (the protocols both sides support, in
    /// the destination's order). For WebRTC the backend's signalling endpoint then plays Matter's
    /// `WebRTCTransportProvider.ProvideOffer` with the offer Google posts to it (DeviceBackendAPI.md).
    static func matterCommands(
        _ command: Command,
        params: JSONObject,
        before: Endpoint,
        after: Endpoint
    ) -> [MatterCommandDescription]? {
        guard command == .getCameraStream,
            let asked = try? request(CommandParameters(params: params, command: command), on: after)
        else { return [] }
        return [
            MatterCommandDescription(
                command: hearthCommand,
                arguments: JSONObject([
                    ("StreamToChromecast", .bool(asked.toChromecast)),
                    ("SupportedStreamProtocols", .array(asked.protocols.map { .string($0) })),
                    ("NeedAuthToken", .bool(needAuthToken)),
                ]),
                changed: JSONObject()
            )
        ]
    }

    /// The name of Hearth's stream command, as the backend receives it.
    static let hearthCommand = "CameraAvStreamManagement.HearthGetCameraStream"

    /// The answer when there is no device backend (registry mode): `functionNotSupported`. Hearth holds no stream,
    /// and making up a URL would send Google to nothing; Google's error reference has no stream-specific code among
    /// those Hearth speaks, and "functionNotSupported" is the one that says this deployment cannot do what the
    /// device type could, final rather than worth a retry (`transientError` would invite retries that cannot work).
    static let registryModeError = CommandError(
        .functionNotSupported,
        "GetCameraStream needs the device backend (commands.delivery: webhook): registry mode holds no stream"
    )
}
