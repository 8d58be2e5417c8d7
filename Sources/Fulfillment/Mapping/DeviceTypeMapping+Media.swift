import MatterModel
import SmartHomeProtocol

/// Media players, remotes and cameras: which Google type and which traits.
///
/// **Video players.** Matter 1.4's Basic Video Player and Casting Video Player are every media player: "A Video Player
/// (either Basic or Casting) represents a device that is able to play media to a physical output or to a display
/// screen" (Device Library). On/Off is the player's power (mandatory on both), so it backs Google's OnOff, which the
/// TV guide lists as required. The player's clusters bring the media traits (``mediaClusterTraits(for:)``); volume
/// comes from a Speaker endpoint of the same device (Level Control is the volume, On/Off the mute), since Matter puts
/// no Level Control on the player itself.
///
/// **Which Google type.** Google has eight media types (TV, SETTOP, STREAMING_BOX, STREAMING_STICK,
/// STREAMING_SOUNDBAR, SOUNDBAR, AUDIO_VIDEO_RECEIVER, SPEAKER) and Matter none of them: a set-top box and a soundbar
/// are both video players. The manufacturer says which with a Fixed Label on the player endpoint, Matter's own way to
/// tag an endpoint ("This cluster provides a feature for the device to tag an endpoint with zero or more read only
/// labels", Matter 1.4 Core §9.8): `{"Label": "formFactor", "Value": …}` with a value of ``formFactors`` (letter case
/// aside). Without the label the player is a TV, Google's type for "Television devices [that] combine a tuner,
/// display, and loudspeakers". Fixed Label is an ordinary cluster of the endpoint, so no storage changes.
///
/// **Content apps.** A Content App endpoint (0x0024) is one app of a Casting Video Player. Its Application Basic names
/// the app in the player's AppSelector list; its own Media Playback, Channel and Application Launcher describe the app,
/// not the device, so a Content App brings no trait: the player's clusters back Google's traits.
///
/// **Remotes.** Matter's Video Remote Control has only client clusters: it sends commands to a player and has no state.
/// Google's REMOTECONTROL ("Media remotes are used to control media devices. Examples of this device type include
/// hubs, universal remotes, and media controllers") needs state for MediaState, OnOff, InputSelector, so a remote is
/// exposed with the traits of the player endpoint its maker puts beside it in the same device (a universal remote hub
/// mirrors the player it drives): the Video Remote Control is the primary endpoint (the Google type), the player the
/// part (``DeviceType/requiredParts``).
///
/// **Cameras.** Camera, Video Doorbell and Floodlight Camera endpoints bring CameraStream when they have a stream
/// transport, WebRTC Transport Provider or Push AV Stream Transport (Camera AV Stream Management alone allocates
/// streams but offers none to a viewer), and ObjectDetection when they have Zone Management (a person or package in a
/// zone is reported as an ObjectDetection notification). Doorbells bring ObjectDetection by their type (a press).
/// A floodlight's light is a light endpoint of the device, bringing OnOff and Brightness as lights do.
extension DeviceTypeMapping {
    /// The Fixed Label `Label` that names a video player's Google type: `formFactor`.
    public static let formFactorLabel = "formFactor"

    /// The Fixed Label `formFactor` values and the Google type each names. Matter caps a label's value at 16 characters
    /// (`LabelStruct.Value`, "max 16"), so the values are short names, not Google's (AUDIO_VIDEO_RECEIVER has 20).
    ///
    /// | `formFactor` | Google type |
    /// |---|---|
    /// | `tv` (or no label) | TV |
    /// | `setTop` | SETTOP |
    /// | `streamingBox` | STREAMING_BOX |
    /// | `streamingStick` | STREAMING_STICK |
    /// | `streamingBar` | STREAMING_SOUNDBAR |
    /// | `soundbar` | SOUNDBAR |
    /// | `avReceiver` | AUDIO_VIDEO_RECEIVER |
    /// | `speaker` | SPEAKER |
    public static let formFactors: [(value: String, type: GoogleDeviceType)] = [
        ("tv", .tv),
        ("setTop", .settop),
        ("streamingBox", .streamingBox),
        ("streamingStick", .streamingStick),
        ("streamingBar", .streamingSoundbar),
        ("soundbar", .soundbar),
        ("avReceiver", .audioVideoReceiver),
        ("speaker", .speaker),
    ]

    /// The Google type a `formFactor` value names (letter case aside), or `nil` for a value Hearth does not know.
    public static func googleType(forFormFactor value: String) -> GoogleDeviceType? {
        formFactors.first { $0.value.lowercased() == value.lowercased() }?.type
    }

    /// The `formFactor` value of an endpoint's Fixed Label, or `nil` when it has none. The first entry whose `Label`
    /// is `formFactor` (letter case aside) counts; entries of another shape are skipped.
    public static func formFactor(of endpoint: Endpoint) -> String? {
        guard let labels = endpoint.cluster(.FixedLabel)["LabelList"]?.listValue else { return nil }
        for entry in labels {
            guard let fields = entry.structureValue, let label = fields["Label"]?.stringValue,
                label.lowercased() == formFactorLabel.lowercased()
            else { continue }
            return fields["Value"]?.stringValue
        }
        return nil
    }

    /// A video player's Google type: the one its `formFactor` names, TV without one or for a value Hearth does not
    /// know (``DeviceValidation`` warns about it).
    static func mediaGoogleType(_ endpoint: Endpoint) -> GoogleDeviceType {
        formFactor(of: endpoint).flatMap(googleType(forFormFactor:)) ?? .tv
    }

    /// The video player device types: their clusters bring the media traits.
    static let videoPlayers: Set<DeviceType> = [.BasicVideoPlayer, .CastingVideoPlayer]

    /// The camera device types: their stream and zone clusters bring CameraStream and ObjectDetection.
    static let cameras: Set<DeviceType> = [.Camera, .VideoDoorbell, .FloodlightCamera]

    /// The Google traits a video player's or a camera's clusters bring, by its device types:
    ///
    /// | cluster | on | trait |
    /// |---|---|---|
    /// | Media Playback (0x0506) | a video player | MediaState, TransportControl |
    /// | Media Input (0x0507) | a video player | InputSelector |
    /// | Channel (0x0504) | a video player | Channel |
    /// | Application Launcher (0x050C) | a video player | AppSelector |
    /// | WebRTC Transport Provider (0x0553) or Push AV Stream Transport (0x0555) | a camera | CameraStream |
    /// | Zone Management (0x0550) | a camera | ObjectDetection |
    ///
    /// None on any other endpoint: a Content App's clusters describe one app (see the type's documentation).
    public static func mediaClusterTraits(for endpoint: Endpoint) -> [Trait] {
        var traits: [Trait] = []
        if endpoint.deviceTypes.contains(where: videoPlayers.contains) {
            if endpoint.has(.MediaPlayback) { traits.append(contentsOf: [.mediaState, .transportControl]) }
            if endpoint.has(.MediaInput) { traits.append(.inputSelector) }
            if endpoint.has(.Channel) { traits.append(.channel) }
            if endpoint.has(.ApplicationLauncher) { traits.append(.appSelector) }
        }
        if endpoint.deviceTypes.contains(where: cameras.contains) {
            if endpoint.has(.WebRtcTransportProvider) || endpoint.has(.PushAvStreamTransport) {
                traits.append(.cameraStream)
            }
            if endpoint.has(.ZoneManagement) { traits.append(.objectDetection) }
        }
        return traits
    }
}
