import JSON
import MatterModel
import SmartHomeProtocol

/// Google `Timer` for a Water Valve: how long the valve stays open (Valve Configuration and Control `OpenDuration`,
/// `RemainingDuration`, ``ValveState``).
///
/// Google's Timer page (https://developers.home.google.com/cloud-to-cloud/traits/timer): "For instance, a smart
/// sprinkler controller or smart light switch may have a built-in timer"; "`maxTimerLimitSec` ... **Required.**
/// Indicates the longest timer setting available on the device, measured in seconds"; "`timerRemainingSec` ...
/// **Required.** Current time remaining in seconds, -1, or [0, maxTimerLimitSec]. Set to -1 to indicate no timer is
/// running"; "`timerPaused` ... True if a active timer exists but is currently paused". A valve's countdown cannot
/// pause (Matter has no such command), so `timerPaused` is never reported: it is optional and would only ever be
/// false.
///
/// **SYNC.** `maxTimerLimitSec` is 86400 (a day). Matter bounds `OpenDuration` only below ("min 1"; an
/// `elapsed-s`, a 32-bit count), and Google needs a bound: a day is longer than any watering and keeps
/// `timerRemainingSec` within it.
///
/// **QUERY.** `timerRemainingSec` is `RemainingDuration` (else `OpenDuration`) while the valve is open and closes by
/// itself; -1 while it is closed or stays open until told.
///
/// | command | Matter | result / error |
/// |---|---|---|
/// | `TimerStart {timerTimeSec}` | `Open {OpenDuration: t}` | open for t s (with levels: at `DefaultOpenLevel`, or the level it is open at) |
/// | `TimerAdjust {timerTimeSec}` | `Open {OpenDuration: remaining + t}` (Matter restarts the countdown on a new `Open`) | `noTimerExists` without a timer; 0: `timerValueOutOfRange` |
/// | `TimerCancel` | `Close` | closed; `noTimerExists` without a timer |
/// | `TimerPause`, `TimerResume` | none | `functionNotSupported`: a valve's countdown does not pause |
///
/// t below 1 is `belowMinimumTimerDuration`, above 86400 `aboveMaximumTimerDuration` (strict; lenient clamps), as
/// ``TimerTrait/timerSeconds(_:limit:mode:)`` checks every Timer. Cancelling the timer closes the valve: the timer
/// is how long the water runs, and "cancel the sprinkler timer" means stop watering.
enum ValveTimer {
    /// `maxTimerLimitSec`: a day.
    static let maxTimerLimitSeconds = 86_400

    static func attributes(of endpoint: Endpoint, into attributes: inout JSONObject) {
        attributes.append("maxTimerLimitSec", .int(maxTimerLimitSeconds))
    }

    static func states(of endpoint: Endpoint, into states: inout JSONObject) {
        let remaining = ValveState.remainingSeconds(endpoint).map { min(max($0, 0), maxTimerLimitSeconds) }
        states.append("timerRemainingSec", .int(remaining ?? -1))
    }

    static func execute(
        _ command: Command,
        _ params: CommandParameters,
        on endpoint: inout Endpoint,
        mode: ValidationMode
    ) throws(CommandError) {
        let level = ValveState.isOpen(endpoint) ? ValveState.openPercent(endpoint) : nil
        switch command {
        case .timerStart:
            let seconds = try TimerTrait.timerSeconds(
                try params.integer("timerTimeSec"),
                limit: maxTimerLimitSeconds,
                mode: mode
            )
            ValveState.open(&endpoint, duration: seconds, level: level)
        case .timerAdjust:
            let change = try params.integer("timerTimeSec")
            guard let remaining = ValveState.remainingSeconds(endpoint) else { throw noTimer() }
            if change == 0 { throw CommandError(.timerValueOutOfRange, "adjusting a timer by 0 s changes nothing") }
            let seconds = try TimerTrait.timerSeconds(remaining + change, limit: maxTimerLimitSeconds, mode: mode)
            ValveState.open(&endpoint, duration: seconds, level: level)
        case .timerCancel:
            guard ValveState.remainingSeconds(endpoint) != nil else { throw noTimer() }
            ValveState.close(&endpoint)
        case .timerPause, .timerResume:
            throw CommandError(.functionNotSupported, "a valve's countdown cannot pause (\(command.rawValue))")
        default:
            throw CommandError(.functionNotSupported, "\(command.rawValue) is not a Timer command")
        }
    }

    /// `ValveConfigurationAndControl.Open {OpenDuration, TargetLevel?}` or `ValveConfigurationAndControl.Close`.
    static func matterCommands(before: Endpoint, after: Endpoint) -> [MatterCommandDescription] {
        [ValveState.command(before: before, after: after, withDuration: true)]
    }

    private static func noTimer() -> CommandError {
        CommandError(.noTimerExists, "the valve is not open for a set time")
    }
}
