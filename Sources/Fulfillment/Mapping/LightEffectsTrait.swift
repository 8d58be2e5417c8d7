import Clocks
import JSON
import MatterModel
import SmartHomeProtocol

/// Google `LightEffects` on a light whose Color Control has the color loop capability (`ColorCapabilities` bit 2,
/// Matter's CL feature): Color Control's color loop, and Level Control transitions for sleep and wake.
///
/// Google's page (https://developers.home.google.com/cloud-to-cloud/traits/lighteffects): "This trait belongs to
/// devices that can support complex lighting commands to change state, such as looping through various colors."
/// `supportedEffects` is "**Required.** List of the effects that the device supports", with the values "`colorLoop`:
/// Loops through various colors randomly", "`sleep`: Gradually lowers brightness and, optionally, adjusts the color
/// temperature over a period of time" and "`wake`: Gradually increases brightness and, optionally, adjusts the color
/// temperature over a period of time". `defaultColorLoopDuration`, `defaultSleepDuration` and `defaultWakeDuration`
/// are optional ("(Default: `1800`) The default duration, in seconds, for the effect triggered by the
/// `action.devices.commands.Sleep` command. Value must be between `300` and `3600`"): Matter has no attribute for
/// them, so Hearth leaves them out and Google's default, 1800 s, holds (``LightEffectDurationConversion``).
///
/// **Which lights.** Matter's one declared effect capability is Color Control's color loop, so a light that
/// declares it brings the trait. Its Level Control (every color light has one) then runs sleep and wake as Matter's
/// `MoveToLevelWithOnOff` with a long `TransitionTime`. A light without the color loop capability has no
/// LightEffects: Google's LIGHT guide recommends only ColorSetting and Brightness, and a plain dimmable light's SYNC
/// stays what it was.
///
/// **States.** "`activeLightEffect`: The current active light effect, if any" and "`lightEffectEndUnixTimestampSec`:
/// Unix timestamp for when the effect is expected to end, if it ends on its own"; with no effect running the
/// states are empty (the page's example: "No light effect currently active. `{}`"). Matter records that an effect
/// runs (`ColorLoopActive` 1; Level Control's `RemainingTime` above 0) but neither which Google effect it is nor
/// when it ends as a time, so Hearth writes both to the endpoint's User Label (``MaintenanceLabels``:
/// `lightEffect`, `lightEffectEnd`) when it starts one. An effect is reported while its label names it and Matter
/// says it runs; its end time is the EXECUTE's time (``CommandParameters/now``) plus the duration. A light without
/// User Label reports what Matter alone says (``activeEffect(of:)``) and no end time.
///
/// | command | Matter | registry |
/// |---|---|---|
/// | `ColorLoop {duration}` | `ColorControl.ColorLoopSet {"UpdateFlags": 1, "Action": 2, …}` (activate from the current hue) | `ColorLoopActive` 1 |
/// | `Sleep {duration}` | `LevelControl.MoveToLevelWithOnOff {"Level": MinLevel, "TransitionTime": 10 × duration, …}` | level `MinLevel`, off, `RemainingTime` |
/// | `Wake {duration}` | `LevelControl.MoveToLevelWithOnOff {"Level": MaxLevel, "TransitionTime": 10 × duration, …}` | level `MaxLevel`, on, `RemainingTime` |
/// | `StopEffect` | `ColorControl.ColorLoopSet {"Action": 0, …}` or `LevelControl.StopWithOnOff` | `ColorLoopActive` 0, `RemainingTime` 0 |
///
/// As everywhere in Hearth the registry holds the state a command ends in (a sleeping light is off, at its lowest
/// level), and a backend reports the levels in between if it likes. Matter's color loop has no duration (it runs
/// until stopped), so the backend ends it at `lightEffectEnd`, which it receives with the command (webhook mode's
/// planned attributes).
///
/// Errors (the page lists none of its own; Google's general codes): an effect the light does not support,
/// `functionNotSupported` (each command "requires the following attributes: `supportedEffects`" naming it); a
/// `duration` below 1 s, or for sleep and wake above what a Matter transition can carry (6553 s),
/// `valueOutOfRange` in strict mode and clamped in lenient mode; a color loop or sleep asked of a light that is off,
/// `deviceTurnedOff`. `StopEffect` with nothing running succeeds and changes nothing.
enum LightEffectsTrait: TraitMapping {
    static let trait = Trait.lightEffects

    /// Google's effect names, in the page's order.
    enum Effect: String, CaseIterable {
        case colorLoop
        case sleep
        case wake
    }

    /// Matter's `ColorLoopSet` `Action` values (`ColorLoopActionEnum`).
    enum ColorLoopAction {
        static let deactivate = 0
        static let activateFromEnhancedCurrentHue = 2
    }

    /// Whether Color Control declares the color loop (`ColorCapabilities` bit 2): the light brings LightEffects.
    static func hasColorLoop(_ endpoint: Endpoint) -> Bool {
        guard endpoint.has(.ColorControl) else { return false }
        let capabilities = endpoint.cluster(.ColorControl).int(.ColorControl.colorCapabilities) ?? 0
        return capabilities & AttributeSchema.ColorCapabilities.colorLoop != 0
    }

    /// The effects the endpoint can run: `colorLoop` with the color loop capability, `sleep` and `wake` with Level
    /// Control and On/Off (`MoveToLevelWithOnOff` needs both).
    static func supportedEffects(of endpoint: Endpoint) -> [Effect] {
        var effects: [Effect] = []
        if hasColorLoop(endpoint) { effects.append(.colorLoop) }
        if endpoint.has(.LevelControl), endpoint.has(.OnOff) { effects.append(contentsOf: [.sleep, .wake]) }
        return effects
    }

    /// The effect running now: the one the `lightEffect` label names, while Matter says it runs (`ColorLoopActive`
    /// for a color loop, a Level Control `RemainingTime` above 0 for sleep and wake). On an endpoint without User
    /// Label, Matter's record alone: a color loop, else a running transition, `wake` if the light is on and `sleep`
    /// if it is off. `nil` otherwise.
    static func activeEffect(of endpoint: Endpoint) -> Effect? {
        let supported = supportedEffects(of: endpoint)
        let looping = endpoint.cluster(.ColorControl).int(.ColorControl.colorLoopActive) == 1
        let transitioning = (endpoint.cluster(.LevelControl).int(.LevelControl.remainingTime) ?? 0) > 0
        guard endpoint.has(.UserLabel) else {
            if looping, supported.contains(.colorLoop) { return .colorLoop }
            guard transitioning, supported.contains(.sleep) else { return nil }
            return endpoint.cluster(.OnOff).bool(.OnOff.onOff) == true ? .wake : .sleep
        }
        guard let name = MaintenanceLabels.value(MaintenanceLabels.lightEffect, on: endpoint),
            let effect = Effect(rawValue: name), supported.contains(effect)
        else { return nil }
        switch effect {
        case .colorLoop: return looping ? effect : nil
        case .sleep, .wake: return transitioning ? effect : nil
        }
    }

    // MARK: - SYNC

    static func attributes(of endpoint: Endpoint, into attributes: inout JSONObject) {
        attributes.append("supportedEffects", .array(supportedEffects(of: endpoint).map { .string($0.rawValue) }))
    }

    // MARK: - QUERY

    static func states(of endpoint: Endpoint, into states: inout JSONObject) {
        guard let effect = activeEffect(of: endpoint) else { return }
        states.append("activeLightEffect", .string(effect.rawValue))
        if let end = MaintenanceLabels.unixSeconds(MaintenanceLabels.lightEffectEnd, on: endpoint) {
            states.append("lightEffectEndUnixTimestampSec", .int(Int(clamping: end)))
        }
    }

    // MARK: - EXECUTE

    static func execute(
        _ command: Command,
        _ params: CommandParameters,
        on endpoint: inout Endpoint,
        mode: ValidationMode
    ) throws(CommandError) {
        let effect: Effect
        switch command {
        case .colorLoop: effect = .colorLoop
        case .sleep: effect = .sleep
        case .wake: effect = .wake
        case .stopEffect:
            stop(&endpoint)
            return
        default:
            throw CommandError(.functionNotSupported, "\(command.rawValue) is not a LightEffects command")
        }
        guard supportedEffects(of: endpoint).contains(effect) else {
            throw CommandError(.functionNotSupported, "the light does not support the \(effect.rawValue) effect")
        }
        let seconds = try duration(params, effect: effect, mode: mode)
        let isOn = endpoint.cluster(.OnOff).bool(.OnOff.onOff) ?? false
        if !isOn, effect != .wake {
            throw CommandError(.deviceTurnedOff, "the light is off; turn it on before \(effect.rawValue)")
        }
        stop(&endpoint)
        switch effect {
        case .colorLoop:
            var color = endpoint.cluster(.ColorControl)
            color[.ColorControl.colorLoopActive] = .int(1)
            endpoint.clusters[.ColorControl] = color
        case .sleep, .wake:
            var level = endpoint.cluster(.LevelControl)
            let target =
                effect == .sleep ? level.int(.LevelControl.minLevel) ?? 1 : level.int(.LevelControl.maxLevel) ?? 254
            level[.LevelControl.currentLevel] = .int(target)
            level[.LevelControl.remainingTime] = .int(
                LightEffectDurationConversion.transitionTenths(fromSeconds: seconds)
            )
            endpoint.clusters[.LevelControl] = level
            var onOff = endpoint.cluster(.OnOff)
            onOff[.OnOff.onOff] = .bool(effect == .wake)
            endpoint.clusters[.OnOff] = onOff
        }
        MaintenanceLabels.set(MaintenanceLabels.lightEffect, to: effect.rawValue, on: &endpoint)
        if let now = params.now {
            let end = UnixTime(seconds: UnixTime.expiry(from: now, ttl: seconds))
            MaintenanceLabels.set(MaintenanceLabels.lightEffectEnd, to: MaintenanceLabels.text(end), on: &endpoint)
        }
    }

    /// The effect's `duration` param: Google's default 1800 s when absent; at least 1 s, and for sleep and wake at
    /// most a Matter transition's 6553 s (strict mode refuses the rest with `valueOutOfRange`, lenient mode clamps).
    static func duration(
        _ params: CommandParameters,
        effect: Effect,
        mode: ValidationMode
    ) throws(CommandError) -> Int {
        guard params.params["duration"] != nil else { return LightEffectDurationConversion.defaultSeconds }
        let asked = try params.integer("duration")
        let most = effect == .colorLoop ? Int.max : LightEffectDurationConversion.maximumTransitionSeconds
        let clamped = min(max(asked, 1), most)
        if clamped != asked, mode == .strict {
            throw CommandError(
                .valueOutOfRange,
                "duration \(asked) s is outside 1…\(effect == .colorLoop ? "" : String(most)) s for \(effect.rawValue)"
            )
        }
        return clamped
    }

    /// Ends whatever effect runs: the color loop off, the level transition stopped where the registry has it, the
    /// effect's labels removed.
    static func stop(_ endpoint: inout Endpoint) {
        if endpoint.has(.ColorControl), endpoint.cluster(.ColorControl).int(.ColorControl.colorLoopActive) == 1 {
            var color = endpoint.cluster(.ColorControl)
            color[.ColorControl.colorLoopActive] = .int(0)
            endpoint.clusters[.ColorControl] = color
        }
        if endpoint.has(.LevelControl), (endpoint.cluster(.LevelControl).int(.LevelControl.remainingTime) ?? 0) > 0 {
            var level = endpoint.cluster(.LevelControl)
            level[.LevelControl.remainingTime] = .int(0)
            endpoint.clusters[.LevelControl] = level
        }
        MaintenanceLabels.set(MaintenanceLabels.lightEffect, to: nil, on: &endpoint)
        MaintenanceLabels.set(MaintenanceLabels.lightEffectEnd, to: nil, on: &endpoint)
    }

    // MARK: - Matter commands

    /// The Matter commands of the table above: stopping the effect `before` ran (if the new command replaces or
    /// stops it), then starting the new one. The attributes the command changed ride on the last description.
    static func matterCommands(
        _ command: Command,
        params: JSONObject,
        before: Endpoint,
        after: Endpoint
    ) -> [MatterCommandDescription]? {
        var commands: [(String, JSONObject)] = []
        switch activeEffect(of: before) {
        case .colorLoop?: commands.append(("ColorControl.ColorLoopSet", colorLoopSet(ColorLoopAction.deactivate)))
        case .sleep?, .wake?: commands.append(("LevelControl.StopWithOnOff", options()))
        case nil: break
        }
        switch command {
        case .colorLoop:
            commands.append(
                ("ColorControl.ColorLoopSet", colorLoopSet(ColorLoopAction.activateFromEnhancedCurrentHue))
            )
        case .sleep, .wake:
            let level = after.cluster(.LevelControl)
            var arguments = JSONObject([
                ("Level", .int(level.int(.LevelControl.currentLevel) ?? 0)),
                ("TransitionTime", .int(level.int(.LevelControl.remainingTime) ?? 0)),
            ])
            for (key, value) in options() { arguments.append(key, value) }
            commands.append(("LevelControl.MoveToLevelWithOnOff", arguments))
        default: break
        }
        let changed = after.changedAttributes(since: before)
        return commands.enumerated().map { index, command in
            MatterCommandDescription(
                command: command.0,
                arguments: command.1,
                changed: index == commands.count - 1 ? changed : JSONObject()
            )
        }
    }

    /// `ColorLoopSet`'s fields with only the action updated (`UpdateFlags` bit 0, UpdateAction).
    static func colorLoopSet(_ action: Int) -> JSONObject {
        var arguments = JSONObject([
            ("UpdateFlags", .int(1)), ("Action", .int(action)), ("Direction", .int(0)), ("Time", .int(0)),
            ("StartHue", .int(0)),
        ])
        for (key, value) in options() { arguments.append(key, value) }
        return arguments
    }

    /// `OptionsMask` and `OptionsOverride` 0: the light's own `Options` decide.
    static func options() -> JSONObject {
        JSONObject([("OptionsMask", .int(0)), ("OptionsOverride", .int(0))])
    }
}
