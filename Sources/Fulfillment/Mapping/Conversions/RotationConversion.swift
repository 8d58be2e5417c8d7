/// Converts between Matter Window Covering tilt positions and Google's Rotation `rotationPercent`.
///
/// Matter's `CurrentPositionTiltPercent100ths` / `TargetPositionTiltPercent100ths` say how far the slats are
/// *closed*, in hundredths of a percent: "0 = fully open, 10000 = fully closed" (Matter 1.4 §5.3.6.14, the same
/// scale as the lift). Google's `rotationPercent` says how far they are *open*: "Current level that indicates what
/// percentage the device is currently rotated, where 0.0 corresponds to closed and 100.0 corresponds to open"
/// (traits/rotation). So the tilt converts exactly as the lift does to `openPercent`
/// (``WindowCoveringConversion``): `rotationPercent = (10000 − hundredths) / 100`, an inversion and a change of
/// scale, and this type names that for the tilt rather than repeating it.
///
/// Guarantees (checked by `RotationConversionTests`): percent → hundredths → percent is the identity for every
/// integer percent 0…100; both directions are monotone decreasing and within bounds; the ends map to the ends.
public enum RotationConversion {
    /// Google `rotationPercent` (0 closed … 100 open) for a Matter tilt position in hundredths of a percent closed;
    /// values outside 0…10000 are clamped. 0 → 100, 2500 → 75, 10000 → 0.
    public static func rotationPercent(fromTiltPercent100ths hundredths: Int) -> Int {
        WindowCoveringConversion.openPercent(fromLiftPercent100ths: hundredths)
    }

    /// Matter tilt position in hundredths of a percent closed for a Google `rotationPercent`, clamped to 0…100
    /// first (non-finite counts as 0). 100 → 0, 75 → 2500, 0 → 10000.
    public static func tiltPercent100ths(fromRotationPercent percent: Double) -> Int {
        WindowCoveringConversion.liftPercent100ths(fromOpenPercent: percent)
    }
}
