/// Google's light effect durations (whole seconds) ⇄ Matter's transition times (tenths of a second).
///
/// Google's LightEffects page gives each effect command a `duration` "in seconds" and each default duration a range:
/// "Value must be between `300` and `3600`", default `1800`. Sleep and Wake run as Level Control's
/// `MoveToLevelWithOnOff`, whose `TransitionTime` is a `uint16` in tenths of a second where 65535 means "as fast as
/// possible" (Matter 1.4 Application Cluster Specification §1.6.7.1): the longest transition is 65534 tenths, so
/// 6553 whole seconds.
public enum LightEffectDurationConversion {
    /// Google's default duration of every effect, when the command and the SYNC attributes give none.
    public static let defaultSeconds = 1800
    /// The longest effect a Matter transition can carry: 65534 tenths of a second, in whole seconds.
    public static let maximumTransitionSeconds = 6553

    /// Matter's `TransitionTime` for a transition of `seconds`: tenths of a second, clamped into 0…65534.
    public static func transitionTenths(fromSeconds seconds: Int) -> Int {
        let bounded = min(max(seconds, 0), maximumTransitionSeconds)
        return bounded * 10
    }

    /// Whole seconds of a Matter `RemainingTime` or `TransitionTime` in tenths, rounded up (a transition with 0.1 s
    /// left has not ended); 65535 (Matter's "as fast as possible") and negative values are 0.
    public static func seconds(fromTenths tenths: Int) -> Int {
        guard tenths > 0, tenths < 65535 else { return 0 }
        return (tenths + 9) / 10
    }
}
