import MatterModel

/// Google MediaState's two states, derived from Matter Media Playback (and a video player's On/Off).
///
/// Google (traits/mediastate): "`activityState` String. Indicates whether the device is active and whether the user
/// is actively interacting with the device. Supported values: `INACTIVE` `STANDBY` `ACTIVE`"; "`playbackState`
/// String. Indicates current state while playing media. Supported values: `PAUSED` `PLAYING` `FAST_FORWARDING`
/// `REWINDING` `BUFFERING` `STOPPED`". Google's own example pairs `"activityState": "ACTIVE"` with
/// `"playbackState": "PAUSED"`.
enum MediaActivity {
    /// Google `playbackState`.
    enum PlaybackState: String, CaseIterable {
        case playing = "PLAYING"
        case paused = "PAUSED"
        case stopped = "STOPPED"
        case fastForwarding = "FAST_FORWARDING"
        case rewinding = "REWINDING"
        case buffering = "BUFFERING"
    }

    /// Google `activityState`.
    enum ActivityState: String, CaseIterable {
        case inactive = "INACTIVE"
        case standby = "STANDBY"
        case active = "ACTIVE"
    }

    /// `playbackState` from Matter's `CurrentState` and `PlaybackSpeed`:
    ///
    /// | `CurrentState` | `PlaybackSpeed` | `playbackState` |
    /// |---|---|---|
    /// | Playing (0) | > 1 | `FAST_FORWARDING` |
    /// | Playing (0) | < 0 | `REWINDING` |
    /// | Playing (0) | 0…1, or absent (no `AS` feature) | `PLAYING` |
    /// | Paused (1) | | `PAUSED` |
    /// | NotPlaying (2), or unknown | | `STOPPED` |
    /// | Buffering (3) | | `BUFFERING` |
    ///
    /// Matter's Playing "includes FF and REW"; its speed tells them apart: above 1 the media advances faster than
    /// real time, below 0 it goes back. Slow motion (0 < speed < 1) is still `PLAYING`: Google has no slow state.
    static func playbackState(_ state: MediaPlaybackCluster.PlaybackState?, speed: Double?) -> PlaybackState {
        switch state {
        case .playing:
            guard let speed, speed.isFinite else { return .playing }
            if speed > 1 { return .fastForwarding }
            if speed < 0 { return .rewinding }
            return .playing
        case .paused: return .paused
        case .buffering: return .buffering
        case .notPlaying, nil: return .stopped
        }
    }

    /// `activityState`: `STANDBY` for a video player switched off (`powered` false: it is reachable and wakes on
    /// `On`, which is what standby means); otherwise `ACTIVE` while a media session is under way (playing,
    /// buffering or paused, as in Google's example) and `INACTIVE` when nothing plays. `powered` is `nil` where
    /// the endpoint has no power switch of its own (a Content App; a Speaker, whose On/Off is mute).
    static func activityState(powered: Bool?, _ state: MediaPlaybackCluster.PlaybackState?) -> ActivityState {
        if powered == false { return .standby }
        switch state {
        case .playing, .paused, .buffering: return .active
        case .notPlaying, nil: return .inactive
        }
    }

    /// Whether the endpoint's On/Off is a power switch: only on a Basic or Casting Video Player (on a Speaker
    /// On/Off is mute). `nil` when it is not, or there is no On/Off.
    static func powered(_ endpoint: Endpoint) -> Bool? {
        guard endpoint.deviceTypes.contains(where: { $0 == .BasicVideoPlayer || $0 == .CastingVideoPlayer }) else {
            return nil
        }
        return endpoint.cluster(.OnOff).bool(.OnOff.onOff)
    }
}
