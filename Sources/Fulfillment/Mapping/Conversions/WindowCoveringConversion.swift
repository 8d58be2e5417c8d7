/// Converts between Matter Window Covering lift positions and Google's OpenClose `openPercent`.
///
/// **The scales run in opposite directions.** Matter's `CurrentPositionLiftPercent100ths` /
/// `TargetPositionLiftPercent100ths` say how far the covering is *closed*, in hundredths of a percent: 0 is fully
/// open, 10000 fully closed. Google's `openPercent` says how far it is *open*, in percent: 0 is closed, 100 fully
/// open. So `openPercent = (10000 − hundredths) / 100`, an inversion and a change of scale.
///
/// Guarantees (checked by `WindowCoveringConversionTests`):
/// - open percent → hundredths → open percent is the identity for every integer percent 0…100;
/// - hundredths → open percent → hundredths moves the position by at most 50 hundredths, and a second trip does
///   not move it again;
/// - both directions are monotone *decreasing* (more closed is less open) and always within bounds;
/// - the ends map to the ends: 0 ⇄ 100 % open, 10000 ⇄ 0 % open.
public enum WindowCoveringConversion {
    /// The hundredths of a percent that mean fully closed.
    public static let fullyClosed100ths = 10000

    /// Google `openPercent` for a Matter lift position in hundredths of a percent closed.
    ///
    /// Formula: `openPercent = round((10000 − hundredths) / 100)`, rounding half up (towards open), after clamping
    /// `hundredths` to 0…10000. 0 → 100 %, 2500 → 75 %, 10000 → 0 %, 50 → 100 %, 51 → 99 %.
    ///
    /// - Parameter hundredths: `CurrentPositionLiftPercent100ths` (or the target); values outside 0…10000 are
    ///   clamped.
    /// - Returns: Open percent, 0…100.
    public static func openPercent(fromLiftPercent100ths hundredths: Int) -> Int {
        let open100ths = fullyClosed100ths - min(max(hundredths, 0), fullyClosed100ths)
        return (open100ths + 50) / 100
    }

    /// Matter lift position in hundredths of a percent closed for a Google `openPercent`.
    ///
    /// Formula: `hundredths = 10000 − round(openPercent × 100)`, rounding half away from zero, after clamping
    /// `openPercent` to 0…100 (non-finite input counts as 0). 100 % → 0, 75 % → 2500, 33.333 % → 6667, 0 % → 10000.
    ///
    /// - Parameter percent: Google open percent; fractions keep their precision down to a hundredth.
    /// - Returns: A position within 0…10000.
    public static func liftPercent100ths(fromOpenPercent percent: Double) -> Int {
        let clamped = percent.isFinite ? min(max(percent, 0), 100) : 0
        return fullyClosed100ths - Int((clamped * 100).rounded(.toNearestOrAwayFromZero))
    }
}
