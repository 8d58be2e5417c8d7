import JSON
import MatterModel
import SmartHomeProtocol

/// Google `MediaState` ⇄ Matter Media Playback (0x0506), on an endpoint that has Media Playback (a Basic or
/// Casting Video Player, a Content App).
///
/// Google (traits/mediastate): "This trait is used for devices which are able to report media states."
/// Attributes: "`supportActivityState` Boolean (Default: false) Indicate if the device can report the activity
/// state." and "`supportPlaybackState` Boolean (Default: false) Indicate if the device can report the current
/// playback state." Both are true where the endpoint has Media Playback: `CurrentState` is mandatory there, and the
/// activity follows from it (``MediaActivity``). "Device COMMANDS: None."
///
/// States: `activityState` and `playbackState` (``MediaActivity/activityState(powered:_:)`` and
/// ``MediaActivity/playbackState(_:speed:)``). An endpoint without Media Playback reports neither attribute nor
/// state.
enum MediaStateTrait: TraitMapping {
    static let trait = Trait.mediaState

    static func attributes(of endpoint: Endpoint, into attributes: inout JSONObject) {
        guard endpoint.has(.MediaPlayback) else { return }
        attributes.append("supportActivityState", .bool(true))
        attributes.append("supportPlaybackState", .bool(true))
    }

    static func states(of endpoint: Endpoint, into states: inout JSONObject) {
        guard endpoint.has(.MediaPlayback) else { return }
        let playback = MediaPlaybackCluster(endpoint)
        let activity = MediaActivity.activityState(powered: MediaActivity.powered(endpoint), playback.playbackState)
        states.append("activityState", .string(activity.rawValue))
        states.append(
            "playbackState",
            .string(MediaActivity.playbackState(playback.playbackState, speed: playback.speed).rawValue)
        )
    }

    static func execute(
        _ command: Command,
        _ params: CommandParameters,
        on endpoint: inout Endpoint,
        mode: ValidationMode
    ) throws(CommandError) {
        throw CommandError(.functionNotSupported, "MediaState has no commands (\(command.rawValue))")
    }
}
