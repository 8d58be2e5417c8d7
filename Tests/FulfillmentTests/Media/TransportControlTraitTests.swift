import JSON
import MatterModel
import SmartHomeProtocol
import Testing

@testable import Fulfillment

/// Google TransportControl on Matter Media Playback: supported commands by feature map, every command's registry
/// change and Matter command, and every error.
struct TransportControlTraitTests {
    typealias P = PlaybackFixtures

    static func supported(_ endpoint: Endpoint) -> [String] {
        let attributes = P.attributes(TransportControlTrait.self, endpoint)
        return (attributes["transportControlSupportedCommands"]?.arrayValue ?? []).compactMap(\.stringValue)
    }

    static func describe(
        _ command: Command,
        _ params: JSONObject = JSONObject(),
        before: Endpoint,
        after: Endpoint
    ) -> [MatterCommandDescription] {
        MatterCommandDescription.describe(command, params: params, before: before, after: after)
    }

    static func position(_ endpoint: Endpoint) -> Int? {
        MediaPlaybackCluster(endpoint).sample?.positionMilliseconds
    }

    // MARK: - SYNC

    @Test(arguments: [
        (0, ["PAUSE", "STOP", "RESUME"]),
        (1, ["PAUSE", "STOP", "RESUME", "SEEK_RELATIVE", "SEEK_TO_POSITION"]),
        (2, ["PAUSE", "STOP", "RESUME"]),
        (4, ["PAUSE", "STOP", "RESUME", "CAPTION_CONTROL"]),
        (7, ["PAUSE", "STOP", "RESUME", "SEEK_RELATIVE", "SEEK_TO_POSITION", "CAPTION_CONTROL"]),
    ])
    func supportedCommandsFollowTheFeatureMap(features: Int, expected: [String]) throws {
        let endpoint = try P.endpoint(P.player(features: features))
        #expect(Self.supported(endpoint) == expected)
        let violations = P.attributeViolations("TransportControl", P.attributes(TransportControlTrait.self, endpoint))
        #expect(violations.isEmpty, "\(violations)")
    }

    @Test func neverOffersWhatMatterCannotGuarantee() {
        for features in 0..<32 {
            let offered = TransportCommand.supported(by: MediaPlaybackCluster.Features(rawValue: features))
            #expect(!offered.contains(.next) && !offered.contains(.previous))
            #expect(!offered.contains(.setRepeat) && !offered.contains(.shuffle))
            #expect(Set(offered).count == offered.count)
            #expect(offered.starts(with: [.pause, .stop, .resume]))
        }
    }

    @Test func syncRulesRefuseUnknownAndMissingCommands() {
        #expect(!P.attributeViolations("TransportControl", JSONObject()).isEmpty)
        let unknown = JSONObject([("transportControlSupportedCommands", .array(["PLAY"]))])
        #expect(!P.attributeViolations("TransportControl", unknown).isEmpty)
        let known = JSONObject([("transportControlSupportedCommands", .array(["NEXT", "SHUFFLE"]))])
        #expect(P.attributeViolations("TransportControl", known).isEmpty)
        let wrongType = JSONObject([("supportActivityState", "yes")])
        #expect(!P.attributeViolations("MediaState", wrongType).isEmpty)
    }

    // MARK: - Pause, resume, stop

    @Test(arguments: [0, 3])
    func pause(state: Int) throws {
        let before = try P.endpoint(P.player(state: state))
        let after = try P.after(.mediaPause, on: before)
        #expect(after.cluster(.MediaPlayback).int("CurrentState") == 1)
        #expect(after.cluster(.MediaPlayback)["PlaybackSpeed"] == .double(0))
        #expect(P.states(MediaStateTrait.self, after)["playbackState"] == "PAUSED")
        let described = Self.describe(.mediaPause, before: before, after: after)
        #expect(described.map(\.command) == ["MediaPlayback.Pause"])
        #expect(described.first?.arguments.isEmpty == true)
        #expect(described.first?.changed["MediaPlayback"]?["CurrentState"] == 1)
    }

    @Test func pauseErrors() throws {
        #expect(P.errorCode(.mediaPause, on: try P.endpoint(P.player(state: 1))) == .alreadyPaused)
        #expect(P.errorCode(.mediaPause, on: try P.endpoint(P.player(state: 2))) == .actionNotAvailable)
    }

    @Test(arguments: [(1, "0"), (2, "0"), (3, "0"), (0, "4"), (0, "-2"), (0, "0.5")])
    func resume(state: Int, speed: String) throws {
        let before = try P.endpoint(P.player(state: state, speed: speed))
        let after = try P.after(.mediaResume, on: before)
        #expect(after.cluster(.MediaPlayback).int("CurrentState") == 0)
        #expect(after.cluster(.MediaPlayback)["PlaybackSpeed"] == .double(1))
        #expect(P.states(MediaStateTrait.self, after)["playbackState"] == "PLAYING")
        #expect(Self.describe(.mediaResume, before: before, after: after).map(\.command) == ["MediaPlayback.Play"])
    }

    @Test func resumeWhilePlayingIsAlreadyInState() throws {
        #expect(P.errorCode(.mediaResume, on: try P.endpoint(P.player(state: 0, speed: "1"))) == .alreadyInState)
        #expect(P.errorCode(.mediaResume, on: try P.endpoint(P.player(features: 0, state: 0))) == .alreadyInState)
    }

    @Test(arguments: [0, 1, 3])
    func stop(state: Int) throws {
        let before = try P.endpoint(P.player(state: state))
        let after = try P.after(.mediaStop, on: before)
        #expect(after.cluster(.MediaPlayback).int("CurrentState") == 2)
        #expect(after.cluster(.MediaPlayback)["PlaybackSpeed"] == .double(0))
        #expect(P.states(MediaStateTrait.self, after)["activityState"] == "INACTIVE")
        #expect(Self.describe(.mediaStop, before: before, after: after).map(\.command) == ["MediaPlayback.Stop"])
    }

    @Test func stopWhenStoppedIsAlreadyStopped() throws {
        #expect(P.errorCode(.mediaStop, on: try P.endpoint(P.player(state: 2))) == .alreadyStopped)
    }

    @Test func withoutAdvancedSeekOnlyTheStateChanges() throws {
        let before = try P.endpoint(P.player(features: 0, state: 0))
        let after = try P.after(.mediaPause, on: before)
        #expect(after.cluster(.MediaPlayback).int("CurrentState") == 1)
        #expect(after.cluster(.MediaPlayback)["PlaybackSpeed"] == nil)
    }

    @Test(arguments: [Command.mediaPause, .mediaResume, .mediaStop, .mediaSeekRelative, .mediaClosedCaptioningOff])
    func aPlayerSwitchedOffIsTurnedOff(command: Command) throws {
        let endpoint = try P.endpoint(P.player(state: 1, on: false))
        let params = JSONObject([("relativePositionMs", 1000)])
        #expect(P.errorCode(command, params, on: endpoint) == .deviceTurnedOff)
    }

    // MARK: - Seeking

    @Test func seekToPosition() throws {
        let before = try P.endpoint(P.player(state: 1))
        let params = JSONObject([("absPositionMs", 120_000)])
        let after = try P.after(.mediaSeekToPosition, params, on: before)
        #expect(Self.position(after) == 120_000)
        #expect(MediaPlaybackCluster(after).sample?.updatedAtMicroseconds == P.sampledAt)
        #expect(after.cluster(.MediaPlayback).int("CurrentState") == 1)
        let described = Self.describe(.mediaSeekToPosition, params, before: before, after: after)
        #expect(described.map(\.command) == ["MediaPlayback.Seek"])
        #expect(described.first?.arguments["Position"] == 120_000)
    }

    @Test(arguments: [-1, 3_600_001])
    func seekOutsideTheRange(position: Int) throws {
        let endpoint = try P.endpoint(P.player())
        let params = JSONObject([("absPositionMs", .int(position))])
        #expect(P.errorCode(.mediaSeekToPosition, params, on: endpoint) == .valueOutOfRange)
        let clamped = try P.after(.mediaSeekToPosition, params, on: endpoint, mode: .lenient)
        #expect(Self.position(clamped) == (position < 0 ? 0 : 3_600_000))
    }

    @Test(arguments: [(30_000, 90_000), (-10_000, 50_000), (-120_000, 0), (4_000_000, 3_600_000)])
    func seekRelative(delta: Int, expected: Int) throws {
        let before = try P.endpoint(P.player(state: 0))
        let params = JSONObject([("relativePositionMs", .int(delta))])
        for mode in [ValidationMode.strict, .lenient] {
            let after = try P.after(.mediaSeekRelative, params, on: before, mode: mode)
            #expect(Self.position(after) == expected)
            let described = Self.describe(.mediaSeekRelative, params, before: before, after: after)
            #expect(described.map(\.command) == ["MediaPlayback.Seek"])
            #expect(described.first?.arguments["Position"] == .int(expected))
        }
    }

    @Test func seekingNeedsAPositionAndAdvancedSeek() throws {
        let noPosition = try P.endpoint(P.player(state: 2, position: "null"))
        let params = JSONObject([("relativePositionMs", 1000), ("absPositionMs", 1000)])
        #expect(P.errorCode(.mediaSeekRelative, params, on: noPosition) == .actionNotAvailable)
        #expect(P.errorCode(.mediaSeekToPosition, params, on: noPosition) == .actionNotAvailable)
        let noSeek = try P.endpoint(P.player(features: 4))
        #expect(P.errorCode(.mediaSeekRelative, params, on: noSeek) == .functionNotSupported)
        #expect(P.errorCode(.mediaSeekToPosition, params, on: noSeek) == .functionNotSupported)
    }

    @Test func seekParametersAreChecked() throws {
        let endpoint = try P.endpoint(P.player())
        #expect(P.errorCode(.mediaSeekToPosition, on: endpoint) == .notSupported)
        let wrong = JSONObject([("relativePositionMs", "ten")])
        #expect(P.errorCode(.mediaSeekRelative, wrong, on: endpoint) == .notSupported)
    }

    // MARK: - Captions

    @Test(arguments: [
        (JSONObject([("closedCaptioningLanguage", "fr-CA")]), "cc-fr"),
        (JSONObject([("closedCaptioningLanguage", "en-US")]), "cc-en"),
        (JSONObject([("closedCaptioningLanguage", "EN_gb"), ("userQueryLanguage", "fr")]), "cc-en"),
        (JSONObject([("userQueryLanguage", "fr-FR")]), "cc-fr"),
        (JSONObject(), "cc-en"),
    ])
    func captionsOn(params: JSONObject, track: String) throws {
        let before = try P.endpoint(P.player())
        let after = try P.after(.mediaClosedCaptioningOn, params, on: before)
        #expect(after.cluster(.MediaPlayback)["ActiveTextTrack"]?.structureValue?["ID"] == .string(track))
        let described = Self.describe(.mediaClosedCaptioningOn, params, before: before, after: after)
        #expect(described.map(\.command) == ["MediaPlayback.ActivateTextTrack"])
        #expect(described.first?.arguments["TrackID"] == .string(track))
    }

    @Test func captionsOff() throws {
        let on = try P.after(.mediaClosedCaptioningOn, on: try P.endpoint(P.player()))
        let off = try P.after(.mediaClosedCaptioningOff, on: on)
        #expect(off.cluster(.MediaPlayback)["ActiveTextTrack"] == .null)
        let described = Self.describe(.mediaClosedCaptioningOff, before: on, after: off)
        #expect(described.map(\.command) == ["MediaPlayback.DeactivateTextTrack"])
        #expect(described.first?.changed["MediaPlayback"]?["ActiveTextTrack"] == .null)
    }

    @Test func captionErrors() throws {
        let german = JSONObject([("closedCaptioningLanguage", "de")])
        #expect(P.errorCode(.mediaClosedCaptioningOn, german, on: try P.endpoint(P.player())) == .notSupported)
        let noTracks = try P.endpoint(P.player(tracks: "null"))
        #expect(P.errorCode(.mediaClosedCaptioningOn, on: noTracks) == .notSupported)
        let noFeature = try P.endpoint(P.player(features: 1))
        #expect(P.errorCode(.mediaClosedCaptioningOn, on: noFeature) == .functionNotSupported)
        #expect(P.errorCode(.mediaClosedCaptioningOff, on: noFeature) == .functionNotSupported)
    }

    // MARK: - Never offered

    @Test(arguments: [Command.mediaNext, .mediaPrevious, .mediaRepeatMode, .mediaShuffle])
    func notOffered(command: Command) throws {
        let endpoint = try P.endpoint(P.player())
        let params = JSONObject([("isOn", true)])
        #expect(P.errorCode(command, params, on: endpoint) == .functionNotSupported)
    }

    @Test func otherTraitsCommandsAreRefused() throws {
        #expect(
            P.errorCode(.onOff, JSONObject([("on", true)]), on: try P.endpoint(P.player())) == .functionNotSupported
        )
    }
}
