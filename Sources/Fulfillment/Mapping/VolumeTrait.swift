import MatterModel
import SmartHomeProtocol

/// Google `Volume` ⇄ a Matter Speaker's Level Control (volume) and On/Off (mute: off = muted), through
/// ``VolumeConversion``.
///
/// - Attributes: `volumeMaxLevel` 100 (volumes are percentages), `volumeCanMuteAndUnmute` true (a Speaker always
///   has On/Off).
/// - States: `currentVolume` from `CurrentLevel`, kept while muted as Google asks; `isMuted` = `!OnOff`.
/// - `setVolume {volumeLevel}`: 0…100; strict mode refuses other values with `valueOutOfRange`, lenient clamps.
///   Mute is left as it is: Matter keeps On/Off and Level Control apart.
/// - `volumeRelative {relativeSteps}`: one step is one volume level (1 %, the default `levelStepSize`);
///   −100…100 (strict refuses more, lenient clamps), rounded to whole steps; the result stops at 0 and 100. Up
///   from 100 is `volumeAlreadyMax`, down from 0 `volumeAlreadyMin` (the Volume trait's errors).
/// - `mute {mute}`: On/Off = `!mute`.
enum VolumeTrait: TraitMapping {
    static let trait = Trait.volume

    static func attributes(of endpoint: Endpoint, into attributes: inout JSONObject) {
        attributes.append("volumeMaxLevel", .int(VolumeConversion.volumeMaxLevel))
        attributes.append("volumeCanMuteAndUnmute", .bool(true))
    }

    static func states(of endpoint: Endpoint, into states: inout JSONObject) {
        states.append("currentVolume", .int(volumePercent(of: endpoint)))
        states.append("isMuted", .bool(!(endpoint.cluster(.OnOff).bool("OnOff") ?? false)))
    }

    static func volumePercent(of endpoint: Endpoint) -> Int {
        VolumeConversion.volumePercent(fromCurrentLevel: endpoint.cluster(.LevelControl).int("CurrentLevel") ?? 254)
    }

    static func execute(
        _ command: Command,
        _ params: CommandParameters,
        on endpoint: inout Endpoint,
        mode: ValidationMode
    ) throws(CommandError) {
        let maximum = Double(VolumeConversion.volumeMaxLevel)
        let volume: Double
        switch command {
        case .mute:
            endpoint.clusters[.OnOff, default: ClusterState()]["OnOff"] = .bool(!(try params.bool("mute")))
            return
        case .setVolume:
            volume = try checked(params.number("volumeLevel"), in: 0...maximum, mode: mode, name: "volumeLevel")
        case .volumeRelative:
            let steps = try checked(
                params.number("relativeSteps"),
                in: -maximum...maximum,
                mode: mode,
                name: "relativeSteps"
            ).rounded()
            let current = Double(volumePercent(of: endpoint))
            if steps > 0, current >= maximum {
                throw CommandError(.volumeAlreadyMax, "the volume is already \(Int(maximum))")
            }
            if steps < 0, current <= 0 {
                throw CommandError(.volumeAlreadyMin, "the volume is already 0")
            }
            volume = min(max(current + steps, 0), maximum)
        default:
            throw CommandError(.functionNotSupported, "\(command.rawValue) is not a Volume command")
        }
        var level = endpoint.cluster(.LevelControl)
        level["CurrentLevel"] = .int(
            VolumeConversion.currentLevel(
                fromVolumePercent: Int(volume.rounded()),
                minLevel: level.int("MinLevel") ?? LevelConversion.defaultMinLevel,
                maxLevel: level.int("MaxLevel") ?? LevelConversion.defaultMaxLevel
            )
        )
        endpoint.clusters[.LevelControl] = level
    }
}
