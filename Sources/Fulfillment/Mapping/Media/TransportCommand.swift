import SmartHomeProtocol

/// Google TransportControl's `transportControlSupportedCommands` values, and which of them a Matter Media Playback
/// cluster can carry out.
///
/// Google (traits/transportcontrol): "`transportControlSupportedCommands` Array **Required.** A list of strings
/// describing supported transport control commands on this device." "Supported values: `CAPTION_CONTROL` `NEXT`
/// `PAUSE` `PREVIOUS` `RESUME` `SEEK_RELATIVE` `SEEK_TO_POSITION` `SET_REPEAT` `SHUFFLE` `STOP`". Each command "requires
/// the following attributes", e.g. `mediaStop` `{"transportControlSupportedCommands": ["STOP"]}`.
enum TransportCommand: String, CaseIterable {
    case captionControl = "CAPTION_CONTROL"
    case next = "NEXT"
    case pause = "PAUSE"
    case previous = "PREVIOUS"
    case resume = "RESUME"
    case seekRelative = "SEEK_RELATIVE"
    case seekToPosition = "SEEK_TO_POSITION"
    case setRepeat = "SET_REPEAT"
    case shuffle = "SHUFFLE"
    case stop = "STOP"

    /// The supported value a Google command needs (`mediaClosedCaptioningOn` and `Off` both need
    /// `CAPTION_CONTROL`); `nil` for a command that is not TransportControl's.
    init?(for command: Command) {
        switch command {
        case .mediaStop: self = .stop
        case .mediaNext: self = .next
        case .mediaPrevious: self = .previous
        case .mediaPause: self = .pause
        case .mediaResume: self = .resume
        case .mediaSeekRelative: self = .seekRelative
        case .mediaSeekToPosition: self = .seekToPosition
        case .mediaRepeatMode: self = .setRepeat
        case .mediaShuffle: self = .shuffle
        case .mediaClosedCaptioningOn, .mediaClosedCaptioningOff: self = .captionControl
        default: return nil
        }
    }

    /// What a Media Playback cluster with `features` can do, in Google's order of the page's example (`PAUSE`,
    /// `STOP`, `RESUME`) then seeking and captions:
    ///
    /// | Google | Matter | offered when |
    /// |---|---|---|
    /// | `PAUSE`, `STOP`, `RESUME` | `Pause`, `Stop`, `Play` | always (mandatory commands) |
    /// | `SEEK_TO_POSITION`, `SEEK_RELATIVE` | `Seek` | `AS` (AdvancedSeek makes `Seek` and `SampledPosition` mandatory) |
    /// | `CAPTION_CONTROL` | `ActivateTextTrack`, `DeactivateTextTrack` | `TT` (TextTracks) |
    /// | `NEXT`, `PREVIOUS` | `Next`, `Previous` | never: optional commands no feature implies |
    /// | `SET_REPEAT`, `SHUFFLE` | none | never: Matter has no repeat or shuffle |
    ///
    /// Matter's `Next`, `Previous`, `SkipForward` and `SkipBackward` are optional with no feature behind them; only
    /// the global `AcceptedCommandList` says whether a device takes them, and the registry does not model it. So
    /// Hearth offers only what the cluster's conformance guarantees: a relative seek is sent as `Seek` (guaranteed
    /// by `AS`), not as a skip the device may refuse.
    static func supported(by features: MediaPlaybackCluster.Features) -> [TransportCommand] {
        var commands: [TransportCommand] = [.pause, .stop, .resume]
        if features.contains(.advancedSeek) { commands += [.seekRelative, .seekToPosition] }
        if features.contains(.textTracks) { commands.append(.captionControl) }
        return commands
    }
}
