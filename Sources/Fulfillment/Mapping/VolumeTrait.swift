import JSON
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
///   from 100 or from `MaxLevel` is `maxSettingReached`, down from 0 or from `MinLevel` (level 1 reads as 1)
///   `minSettingReached`. The Volume trait page lists no errors of its own, and Google's errors reference
///   (https://developers.home.google.com/cloud-to-cloud/intents/errors-exceptions) has no volume code (the
///   `volumeAlreadyMax`/`volumeAlreadyMin` Hearth once answered are on neither, so Assistant would read them as a
///   malformed answer: "If the response contains incorrect formatting or errorCode, Google Assistant gives users a
///   generic error message"). Its general setting limits fit: `maxSettingReached` "<device(s)> <is/are> already
///   set to the highest setting." and `minSettingReached` "<device(s)> <is/are> already set to the lowest
///   setting."
/// - `mute {mute}`: On/Off = `!mute`.
///
/// Video players (TV, set-top, streaming player, soundbar) get their volume the same way, from a Speaker endpoint
/// (0x0022) in the same device: a Basic or Casting Video Player's own On/Off is power, not mute, and Matter gives it
/// no volume level. Keypad Input's VolumeUp/VolumeDown/Mute keys could only make a one-way `commandOnlyVolume` with
/// no `currentVolume` to report, so Hearth does not offer volume from them.
enum VolumeTrait: TraitMapping {
    static let trait = Trait.volume

    static func attributes(of endpoint: Endpoint, into attributes: inout JSONObject) {
        attributes.append("volumeMaxLevel", .int(VolumeConversion.volumeMaxLevel))
        attributes.append("volumeCanMuteAndUnmute", .bool(true))
    }

    static func states(of endpoint: Endpoint, into states: inout JSONObject) {
        states.append("currentVolume", .int(volumePercent(of: endpoint)))
        states.append("isMuted", .bool(!(endpoint.cluster(.OnOff).bool(.OnOff.onOff) ?? false)))
    }

    static func volumePercent(of endpoint: Endpoint) -> Int {
        VolumeConversion.volumePercent(
            fromCurrentLevel: endpoint.cluster(.LevelControl).int(.LevelControl.currentLevel) ?? 254
        )
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
            endpoint.clusters[.OnOff, default: ClusterState()][.OnOff.onOff] = .bool(!(try params.bool("mute")))
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
            // At the device's own ends no step can move the level (level 1 reads as 1, not 0; a MaxLevel below 254
            // reads below 100): say so, rather than answer SUCCESS for a volume that did not change.
            let level = endpoint.cluster(.LevelControl)
            let currentLevel = level.int(.LevelControl.currentLevel) ?? LevelConversion.fullScaleLevel
            let minLevel = min(max(level.int(.LevelControl.minLevel) ?? LevelConversion.defaultMinLevel, 0), 254)
            let maxLevel = min(max(level.int(.LevelControl.maxLevel) ?? LevelConversion.defaultMaxLevel, minLevel), 254)
            if steps > 0, current >= maximum || currentLevel >= maxLevel {
                throw CommandError(.maxSettingReached, "the volume is already at its highest level")
            }
            if steps < 0, current <= 0 || currentLevel <= minLevel {
                throw CommandError(.minSettingReached, "the volume is already at its lowest level")
            }
            volume = min(max(current + steps, 0), maximum)
        default:
            throw CommandError(.functionNotSupported, "\(command.rawValue) is not a Volume command")
        }
        var level = endpoint.cluster(.LevelControl)
        level[.LevelControl.currentLevel] = .int(
            VolumeConversion.currentLevel(
                fromVolumePercent: Int(volume.rounded()),
                minLevel: level.int(.LevelControl.minLevel) ?? LevelConversion.defaultMinLevel,
                maxLevel: level.int(.LevelControl.maxLevel) ?? LevelConversion.defaultMaxLevel
            )
        )
        endpoint.clusters[.LevelControl] = level
    }
}
