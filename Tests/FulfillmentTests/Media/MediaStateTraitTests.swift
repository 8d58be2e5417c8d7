import JSON
import MatterModel
import SmartHomeProtocol
import Testing

@testable import Fulfillment

/// Google MediaState from Matter Media Playback: SYNC attributes, and the QUERY states for every playback state,
/// speed and power.
struct MediaStateTraitTests {
    typealias P = PlaybackFixtures

    @Test func syncSupportsBothStates() throws {
        let endpoint = try P.endpoint(P.player())
        let attributes = P.attributes(MediaStateTrait.self, endpoint)
        #expect(attributes["supportActivityState"] == true)
        #expect(attributes["supportPlaybackState"] == true)
        let violations = P.attributeViolations("MediaState", attributes)
        #expect(violations.isEmpty, "\(violations)")
    }

    @Test(arguments: [
        (0, "1", "PLAYING"), (0, "2", "FAST_FORWARDING"), (0, "-2", "REWINDING"), (0, "0.5", "PLAYING"),
        (0, "0", "PLAYING"), (1, "0", "PAUSED"), (2, "0", "STOPPED"), (3, "0", "BUFFERING"),
    ])
    func playbackStates(state: Int, speed: String, expected: String) throws {
        let endpoint = try P.endpoint(P.player(state: state, speed: speed))
        #expect(P.states(MediaStateTrait.self, endpoint)["playbackState"] == .string(expected))
    }

    @Test(arguments: [(0, "PLAYING"), (1, "PAUSED"), (2, "STOPPED"), (3, "BUFFERING")])
    func playbackStatesWithoutAdvancedSeek(state: Int, expected: String) throws {
        let endpoint = try P.endpoint(P.player(features: 0, state: state))
        #expect(endpoint.cluster(.MediaPlayback)["PlaybackSpeed"] == nil)
        #expect(P.states(MediaStateTrait.self, endpoint)["playbackState"] == .string(expected))
    }

    @Test(arguments: [
        (true, 0, "ACTIVE"), (true, 1, "ACTIVE"), (true, 3, "ACTIVE"), (true, 2, "INACTIVE"),
        (false, 0, "STANDBY"), (false, 2, "STANDBY"),
    ])
    func activityStates(on: Bool, state: Int, expected: String) throws {
        let endpoint = try P.endpoint(P.player(state: state, on: on))
        #expect(P.states(MediaStateTrait.self, endpoint)["activityState"] == .string(expected))
    }

    @Test func aSpeakersOnOffIsNotPower() {
        var endpoint = Endpoint(
            deviceTypes: [.Speaker],
            clusters: [
                .OnOff: ClusterState(["OnOff": .bool(false)]), .MediaPlayback: ClusterState(["CurrentState": .int(0)]),
            ]
        )
        #expect(P.states(MediaStateTrait.self, endpoint)["activityState"] == "ACTIVE")
        endpoint.clusters[.MediaPlayback] = ClusterState(["CurrentState": .int(2)])
        #expect(P.states(MediaStateTrait.self, endpoint)["activityState"] == "INACTIVE")
    }

    @Test func noMediaPlaybackNoAttributesNorStates() {
        let endpoint = Endpoint(
            deviceTypes: [.BasicVideoPlayer],
            clusters: [.OnOff: ClusterState(["OnOff": .bool(true)])]
        )
        #expect(P.attributes(MediaStateTrait.self, endpoint).isEmpty)
        #expect(P.states(MediaStateTrait.self, endpoint).isEmpty)
        #expect(P.attributes(TransportControlTrait.self, endpoint).isEmpty)
    }

    @Test func mediaStateHasNoCommands() throws {
        var endpoint = try P.endpoint(P.player())
        #expect(throws: CommandError.self) {
            try MediaStateTrait.execute(
                .mediaPause,
                CommandParameters(params: JSONObject(), command: .mediaPause),
                on: &endpoint,
                mode: .strict
            )
        }
    }

    /// Every Matter playback state and sign of speed gives one of Google's values, and the activity is STANDBY
    /// exactly when the player is off.
    @Test func everyCombinationIsAGoogleValue() {
        let speeds: [Double?] = [nil, -8, -1, 0, 0.5, 1, 1.5, 2, 32, .nan, .infinity]
        for state in [nil] + MediaPlaybackCluster.PlaybackState.allCases.map(Optional.some) {
            for speed in speeds {
                let playback = MediaActivity.playbackState(state, speed: speed)
                #expect(MediaActivity.PlaybackState.allCases.contains(playback))
                if state != .playing { #expect(playback != .fastForwarding && playback != .rewinding) }
            }
            for powered in [nil, true, false] {
                let activity = MediaActivity.activityState(powered: powered, state)
                #expect((activity == .standby) == (powered == false))
            }
        }
    }
}
