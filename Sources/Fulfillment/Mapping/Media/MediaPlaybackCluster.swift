import MatterModel

/// Matter Media Playback (0x0506) on one endpoint, read by attribute name for Google's MediaState and
/// TransportControl. Values were checked against the specification when stored; absent or null ones read as
/// unknown here.
///
/// Matter 1.4, Media Playback: features `AS` AdvancedSeek ("Advanced media seeking": `StartTime`, `Duration`,
/// `SampledPosition`, `PlaybackSpeed`, `SeekRangeStart`/`End` and the `Seek` command), `VS` VariableSpeed ("Variable
/// speed playback": `FastForward`, `Rewind`), `TT` TextTracks (`ActiveTextTrack`, `AvailableTextTracks`,
/// `ActivateTextTrack`, `DeactivateTextTrack`), `AT` AudioTracks and `AA` AudioAdvance. `Play`, `Pause` and `Stop`
/// are mandatory; `StartOver`, `Previous`, `Next`, `SkipForward` and `SkipBackward` are optional commands that no
/// feature implies.
struct MediaPlaybackCluster {
    /// Matter `PlaybackStateEnum`.
    enum PlaybackState: Int, CaseIterable {
        /// "Media is currently playing (includes FF and REW)".
        case playing = 0
        /// "Media is currently paused".
        case paused = 1
        /// "Media is not currently playing".
        case notPlaying = 2
        /// Buffering: "playback will start when buffer has been filled".
        case buffering = 3
    }

    /// Bits of Media Playback's `FeatureMap`.
    struct Features: OptionSet {
        let rawValue: Int
        /// `AS` AdvancedSeek (bit 0).
        static let advancedSeek = Features(rawValue: 1 << 0)
        /// `VS` VariableSpeed (bit 1).
        static let variableSpeed = Features(rawValue: 1 << 1)
        /// `TT` TextTracks (bit 2).
        static let textTracks = Features(rawValue: 1 << 2)
        /// `AT` AudioTracks (bit 3).
        static let audioTracks = Features(rawValue: 1 << 3)
        /// `AA` AudioAdvance (bit 4).
        static let audioAdvance = Features(rawValue: 1 << 4)
    }

    /// One `TrackStruct` of `AvailableTextTracks`: its `ID` and its `TrackAttributes.LanguageCode`, with the struct
    /// as stored (written back whole into `ActiveTextTrack`).
    struct Track: Equatable {
        var id: String
        var languageCode: String
        var value: AttributeValue
    }

    /// The stored cluster.
    var state: ClusterState

    init(_ endpoint: Endpoint) {
        state = endpoint.cluster(.MediaPlayback)
    }

    /// The features in `FeatureMap` (none when absent).
    var features: Features { Features(rawValue: state.int(SpecificationSchema.featureMap) ?? 0) }

    /// `CurrentState`; `nil` when absent or not one of Matter's four values.
    var playbackState: PlaybackState? { state.int("CurrentState").flatMap(PlaybackState.init(rawValue:)) }

    /// `PlaybackSpeed` (`AS`), `nil` when absent; stored as a `single`, read from an integer too.
    var speed: Double? { Self.number(state["PlaybackSpeed"]) }

    /// `SampledPosition` when it has a position: its `UpdatedAt` (epoch-µs) and `Position` (ms).
    var sample: (updatedAtMicroseconds: Int, positionMilliseconds: Int)? {
        guard let fields = state["SampledPosition"]?.structureValue,
            let updatedAt = Self.whole(fields["UpdatedAt"]),
            let position = Self.whole(fields["Position"])
        else { return nil }
        return (updatedAt, position)
    }

    /// ``MediaPositionConversion/seekRange(startMilliseconds:endMilliseconds:durationMilliseconds:)`` of
    /// `SeekRangeStart`, `SeekRangeEnd` and `Duration`.
    var seekRange: ClosedRange<Int> {
        MediaPositionConversion.seekRange(
            startMilliseconds: Self.whole(state["SeekRangeStart"]),
            endMilliseconds: Self.whole(state["SeekRangeEnd"]),
            durationMilliseconds: Self.whole(state["Duration"])
        )
    }

    /// `AvailableTextTracks` (`TT`): the tracks with an `ID` and a `LanguageCode`; empty when null or absent.
    var textTracks: [Track] {
        (state["AvailableTextTracks"]?.listValue ?? []).compactMap { value in
            guard let fields = value.structureValue,
                let id = fields["ID"]?.stringValue,
                let language = fields["TrackAttributes"]?.structureValue?["LanguageCode"]?.stringValue
            else { return nil }
            return Track(id: id, languageCode: language, value: value)
        }
    }

    /// A uint64 or epoch-us attribute as `Int` (a value past `Int.max` reads as `Int.max`); `nil` when null.
    static func whole(_ value: AttributeValue?) -> Int? {
        switch value {
        case .int(let number): return number
        case .unsigned: return Int.max
        default: return nil
        }
    }

    /// A `single` attribute (or an integer) as `Double`; `nil` when null or absent.
    static func number(_ value: AttributeValue?) -> Double? {
        switch value {
        case .double(let number): return number
        case .int(let number): return Double(number)
        default: return nil
        }
    }
}
