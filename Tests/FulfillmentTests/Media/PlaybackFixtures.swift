import JSON
import MatterModel
import SmartHomeProtocol
import Testing

@testable import Fulfillment

/// Video players with Media Playback for the MediaState and TransportControl tests, loaded through the registry
/// (so every value passed the specification's checks), and helpers that run the trait mappings on them.
enum PlaybackFixtures {
    /// The sample time of the fixtures (epoch-µs).
    static let sampledAt = 1_700_000_000_000_000

    /// Two text tracks: English (US) and French.
    static let textTracks = #"""
        [{"ID": "cc-en", "TrackAttributes": {"LanguageCode": "en-US", "DisplayName": "English"}},
         {"ID": "cc-fr", "TrackAttributes": {"LanguageCode": "fr"}}]
        """#

    /// A Basic Video Player switched `on`, its Media Playback with `features` (1 AS, 2 VS, 4 TT), in `state`
    /// (0 Playing, 1 Paused, 2 NotPlaying, 3 Buffering). With AS: one hour of media sampled at 60 s, at `speed`;
    /// with TT: ``textTracks``.
    static func player(
        features: Int = 7,
        state: Int = 0,
        speed: String = "1",
        on: Bool = true,
        position: String = "60000",
        tracks: String = PlaybackFixtures.textTracks
    ) -> String {
        var playback = #""FeatureMap": \#(features), "CurrentState": \#(state)"#
        if features & 1 != 0 {
            playback += #"""
                , "StartTime": 0, "Duration": 3600000,
                "SampledPosition": {"UpdatedAt": \#(sampledAt), "Position": \#(position)}, "PlaybackSpeed": \#(speed),
                "SeekRangeStart": 0, "SeekRangeEnd": 3600000
                """#
        }
        if features & 4 != 0 {
            playback += #", "ActiveTextTrack": null, "AvailableTextTracks": \#(tracks)"#
        }
        return #"""
            {"id": "tv", "name": "TV", "deviceTypes": ["BasicVideoPlayer"], "clusters": {
              "OnOff": {"OnOff": \#(on)}, "KeypadInput": {}, "MediaPlayback": {\#(playback)}}}
            """#
    }

    /// The endpoint of the stored `device` (JSON), as the registry keeps it.
    static func endpoint(_ device: String) throws -> Endpoint {
        let fulfillment = try TestFulfillment(
            devices: #"{"users": [{"agentUserId": "alice", "devices": [\#(device)]}]}"#
        )
        let stored = try #require(try fulfillment.storedDevice("tv"))
        return try #require(stored.endpoints.first)
    }

    /// The trait's SYNC attributes on `endpoint`.
    static func attributes(_ mapping: any TraitMapping.Type, _ endpoint: Endpoint) -> JSONObject {
        var attributes = JSONObject()
        mapping.attributes(of: endpoint, into: &attributes)
        return attributes
    }

    /// The trait's QUERY states on `endpoint`.
    static func states(_ mapping: any TraitMapping.Type, _ endpoint: Endpoint) -> JSONObject {
        var states = JSONObject()
        mapping.states(of: endpoint, into: &states)
        return states
    }

    /// The outcome of one TransportControl command on `endpoint`: the endpoint after it, or the error.
    static func execute(
        _ command: Command,
        _ params: JSONObject = JSONObject(),
        on endpoint: Endpoint,
        mode: ValidationMode = .strict
    ) -> Result<Endpoint, CommandError> {
        var after = endpoint
        do throws(CommandError) {
            try TransportControlTrait.execute(
                command,
                CommandParameters(params: params, command: command),
                on: &after,
                mode: mode
            )
            return .success(after)
        } catch {
            return .failure(error)
        }
    }

    /// The error code of one command (`nil` when it succeeded).
    static func errorCode(
        _ command: Command,
        _ params: JSONObject = JSONObject(),
        on endpoint: Endpoint,
        mode: ValidationMode = .strict
    ) -> ErrorCode? {
        if case .failure(let error) = execute(command, params, on: endpoint, mode: mode) { return error.code }
        return nil
    }

    /// The endpoint after a command that must succeed.
    static func after(
        _ command: Command,
        _ params: JSONObject = JSONObject(),
        on endpoint: Endpoint,
        mode: ValidationMode = .strict
    ) throws -> Endpoint {
        try execute(command, params, on: endpoint, mode: mode).get()
    }

    /// What Google's SYNC rules say of `attributes` as the attributes of a TV with the one `trait` (violations
    /// about the device's traits or type, which are another helper's business, are left out).
    static func attributeViolations(_ trait: String, _ attributes: JSONObject) -> [SyncViolation] {
        let device = JSONObject([
            ("id", "tv"), ("type", "action.devices.types.TV"),
            ("traits", .array([.string("action.devices.traits." + trait)])),
            ("name", .object(JSONObject([("name", "TV")]))), ("willReportState", true),
            ("attributes", .object(attributes)),
        ])
        return SyncValidator.violations(in: device).filter { $0.description.contains("attributes") }
    }
}
