import JSON
import MatterModel
import SmartHomeProtocol

/// Google `OpenClose` for a Water Valve (Valve Configuration and Control, ``ValveState``).
///
/// Google's OpenClose page (https://developers.home.google.com/cloud-to-cloud/traits/openclose):
/// "`discreteOnlyOpenClose` ... When set to true, this indicates that the device must either be fully open or fully
/// closed (that is, it does not support values between 0% and 100%)"; "`openPercent` ... Indicates the percentage
/// that a device is opened, where 0 is closed and 100 is fully open"; `OpenClose {openPercent}`, `OpenCloseRelative
/// {openRelativePercent}`.
///
/// | valve | SYNC | QUERY `openPercent` | `OpenClose {openPercent}` |
/// |---|---|---|---|
/// | open or closed only (no Level feature) | `discreteOnlyOpenClose: true` | 100 open, 0 closed | 0 → `Close`; 100 → `Open {}`; between: `valueOutOfRange` (strict), else open (lenient) |
/// | with the Level feature (LVL) | none (percentages) | `CurrentLevel` | 0 → `Close`; p → `Open {TargetLevel: p}` (rounded to `LevelStep`) |
///
/// `openPercent` is left out while the valve does not know its state (`CurrentState` null). `OpenCloseRelative`
/// moves a valve with levels from its `CurrentLevel` (the result kept in 0…100); a valve without levels cannot take
/// a partial step: `functionNotSupported`. An open through Google does not set a duration: Matter applies
/// `DefaultOpenDuration` (the Timer trait, ``ValveTimer``, opens for a chosen time).
enum ValveOpenClose {
    static func attributes(of endpoint: Endpoint, into attributes: inout JSONObject) {
        if !ValveState.hasLevel(endpoint) { attributes.append("discreteOnlyOpenClose", .bool(true)) }
    }

    static func states(of endpoint: Endpoint, into states: inout JSONObject) {
        if let percent = ValveState.openPercent(endpoint) { states.append("openPercent", .int(percent)) }
    }

    static func execute(
        _ command: Command,
        _ params: CommandParameters,
        on endpoint: inout Endpoint,
        mode: ValidationMode
    ) throws(CommandError) {
        let levels = ValveState.hasLevel(endpoint)
        let percent: Double
        switch command {
        case .openClose:
            percent = try checked(params.number("openPercent"), in: 0...100, mode: mode, name: "openPercent")
            if !levels, percent != 0, percent != 100, mode == .strict {
                throw CommandError(
                    .valueOutOfRange,
                    "the valve is only fully open or closed (discreteOnlyOpenClose); openPercent must be 0 or 100"
                )
            }
        case .openCloseRelative:
            guard levels else {
                throw CommandError(.functionNotSupported, "the valve is only fully open or closed; it has no levels")
            }
            let change = try checked(
                params.number("openRelativePercent"),
                in: -100...100,
                mode: mode,
                name: "openRelativePercent"
            )
            guard let current = ValveState.openPercent(endpoint) else {
                throw CommandError(.notSupported, "the valve's level is unknown, so it cannot move relative to it")
            }
            percent = min(max(Double(current) + change, 0), 100)
        default:
            throw CommandError(.functionNotSupported, "\(command.rawValue) is not an OpenClose command")
        }
        let level = Int(percent.rounded())
        if level == 0 {
            ValveState.close(&endpoint)
        } else {
            ValveState.open(&endpoint, duration: nil, level: levels ? level : nil)
        }
    }

    /// `ValveConfigurationAndControl.Close`, or `ValveConfigurationAndControl.Open` (with `TargetLevel` on a valve
    /// with levels).
    static func matterCommands(before: Endpoint, after: Endpoint) -> [MatterCommandDescription] {
        [ValveState.command(before: before, after: after, withDuration: false)]
    }
}
