import JSON
import MatterModel
import SmartHomeProtocol

/// Google `FanSpeed` ⇄ Matter `FanControl`, with named speeds and percent.
///
/// - Attributes: `availableFanSpeeds` lists the speed modes `FanModeSequence` offers, slowest first, as `low`,
///   `medium`, `high` (`ordered: true`); Off and Auto are not speeds (Off is OnOff's, Auto has no Google
///   counterpart in this trait). `supportsFanSpeedPercent: true`; not `reversible` (Matter's AirflowDirection is
///   not modelled).
/// - States: `currentFanSpeedPercent` is `PercentCurrent` (what the fan does); `currentFanSpeedSetting` is the
///   speed `FanMode` names, or, while the fan is Off or Auto, the speed whose band holds `PercentCurrent`
///   (the slowest at 0 %), so the state is always one of the advertised speeds.
/// - `SetFanSpeed` `{fanSpeed}` sets that speed mode and its percent (Low/Medium/High → 33/66/100 %, see
///   ``FanSpeedConversion``); `{fanSpeedPercent}` (0…100, a fraction rounded half away from zero) sets
///   `PercentSetting` and the speed mode whose band holds it, 0 % being Off (Matter 1.3 §4.4.6.2).
/// - `SetFanSpeedRelative` `{fanSpeedRelativePercent}` (−100…100) adds to the current percent;
///   `{fanSpeedRelativeWeight}` moves by that many speeds (one speed = 100 / N % for N speeds). The result is
///   clamped to 0…100 in both validation modes, like `BrightnessRelative`.
/// - Every change also sets `PercentCurrent`, `SpeedSetting` and `SpeedCurrent` (Matter's speed rule): Hearth's
///   simulated fan reaches its setting at once.
enum FanSpeedTrait: TraitMapping {
    static let trait = Trait.fanSpeed

    typealias FanMode = AttributeSchema.FanMode
    typealias FanModeSequence = AttributeSchema.FanModeSequence

    /// Google's `speed_name` and English synonyms for each speed mode.
    static let speedNames: [Int: (name: String, synonyms: [String])] = [
        FanMode.low: ("low", ["low", "slow"]),
        FanMode.medium: ("medium", ["medium", "mid"]),
        FanMode.high: ("high", ["high", "fast", "full"]),
    ]

    static func speedModes(of fan: ClusterState) -> [Int] {
        FanModeSequence.speedModes(fan.int(.FanControl.fanModeSequence) ?? FanModeSequence.offLowMedHigh)
    }

    static func attributes(of endpoint: Endpoint, into attributes: inout JSONObject) {
        let speeds: [JSONValue] = speedModes(of: endpoint.cluster(.FanControl)).compactMap { mode in
            guard let entry = speedNames[mode] else { return nil }
            return [
                "speed_name": .string(entry.name),
                "speed_values": [["speed_synonym": .array(entry.synonyms.map { .string($0) }), "lang": "en"]],
            ]
        }
        attributes.append("availableFanSpeeds", ["speeds": .array(speeds), "ordered": true])
        attributes.append("supportsFanSpeedPercent", true)
    }

    static func states(of endpoint: Endpoint, into states: inout JSONObject) {
        let fan = endpoint.cluster(.FanControl)
        let modes = speedModes(of: fan)
        let current = fan.int(.FanControl.percentCurrent) ?? 0
        var mode = fan.int(.FanControl.fanMode) ?? FanMode.off
        if !modes.contains(mode) {
            let index = FanSpeedConversion.speed(fromPercent: current, speedMax: modes.count)
            mode = modes[max(index, 1) - 1]
        }
        states.append("currentFanSpeedSetting", .string(speedNames[mode]?.name ?? "high"))
        states.append("currentFanSpeedPercent", .int(current))
    }

    static func execute(
        _ command: Command,
        _ params: CommandParameters,
        on endpoint: inout Endpoint,
        mode: ValidationMode
    ) throws(CommandError) {
        var fan = endpoint.cluster(.FanControl)
        let modes = speedModes(of: fan)
        switch command {
        case .setFanSpeed:
            if let percent = try params.optionalNumber("fanSpeedPercent") {
                let value = try checked(percent, in: 0...100, mode: mode, name: "fanSpeedPercent")
                setPercent(Int(value.rounded(.toNearestOrAwayFromZero)), on: &fan)
            } else if let value = params.params["fanSpeed"] {
                guard let name = value.stringValue else {
                    throw CommandError(.notSupported, "params.fanSpeed of \(command.rawValue) must be a string")
                }
                guard let speed = modes.first(where: { speedNames[$0]?.name == name }) else {
                    let known = modes.compactMap { speedNames[$0]?.name }.joined(separator: ", ")
                    throw CommandError(.notSupported, "unknown fan speed \"\(name)\" (this fan offers \(known))")
                }
                let index = modes.firstIndex(of: speed)! + 1
                setPercent(FanSpeedConversion.percent(fromSpeed: index, speedMax: modes.count), on: &fan)
            } else {
                throw CommandError(.notSupported, "SetFanSpeed needs params.fanSpeed or params.fanSpeedPercent")
            }
        case .setFanSpeedRelative:
            let setting = fan.int(.FanControl.percentSetting) ?? 0xFF
            let current = Double(setting == 0xFF ? fan.int(.FanControl.percentCurrent) ?? 0 : setting)
            let change: Double
            if let relative = try params.optionalNumber("fanSpeedRelativePercent") {
                change = try checked(relative, in: -100...100, mode: mode, name: "fanSpeedRelativePercent")
            } else if let weight = try params.optionalNumber("fanSpeedRelativeWeight") {
                change = weight * 100 / Double(modes.count)
            } else {
                throw CommandError(
                    .notSupported,
                    "SetFanSpeedRelative needs params.fanSpeedRelativePercent or params.fanSpeedRelativeWeight"
                )
            }
            setPercent(Int(min(max(current + change, 0), 100).rounded(.toNearestOrAwayFromZero)), on: &fan)
        default:
            throw CommandError(.functionNotSupported, "\(command.rawValue) is not a FanSpeed command")
        }
        endpoint.clusters[.FanControl] = fan
    }

    /// Sets `PercentSetting` and everything that follows from it: `FanMode` (the speed mode whose band holds the
    /// percent, Off at 0), `PercentCurrent`, `SpeedSetting` and `SpeedCurrent`.
    static func setPercent(_ percent: Int, on fan: inout ClusterState) {
        let modes = speedModes(of: fan)
        let speedMax = fan.int(.FanControl.speedMax) ?? 100
        let speed = FanSpeedConversion.speed(fromPercent: percent, speedMax: speedMax)
        let index = FanSpeedConversion.speed(fromPercent: percent, speedMax: modes.count)
        fan[.FanControl.fanMode] = .int(index == 0 ? FanMode.off : modes[index - 1])
        fan[.FanControl.percentSetting] = .int(percent)
        fan[.FanControl.percentCurrent] = .int(percent)
        fan[.FanControl.speedSetting] = .int(speed)
        fan[.FanControl.speedCurrent] = .int(speed)
    }
}
