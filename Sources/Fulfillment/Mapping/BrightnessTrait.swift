import JSON
import MatterModel
import SmartHomeProtocol

/// Google `Brightness` (percent 0–100) ⇄ Matter `LevelControl.CurrentLevel` (1–254), through
/// ``LevelConversion``.
///
/// `BrightnessRelative` takes `brightnessRelativePercent` (−100…100) or `brightnessRelativeWeight`
/// (−5…5, one step = 10 %); the result is clamped to 0…100 in both validation modes, since reaching the end
/// of the range is the expected outcome of "brighter" at 95 %.
enum BrightnessTrait: TraitMapping {
    static let trait = Trait.brightness

    static func attributes(of endpoint: Endpoint, into attributes: inout JSONObject) {}

    static func states(of endpoint: Endpoint, into states: inout JSONObject) {
        states.append("brightness", .int(brightnessPercent(of: endpoint)))
    }

    static func brightnessPercent(of endpoint: Endpoint) -> Int {
        let level = endpoint.cluster(.LevelControl)
        return LevelConversion.brightnessPercent(fromCurrentLevel: level.int(.LevelControl.currentLevel) ?? 254)
    }

    static func execute(
        _ command: Command,
        _ params: CommandParameters,
        on endpoint: inout Endpoint,
        mode: ValidationMode
    ) throws(CommandError) {
        let percent: Double
        switch command {
        case .brightnessAbsolute:
            percent = try checked(params.number("brightness"), in: 0...100, mode: mode, name: "brightness")
        case .brightnessRelative:
            let current = Double(brightnessPercent(of: endpoint))
            if let relative = try params.optionalNumber("brightnessRelativePercent") {
                let change = try checked(relative, in: -100...100, mode: mode, name: "brightnessRelativePercent")
                percent = min(max(current + change, 0), 100)
            } else if let weight = try params.optionalNumber("brightnessRelativeWeight") {
                let change = try checked(weight, in: -5...5, mode: mode, name: "brightnessRelativeWeight") * 10
                percent = min(max(current + change, 0), 100)
            } else {
                throw CommandError(
                    .notSupported,
                    "BrightnessRelative needs params.brightnessRelativePercent or params.brightnessRelativeWeight"
                )
            }
        default:
            throw CommandError(.functionNotSupported, "\(command.rawValue) is not a Brightness command")
        }
        var level = endpoint.cluster(.LevelControl)
        level[.LevelControl.currentLevel] = .int(
            LevelConversion.currentLevel(
                fromBrightnessPercent: Int(percent.rounded()),
                minLevel: level.int(.LevelControl.minLevel) ?? 1,
                maxLevel: level.int(.LevelControl.maxLevel) ?? 254
            )
        )
        endpoint.clusters[.LevelControl] = level
    }
}
