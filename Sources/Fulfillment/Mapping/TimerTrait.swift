import JSON
import MatterModel
import SmartHomeProtocol

/// Google `Timer` ⇄ the countdown of a Microwave Oven (Microwave Oven Control `CookTime`, run by Operational State)
/// or of an oven cavity (Oven Cavity Operational State `CountdownTime`, read-only).
///
/// Google's page (https://developers.home.google.com/cloud-to-cloud/traits/timer): "`maxTimerLimitSec` ...
/// Indicates the longest timer setting available on the device, measured in seconds. Minimum value: 1";
/// "`timerRemainingSec` ... Current time remaining in seconds, -1, or [0, maxTimerLimitSec]. Set to -1 to indicate
/// no timer is running"; "`timerPaused` True if a active timer exists but is currently paused". `TimerStart`'s
/// `timerTimeSec` "must be in the range [1, maxTimerLimitSec]", `TimerAdjust`'s "[-maxTimerLimitSec,
/// maxTimerLimitSec]"; the page's errors are `noTimerExists`, `timerValueOutOfRange`, `aboveMaximumTimerDuration`,
/// `belowMinimumTimerDuration`.
///
/// **Water Valve** (Valve Configuration and Control present): see ``ValveTimer``.
///
/// **Microwave** (Microwave Oven Control present). SYNC `maxTimerLimitSec` is `MaxCookTime` (Matter: 1…86400 s).
/// QUERY: while `OperationalState` is Running or Paused a timer exists: `timerRemainingSec` is `CountdownTime`
/// (or `CookTime` while the countdown is null), `timerPaused` is Paused; otherwise -1 and false.
///
/// | command | Matter | from | result / error |
/// |---|---|---|---|
/// | `TimerStart {timerTimeSec}` | `MicrowaveOvenControl.SetCookingParameters {CookTime, StartAfterSetting: true}` (after `OperationalState.Stop` when a timer runs: Matter refuses new parameters while running) | any but Error | Running, `CookTime` = `CountdownTime` = t |
/// | | | Error | `deviceNotReady` |
/// | `TimerAdjust {timerTimeSec > 0}` | `MicrowaveOvenControl.AddMoreTime {TimeToAdd}` | Running, Paused | `CookTime` and `CountdownTime` + t |
/// | `TimerAdjust {timerTimeSec < 0}` | none: Matter can add time, never take it away | | `functionNotSupported` |
/// | `TimerPause` | `OperationalState.Pause` | Running | Paused; Paused: `alreadyPaused` |
/// | `TimerResume` | `OperationalState.Resume` | Paused | Running; Running: `alreadyStarted` |
/// | `TimerCancel` | `OperationalState.Stop` | Running, Paused | Stopped, `CountdownTime` null |
///
/// Without a timer (Stopped, Error) `TimerAdjust`, `TimerPause`, `TimerResume` and `TimerCancel` answer
/// `noTimerExists`. Values: t < 1 is `belowMinimumTimerDuration`, t (or the adjusted cook time) above `MaxCookTime`
/// `aboveMaximumTimerDuration` in strict mode; lenient mode clamps into 1…`MaxCookTime`. `TimerAdjust` by 0 is
/// `timerValueOutOfRange`.
///
/// **Oven cavity** (Oven Cavity Operational State). Matter 1.4's oven has no cook-time setting and its cavity state
/// disallows Pause and Resume, so the Timer is for asking "how much time is left": `maxTimerLimitSec` 259200 (the
/// 72 h `CountdownTime` may reach), `timerRemainingSec` the `CountdownTime` while Running (else -1),
/// `timerPaused` false. `TimerStart`, `TimerAdjust`, `TimerPause` and `TimerResume` answer
/// `functionNotSupported`: none of the page's four errors says "this device cannot set a timer" (they are about
/// a timer's value or absence), and Google's general `functionNotSupported` is exactly that. `TimerCancel` stops
/// the running cavity (`OvenCavityOperationalState.Stop`), or `noTimerExists` when nothing runs.
enum TimerTrait: TraitMapping {
    static let trait = Trait.timer

    typealias State = AttributeSchema.OperationalStateValue

    /// The oven cavity's `maxTimerLimitSec`: Matter's largest `CountdownTime` (72 h).
    static let ovenCountdownLimitSeconds = 259_200
    /// `MaxCookTime`'s upper bound in Matter, used when a microwave does not state one.
    static let microwaveCookTimeLimitSeconds = 86_400

    /// A countdown Hearth can read: the operational state and the countdown seconds (`nil` when null).
    struct Countdown: Equatable {
        var state: Int
        var remaining: Int?
        /// Whether a timer exists: the appliance is running or paused.
        var exists: Bool { state == State.running || state == State.paused }
    }

    /// Whether the endpoint's timer is a microwave's (settable) rather than an oven cavity's.
    static func isMicrowave(_ endpoint: Endpoint) -> Bool {
        endpoint.has(.MicrowaveOvenControl)
    }

    /// The endpoint's countdown: Operational State on a microwave, Oven Cavity Operational State on a cavity.
    static func readCountdown(of endpoint: Endpoint) -> Countdown {
        if endpoint.has(.OvenCavityOperationalState), !endpoint.has(.OperationalState) {
            let cavity = endpoint.cluster(.OvenCavityOperationalState)
            return Countdown(
                state: cavity.int("OperationalState") ?? State.stopped,
                remaining: cavity.int("CountdownTime")
            )
        }
        let operational = endpoint.cluster(.OperationalState)
        let raw = operational[.OperationalState.countdownTime]
        let isNull = raw.map { AttributeSchema.spec(.OperationalState.countdownTime)?.isNull($0) ?? false } ?? true
        return Countdown(
            state: operational.int(.OperationalState.operationalState) ?? State.stopped,
            remaining: isNull ? nil : raw?.intValue
        )
    }

    /// `maxTimerLimitSec`: `MaxCookTime` on a microwave, 72 h on an oven cavity.
    static func maxTimerLimitSeconds(_ endpoint: Endpoint) -> Int {
        guard isMicrowave(endpoint) else { return ovenCountdownLimitSeconds }
        let maximum = endpoint.cluster(.MicrowaveOvenControl).int("MaxCookTime") ?? microwaveCookTimeLimitSeconds
        return max(1, maximum)
    }

    // MARK: - SYNC

    static func attributes(of endpoint: Endpoint, into attributes: inout JSONObject) {
        if ValveState.isPresent(on: endpoint) { return ValveTimer.attributes(of: endpoint, into: &attributes) }
        attributes.append("maxTimerLimitSec", .int(maxTimerLimitSeconds(endpoint)))
    }

    // MARK: - QUERY

    static func states(of endpoint: Endpoint, into states: inout JSONObject) {
        if ValveState.isPresent(on: endpoint) { return ValveTimer.states(of: endpoint, into: &states) }
        let countdown = readCountdown(of: endpoint)
        var remaining = -1
        if countdown.exists {
            let cookTime = isMicrowave(endpoint) ? endpoint.cluster(.MicrowaveOvenControl).int("CookTime") : nil
            remaining = min(max(countdown.remaining ?? cookTime ?? -1, -1), maxTimerLimitSeconds(endpoint))
        }
        states.append("timerRemainingSec", .int(remaining))
        states.append("timerPaused", .bool(remaining >= 0 && countdown.state == State.paused))
    }

    // MARK: - EXECUTE

    static func execute(
        _ command: Command,
        _ params: CommandParameters,
        on endpoint: inout Endpoint,
        mode: ValidationMode
    ) throws(CommandError) {
        if ValveState.isPresent(on: endpoint) {
            return try ValveTimer.execute(command, params, on: &endpoint, mode: mode)
        }
        let countdown = readCountdown(of: endpoint)
        guard isMicrowave(endpoint) else {
            try executeOnCavity(command, countdown: countdown, on: &endpoint)
            return
        }
        let limit = maxTimerLimitSeconds(endpoint)
        var control = endpoint.cluster(.MicrowaveOvenControl)
        var operational = endpoint.cluster(.OperationalState)
        switch command {
        case .timerStart:
            let seconds = try timerSeconds(try params.integer("timerTimeSec"), limit: limit, mode: mode)
            if countdown.state == State.error {
                throw CommandError(.deviceNotReady, "the microwave reports an error; stop it first")
            }
            control["CookTime"] = .int(seconds)
            operational[.OperationalState.operationalState] = .int(State.running)
            operational[.OperationalState.countdownTime] = .int(seconds)
        case .timerAdjust:
            let change = try params.integer("timerTimeSec")
            guard countdown.exists else { throw noTimer() }
            if change == 0 { throw CommandError(.timerValueOutOfRange, "adjusting a timer by 0 s changes nothing") }
            if change < 0 {
                throw CommandError(
                    .functionNotSupported,
                    "a Matter microwave can add cooking time (AddMoreTime) but not take it away"
                )
            }
            let cookTime = control.int("CookTime") ?? countdown.remaining ?? 0
            let newCookTime = try timerSeconds(cookTime + change, limit: limit, mode: mode)
            let added = newCookTime - cookTime
            control["CookTime"] = .int(newCookTime)
            operational[.OperationalState.countdownTime] = .int(min((countdown.remaining ?? cookTime) + added, limit))
        case .timerPause:
            switch countdown.state {
            case State.running: operational[.OperationalState.operationalState] = .int(State.paused)
            case State.paused: throw CommandError(.alreadyPaused, "the microwave's timer is already paused")
            default: throw noTimer()
            }
        case .timerResume:
            switch countdown.state {
            case State.paused: operational[.OperationalState.operationalState] = .int(State.running)
            case State.running: throw CommandError(.alreadyStarted, "the microwave's timer is already running")
            default: throw noTimer()
            }
        case .timerCancel:
            guard countdown.exists else { throw noTimer() }
            operational[.OperationalState.operationalState] = .int(State.stopped)
            operational[.OperationalState.countdownTime] = .int(
                AttributeSchema.spec(.OperationalState.countdownTime)?.nullValue ?? 0xFFFF_FFFF
            )
        default:
            throw CommandError(.functionNotSupported, "\(command.rawValue) is not a Timer command")
        }
        endpoint.clusters[.MicrowaveOvenControl] = control
        endpoint.clusters[.OperationalState] = operational
    }

    /// An oven cavity: only `TimerCancel` (stopping the cavity) is possible.
    private static func executeOnCavity(
        _ command: Command,
        countdown: Countdown,
        on endpoint: inout Endpoint
    ) throws(CommandError) {
        switch command {
        case .timerCancel:
            guard countdown.exists else { throw noTimer() }
            var cavity = endpoint.cluster(.OvenCavityOperationalState)
            cavity["OperationalState"] = .int(State.stopped)
            if cavity["CountdownTime"] != nil { cavity["CountdownTime"] = .null }
            endpoint.clusters[.OvenCavityOperationalState] = cavity
        case .timerStart, .timerAdjust, .timerPause, .timerResume:
            throw CommandError(
                .functionNotSupported,
                "a Matter oven cavity has no settable cook time and cannot pause (\(command.rawValue))"
            )
        default:
            throw CommandError(.functionNotSupported, "\(command.rawValue) is not a Timer command")
        }
    }

    /// `seconds` checked against 1…`limit`: strict refuses (`belowMinimumTimerDuration`,
    /// `aboveMaximumTimerDuration`), lenient clamps.
    static func timerSeconds(_ seconds: Int, limit: Int, mode: ValidationMode) throws(CommandError) -> Int {
        if mode == .strict {
            if seconds < 1 {
                throw CommandError(.belowMinimumTimerDuration, "a timer of \(seconds) s is shorter than 1 s")
            }
            if seconds > limit {
                throw CommandError(
                    .aboveMaximumTimerDuration,
                    "a timer of \(seconds) s is longer than the device's \(limit) s"
                )
            }
        }
        return min(max(seconds, 1), limit)
    }

    private static func noTimer() -> CommandError {
        CommandError(.noTimerExists, "no timer is running or paused")
    }

    /// The Matter commands of each Timer command (the table above), with Matter's arguments.
    static func matterCommands(
        _ command: Command,
        params: JSONObject,
        before: Endpoint,
        after: Endpoint
    ) -> [MatterCommandDescription]? {
        if ValveState.isPresent(on: after) { return ValveTimer.matterCommands(before: before, after: after) }
        // A sprinkler's timer is its valves' (``IrrigationTimer``), described on their endpoints.
        if IrrigationStartStop.isController(after) { return [] }
        let changed = after.changedAttributes(since: before)
        func one(_ name: String, _ arguments: JSONObject = JSONObject()) -> MatterCommandDescription {
            MatterCommandDescription(command: name, arguments: arguments, changed: changed)
        }
        guard isMicrowave(after) else {
            return command == .timerCancel ? [one("OvenCavityOperationalState.Stop")] : nil
        }
        let control = after.cluster(.MicrowaveOvenControl)
        switch command {
        case .timerStart:
            var commands: [MatterCommandDescription] = []
            if readCountdown(of: before).exists { commands.append(one("OperationalState.Stop")) }
            commands.append(
                one(
                    "MicrowaveOvenControl.SetCookingParameters",
                    JSONObject([("CookTime", .int(control.int("CookTime") ?? 0)), ("StartAfterSetting", .bool(true))])
                )
            )
            return commands
        case .timerAdjust:
            let added = (control.int("CookTime") ?? 0) - (before.cluster(.MicrowaveOvenControl).int("CookTime") ?? 0)
            return [one("MicrowaveOvenControl.AddMoreTime", JSONObject([("TimeToAdd", .int(added))]))]
        case .timerPause: return [one("OperationalState.Pause")]
        case .timerResume: return [one("OperationalState.Resume")]
        case .timerCancel: return [one("OperationalState.Stop")]
        default: return nil
        }
    }
}
