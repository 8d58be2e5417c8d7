import JSON
import MatterModel
import SmartHomeProtocol

/// Google `TransportControl` ⇄ the commands of Matter Media Playback (0x0506), on an endpoint that has Media
/// Playback.
///
/// Google (traits/transportcontrol): "This trait is used for devices which are able to control media playback (for
/// example, resuming music while it is paused)." SYNC `transportControlSupportedCommands` lists only what the
/// cluster can do (``TransportCommand/supported(by:)``); "Device STATES: None." (MediaState reports them).
///
/// | Google command | Google's text | Matter command | registry after |
/// |---|---|---|---|
/// | `mediaPause` | "Pause media playback." | `MediaPlayback.Pause` | `CurrentState` Paused, `PlaybackSpeed` 0 |
/// | `mediaResume` | "Resume media playback." | `MediaPlayback.Play` | Playing, speed 1 |
/// | `mediaStop` | "Pause media playback." (sic) | `MediaPlayback.Stop` | NotPlaying, speed 0 |
/// | `mediaSeekToPosition {absPositionMs}` | "Seek to an absolute position." | `MediaPlayback.Seek {"Position": ms}` | `SampledPosition.Position` |
/// | `mediaSeekRelative {relativePositionMs}` | "Seek to a relative position." | `MediaPlayback.Seek {"Position": sampled + delta}` | `SampledPosition.Position` |
/// | `mediaClosedCaptioningOn` | "Turn on captions." | `MediaPlayback.ActivateTextTrack {"TrackID": id}` | `ActiveTextTrack` = the track |
/// | `mediaClosedCaptioningOff` | "Turn off captions." | `MediaPlayback.DeactivateTextTrack` | `ActiveTextTrack` null |
/// | `mediaNext`, `mediaPrevious`, `mediaRepeatMode`, `mediaShuffle` | | none offered | `functionNotSupported` |
///
/// `PlaybackSpeed` is written only where the cluster has it (`AS`). Positions are in milliseconds on both sides
/// (``MediaPositionConversion``). Hearth's mappings have no clock yet, so a seek writes `Position` and keeps the
/// sample's `UpdatedAt`, and a relative seek counts from the sampled position, not from "now"; a playing device
/// reports its own sample after the `Seek`.
///
/// Errors. Google's page names no trait-specific errors ("Device ERRORS: See the full list of errors and
/// exceptions."), so these are Google's general codes, each matching a Matter `StatusEnum` outcome:
/// - a command whose supported value the device lacks: `functionNotSupported` (Matter has no repeat, shuffle,
///   guaranteed next/previous; no `TT` feature means no captions);
/// - a video player switched off (On/Off false): `deviceTurnedOff` (Matter `NotActive`: "This endpoint is not active
///   for playback.");
/// - `mediaPause` when paused: `alreadyPaused`; `mediaStop` when not playing: `alreadyStopped`; `mediaResume` while
///   playing at normal speed: `alreadyInState` (from fast-forward or rewind, Play returns to normal speed);
/// - `mediaPause` with nothing playing, a seek without a sampled position: `actionNotAvailable` (Matter
///   `InvalidStateForCommand`: "Requested playback command is invalid in the current playback state.");
/// - `mediaSeekToPosition` outside `SeekRangeStart`…`SeekRangeEnd` (else `Duration`): `valueOutOfRange` in strict
///   mode (Matter `SeekOutOfRange`), clamped in lenient mode. A relative seek stops at the range's ends in both
///   modes, as a player's skip does;
/// - captions in a language no track has (or no tracks at all): `notSupported`.
enum TransportControlTrait: TraitMapping {
    static let trait = Trait.transportControl

    typealias PlaybackState = MediaPlaybackCluster.PlaybackState

    static func attributes(of endpoint: Endpoint, into attributes: inout JSONObject) {
        guard endpoint.has(.MediaPlayback) else { return }
        let commands = TransportCommand.supported(by: MediaPlaybackCluster(endpoint).features)
        attributes.append("transportControlSupportedCommands", .array(commands.map { .string($0.rawValue) }))
    }

    static func states(of endpoint: Endpoint, into states: inout JSONObject) {}

    static func execute(
        _ command: Command,
        _ params: CommandParameters,
        on endpoint: inout Endpoint,
        mode: ValidationMode
    ) throws(CommandError) {
        guard let needed = TransportCommand(for: command) else {
            throw CommandError(.functionNotSupported, "\(command.rawValue) is not a TransportControl command")
        }
        guard endpoint.has(.MediaPlayback) else {
            throw CommandError(.functionNotSupported, "the endpoint has no Media Playback cluster")
        }
        let playback = MediaPlaybackCluster(endpoint)
        guard TransportCommand.supported(by: playback.features).contains(needed) else {
            throw CommandError(.functionNotSupported, unsupportedReason(needed))
        }
        if MediaActivity.powered(endpoint) == false {
            throw CommandError(.deviceTurnedOff, "the video player is switched off (OnOff false)")
        }
        var cluster = playback.state
        switch command {
        case .mediaPause:
            try pause(playback, &cluster)
        case .mediaResume:
            // Playing at normal speed (0 or absent: a speed the device does not report) is already resumed.
            let speed = playback.speed ?? 1
            if playback.playbackState == .playing, speed == 1 || speed == 0 {
                throw CommandError(.alreadyInState, "the media is already playing")
            }
            set(.playing, speed: 1, in: &cluster)
        case .mediaStop:
            if playback.playbackState == .notPlaying {
                throw CommandError(.alreadyStopped, "the media is not playing (CurrentState NotPlaying)")
            }
            set(.notPlaying, speed: 0, in: &cluster)
        case .mediaSeekToPosition, .mediaSeekRelative:
            try seek(command, params, playback, &cluster, mode: mode)
        case .mediaClosedCaptioningOn:
            let captionLanguage = try params.optionalString("closedCaptioningLanguage")
            let queryLanguage = try params.optionalString("userQueryLanguage")
            let language = captionLanguage ?? queryLanguage
            let tracks = playback.textTracks
            guard let track = CaptionLanguage.track(for: language, in: tracks) else {
                let known = tracks.map(\.languageCode).joined(separator: ", ")
                throw CommandError(
                    .notSupported,
                    tracks.isEmpty
                        ? "the media has no text tracks"
                        : "no text track in \(language ?? "any language") (tracks: \(known))"
                )
            }
            cluster["ActiveTextTrack"] = track.value
        case .mediaClosedCaptioningOff:
            cluster["ActiveTextTrack"] = .null
        default:
            throw CommandError(.functionNotSupported, unsupportedReason(needed))
        }
        endpoint.clusters[.MediaPlayback] = cluster
    }

    /// Why a supported value is not offered.
    static func unsupportedReason(_ needed: TransportCommand) -> String {
        switch needed {
        case .setRepeat, .shuffle:
            return "Matter Media Playback has no repeat or shuffle (\(needed.rawValue))"
        case .next, .previous:
            return "Matter's Next and Previous are optional commands the registry cannot confirm (\(needed.rawValue))"
        case .seekRelative, .seekToPosition:
            return "seeking needs Media Playback's AdvancedSeek feature (AS)"
        case .captionControl:
            return "captions need Media Playback's TextTracks feature (TT)"
        case .pause, .stop, .resume:
            return "\(needed.rawValue) is not supported"
        }
    }

    /// `mediaPause`: Paused from Playing or Buffering; `alreadyPaused` when paused, `actionNotAvailable` when
    /// nothing plays.
    static func pause(_ playback: MediaPlaybackCluster, _ cluster: inout ClusterState) throws(CommandError) {
        switch playback.playbackState {
        case .paused:
            throw CommandError(.alreadyPaused, "the media is already paused")
        case .notPlaying, nil:
            throw CommandError(.actionNotAvailable, "nothing is playing to pause (CurrentState NotPlaying)")
        case .playing, .buffering:
            set(.paused, speed: 0, in: &cluster)
        }
    }

    /// Writes `CurrentState`, and `PlaybackSpeed` where the cluster has it (`AS`).
    static func set(_ state: PlaybackState, speed: Double, in cluster: inout ClusterState) {
        cluster["CurrentState"] = .int(state.rawValue)
        if cluster["PlaybackSpeed"] != nil { cluster["PlaybackSpeed"] = .double(speed) }
    }

    /// `mediaSeekToPosition` and `mediaSeekRelative`: the new `SampledPosition.Position`, keeping `UpdatedAt`.
    static func seek(
        _ command: Command,
        _ params: CommandParameters,
        _ playback: MediaPlaybackCluster,
        _ cluster: inout ClusterState,
        mode: ValidationMode
    ) throws(CommandError) {
        guard let sample = playback.sample else {
            throw CommandError(.actionNotAvailable, "no media position to seek from (SampledPosition is null)")
        }
        let range = playback.seekRange
        let target: Int
        if command == .mediaSeekToPosition {
            let requested = try checked(
                params.number("absPositionMs"),
                in: Double(range.lowerBound)...Double(range.upperBound),
                mode: mode,
                name: "absPositionMs"
            )
            target = MediaPositionConversion.clampedDouble(requested, to: range)
        } else {
            let delta = MediaPositionConversion.clampedDouble(
                try params.number("relativePositionMs"),
                to: Int.min...Int.max
            )
            target = MediaPositionConversion.relativeTarget(
                fromMilliseconds: sample.positionMilliseconds,
                deltaMilliseconds: delta,
                range: range
            )
        }
        cluster["SampledPosition"] = .structure([
            "UpdatedAt": .int(sample.updatedAtMicroseconds), "Position": .int(target),
        ])
    }

    /// The Matter command each Google command amounts to, with Matter's argument names (`Seek {"Position"}`,
    /// `ActivateTextTrack {"TrackID"}`), sent even when the stored state did not change.
    static func matterCommands(
        _ command: Command,
        params: JSONObject,
        before: Endpoint,
        after: Endpoint
    ) -> [MatterCommandDescription]? {
        let changed = after.changedAttributes(since: before)
        func one(_ name: String, _ arguments: [(String, JSONValue)] = []) -> [MatterCommandDescription] {
            [
                MatterCommandDescription(
                    command: "MediaPlayback." + name,
                    arguments: JSONObject(arguments),
                    changed: changed
                )
            ]
        }
        let playback = MediaPlaybackCluster(after)
        switch command {
        case .mediaPause: return one("Pause")
        case .mediaResume: return one("Play")
        case .mediaStop: return one("Stop")
        case .mediaSeekToPosition, .mediaSeekRelative:
            guard let position = playback.sample?.positionMilliseconds else { return nil }
            return one("Seek", [("Position", .int(position))])
        case .mediaClosedCaptioningOn:
            guard let id = playback.state["ActiveTextTrack"]?.structureValue?["ID"]?.stringValue else { return nil }
            return one("ActivateTextTrack", [("TrackID", .string(id))])
        case .mediaClosedCaptioningOff:
            return one("DeactivateTextTrack")
        default:
            return nil
        }
    }
}
