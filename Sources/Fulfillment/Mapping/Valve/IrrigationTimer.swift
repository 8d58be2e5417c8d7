import JSON
import MatterModel
import SmartHomeProtocol

/// Google `Timer` for an Irrigation System (SPRINKLER): how long its zones water, read from and set on its Water Valve
/// endpoints' Valve Configuration and Control `OpenDuration` / `RemainingDuration`, as a Water Valve's own Timer
/// (``ValveTimer``) is.
///
/// Google's Timer page (https://developers.home.google.com/cloud-to-cloud/traits/timer): "For instance, a smart
/// sprinkler controller or smart light switch may have a built-in timer"; "`timerRemainingSec` ... Current time
/// remaining in seconds, -1, or [0, maxTimerLimitSec]. Set to -1 to indicate no timer is running". The SPRINKLER
/// guide recommends Timer beside StartStop.
///
/// - **SYNC** `maxTimerLimitSec` 86400, as a valve's (``ValveTimer/maxTimerLimitSeconds``).
/// - **QUERY** `timerRemainingSec`: the longest countdown among the open valves (the sprinkler waters until its last
///   timed zone closes); -1 while no open valve counts down. `timerPaused` is never reported: a valve's countdown
///   cannot pause.
/// - **`TimerStart {timerTimeSec}`** opens the valves that are watering, or every valve when none is, for t seconds
///   (`ValveConfigurationAndControl.Open {OpenDuration: t}` on each valve's endpoint).
/// - **`TimerAdjust {timerTimeSec}`** gives every counting-down valve the sprinkler's remaining time + t (Matter
///   restarts a countdown on a new `Open`); `noTimerExists` when none counts down, 0 is `timerValueOutOfRange`.
/// - **`TimerCancel`** closes the counting-down valves (`Close` each: "cancel the sprinkler timer" means stop
///   watering); `noTimerExists` when none counts down.
/// - **`TimerPause`, `TimerResume`**: `functionNotSupported`.
///
/// t is checked as every Timer's is (``TimerTrait/timerSeconds(_:limit:mode:)``).
enum IrrigationTimer {
    /// The indices of the device's Water Valve endpoints.
    static func valves(of endpoints: [Endpoint]) -> [Int] {
        endpoints.indices.filter {
            endpoints[$0].deviceTypes.contains(.WaterValve) && ValveState.isPresent(on: endpoints[$0])
        }
    }

    /// The valves counting down, with their remaining seconds.
    static func countdowns(of endpoints: [Endpoint]) -> [(index: Int, seconds: Int)] {
        valves(of: endpoints).compactMap { index in
            guard ValveState.isOpen(endpoints[index]), let seconds = ValveState.remainingSeconds(endpoints[index])
            else {
                return nil
            }
            return (index, seconds)
        }
    }

    static func attributes(into attributes: inout JSONObject) {
        attributes.append("maxTimerLimitSec", .int(ValveTimer.maxTimerLimitSeconds))
    }

    static func states(of endpoints: [Endpoint], into states: inout JSONObject) {
        let longest = countdowns(of: endpoints).map(\.seconds).max()
        states.append("timerRemainingSec", .int(longest.map { min(max($0, 0), ValveTimer.maxTimerLimitSeconds) } ?? -1))
    }

    static func execute(
        _ command: Command,
        _ params: CommandParameters,
        on endpoints: inout [Endpoint],
        mode: ValidationMode
    ) throws(CommandError) {
        let limit = ValveTimer.maxTimerLimitSeconds
        switch command {
        case .timerStart:
            let seconds = try TimerTrait.timerSeconds(try params.integer("timerTimeSec"), limit: limit, mode: mode)
            let all = valves(of: endpoints)
            let watering = all.filter { ValveState.isOpen(endpoints[$0]) }
            for index in watering.isEmpty ? all : watering {
                let level = ValveState.isOpen(endpoints[index]) ? ValveState.openPercent(endpoints[index]) : nil
                ValveState.open(&endpoints[index], duration: seconds, level: level)
            }
        case .timerAdjust:
            let change = try params.integer("timerTimeSec")
            let running = countdowns(of: endpoints)
            guard let remaining = running.map(\.seconds).max() else { throw noTimer() }
            if change == 0 { throw CommandError(.timerValueOutOfRange, "adjusting a timer by 0 s changes nothing") }
            let seconds = try TimerTrait.timerSeconds(remaining + change, limit: limit, mode: mode)
            for (index, _) in running {
                ValveState.open(&endpoints[index], duration: seconds, level: ValveState.openPercent(endpoints[index]))
            }
        case .timerCancel:
            let running = countdowns(of: endpoints)
            guard !running.isEmpty else { throw noTimer() }
            for (index, _) in running { ValveState.close(&endpoints[index]) }
        case .timerPause, .timerResume:
            throw CommandError(.functionNotSupported, "a sprinkler's countdown cannot pause (\(command.rawValue))")
        default:
            throw CommandError(.functionNotSupported, "\(command.rawValue) is not a Timer command")
        }
    }

    private static func noTimer() -> CommandError {
        CommandError(.noTimerExists, "no zone is watering for a set time")
    }
}
