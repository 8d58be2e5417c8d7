/// Playback positions between Matter Media Playback (0x0506) and Google's TransportControl, in milliseconds.
///
/// Matter's position attributes: `SampledPosition` is a `PlaybackPositionStruct` {`UpdatedAt` (epoch-us, the time
/// of the sample), `Position` (uint64, nullable, milliseconds into the media)}; `PlaybackSpeed` (single) is how fast
/// the position moves (1 normal, 0 not moving, > 1 fast-forward, < 0 rewind); `SeekRangeStart` and `SeekRangeEnd`
/// (uint64 ms, nullable) bound where the media can be positioned, and a `Seek` outside them fails with Matter's
/// `SeekOutOfRange` ("The Seek Command was issued with a value of position outside of the allowed seek range of the
/// media."). Google's positions are milliseconds too: `mediaSeekToPosition`'s `absPositionMs` ("Millisecond of the
/// absolute position to seek to") and `mediaSeekRelative`'s `relativePositionMs` ("Milliseconds of the forward
/// (positive int) or backward (negative int) amount to seek").
///
/// All functions are pure, total and never overflow: arithmetic that could leave `Int` is done in `Double` and
/// clamped before it comes back.
///
/// Guarantees (checked by `MediaPositionConversionTests`): every result of ``position(atMicroseconds:sampledAtMicroseconds:positionMilliseconds:speed:range:)``,
/// ``relativeTarget(fromMilliseconds:deltaMilliseconds:range:)`` and ``clamped(_:to:)`` lies in the seek range;
/// the position at the sample's own time is the sampled position (clamped); at speed 1 it advances one millisecond
/// per millisecond; a forward skip followed by the same backward skip returns to the start when neither hit an end.
public enum MediaPositionConversion {
    /// The seek range Hearth uses: `SeekRangeStart` (0 when null or absent) to `SeekRangeEnd` (else `Duration`,
    /// else `Int.max` when both are null: live or unknown-length media). An end before the start collapses to the
    /// start.
    public static func seekRange(
        startMilliseconds: Int?,
        endMilliseconds: Int?,
        durationMilliseconds: Int?
    )
        -> ClosedRange<Int>
    {
        let start = max(startMilliseconds ?? 0, 0)
        let end = max(endMilliseconds ?? durationMilliseconds ?? Int.max, start)
        return start...end
    }

    /// `position` held inside `range`.
    public static func clamped(_ position: Int, to range: ClosedRange<Int>) -> Int {
        min(max(position, range.lowerBound), range.upperBound)
    }

    /// The position at `now` (epoch-µs) of media sampled at `sampledAt` (epoch-µs) at `position` ms, moving at
    /// `speed`: `position + (now − sampledAt) / 1000 × speed`, rounded to the millisecond (half away from zero) and
    /// clamped to `range`. A `now` before the sample counts as the sample's time (clocks are never exact); a
    /// non-finite speed counts as 0.
    public static func position(
        atMicroseconds now: Int,
        sampledAtMicroseconds sampledAt: Int,
        positionMilliseconds position: Int,
        speed: Double,
        range: ClosedRange<Int>
    ) -> Int {
        let elapsedMilliseconds = max(Double(now) - Double(sampledAt), 0) / 1000
        let rate = speed.isFinite ? speed : 0
        return clampedDouble(Double(position) + elapsedMilliseconds * rate, to: range)
    }

    /// The target of a relative seek of `delta` ms from `current` ms, clamped to `range`: Matter's skips stop at the
    /// ends of the media rather than fail, and so does Hearth's relative seek.
    public static func relativeTarget(
        fromMilliseconds current: Int,
        deltaMilliseconds delta: Int,
        range: ClosedRange<Int>
    ) -> Int {
        clampedDouble(Double(current) + Double(delta), to: range)
    }

    /// A `Double` millisecond value rounded half away from zero and held inside `range`, without overflow.
    static func clampedDouble(_ value: Double, to range: ClosedRange<Int>) -> Int {
        guard value.isFinite else { return value > 0 ? range.upperBound : range.lowerBound }
        let rounded = value.rounded(.toNearestOrAwayFromZero)
        if rounded <= Double(range.lowerBound) { return range.lowerBound }
        if rounded >= Double(range.upperBound) { return range.upperBound }
        return clamped(Int(rounded), to: range)
    }
}
