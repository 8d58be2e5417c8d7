/// Snapping a Matter temperature (hundredths of a degree Celsius) onto a Temperature Control's steps.
///
/// Matter's Temperature Control (Application Clusters §8.2, `SetTemperature`): with the STEP feature, the
/// `TargetTemperature` "SHALL be ... `MinTemperature` + n × `Step`" — a command whose value is not on that grid is
/// answered `CONSTRAINT_ERROR`. Google's TemperatureControl page calls the same quantity `temperatureStepCelsius`:
/// "the minimum adjustment interval the device supports". The grid starts at `MinTemperature`, not at 0.
///
/// Guarantees (checked by `TemperatureStepConversionTests`): the snapped value is on the grid, within
/// `minimum…maximum`, idempotent and monotone, and at most half a step from an input between `minimum` and the
/// highest grid value (above it, within `maximum`, the top grid value is the nearest allowed one).
public enum TemperatureStepConversion {
    /// Whether `hundredths` is `minimum + n × step` for a whole `n` (always true without a step, `step` ≤ 0).
    public static func isOnStep(_ hundredths: Int, minimum: Int, step: Int) -> Bool {
        step <= 0 || (hundredths - minimum) % step == 0
    }

    /// The grid value nearest `hundredths` (half a step rounds up), kept within `minimum…maximum`: the highest grid
    /// value not above `maximum` is the top. Without a step (`step` ≤ 0) the value is only clamped.
    /// 1730 with minimum 5000, step 500 → 5000; 17_760 with minimum 5000, step 500 → 18_000.
    public static func snappedHundredths(_ hundredths: Int, minimum: Int, maximum: Int, step: Int) -> Int {
        let clamped = min(max(hundredths, minimum), max(minimum, maximum))
        guard step > 0 else { return clamped }
        let steps = (clamped - minimum + step / 2) / step
        let top = (max(minimum, maximum) - minimum) / step
        return minimum + min(steps, top) * step
    }
}
