import JSON
import MatterModel
import SmartHomeProtocol

/// Google `Cook` ⇄ Matter Oven Mode (an oven cavity, run by Oven Cavity Operational State) or Microwave Oven Mode
/// (a microwave, run by Operational State).
///
/// Google's page (https://developers.home.google.com/cloud-to-cloud/traits/cook): "This trait belongs to devices
/// that can cook food according to various food presets and supported cooking modes" and "This trait does not
/// handle cooking time or cooking temperature. See Timer and TemperatureControl" — which is how Hearth splits an
/// oven: the countdown is ``TimerTrait``, the setpoint ``TemperatureControlTrait``, and the microwave's power level
/// (Microwave Oven Control `PowerSetting`/`SelectedWattIndex`) is no Google trait parameter at all, so it stays as
/// the device has it (it is readable and writable through `/v1`).
///
/// **Cooking modes.** Each Matter mode (`SupportedModes[]`) is the Google mode of its first tag that has one
/// (``cookingMode(forTag:)``), and `supportedCookingModes` ("Required. Cooking modes supported by this device") lists
/// each such Google mode once, in `SupportedModes` order; modes without one (Clean, Frozen Food, the common tags)
/// are not offered. Google's values are "UNKNOWN_COOKING_MODE, BAKE, BEAT, BLEND, BOIL, BREW, BROIL,
/// CONVECTION_BAKE, COOK, DEFROST, DEHYDRATE, FERMENT, FRY, GRILL, KNEAD, MICROWAVE, MIX, PRESSURE_COOK, PUREE,
/// ROAST, SAUTE, SLOW_COOK, SOUS_VIDE, STEAM, STEW, STIR, WARM, WHIP":
///
/// | Matter tag (Oven Mode, Application Clusters §8.11.5) | Google |
/// |---|---|
/// | Bake | BAKE |
/// | Convection, Convection Bake | CONVECTION_BAKE (Matter's Convection is baking with the fan) |
/// | Grill | GRILL (Google has both GRILL and BROIL; Matter says Grill) |
/// | Roast, Convection Roast | ROAST |
/// | Warming | WARM |
/// | Proofing | FERMENT (proofing is letting dough ferment; Google has no PROOF) |
/// | Steam | STEAM |
/// | Air Fry (1.4) | FRY |
/// | Air Sous Vide (1.4) | SOUS_VIDE |
/// | Microwave Oven Mode Normal (§8.12.5) | MICROWAVE |
/// | Microwave Oven Mode Defrost | DEFROST |
///
/// **QUERY.** `currentCookingMode` ("Required. Describes the current cooking mode set on the device, from the list
/// of supportedCookingModes attribute"; for no mode the page's English text says `NONE`): the Google mode of
/// `CurrentMode` while the appliance is Running or Paused, `NONE` while it is Stopped or in Error (a selected but
/// idle mode is not cooking: "start: false" is "stop current cooking mode"), and `NONE` for a mode with no Google
/// name. `currentFoodPreset` is not reported and `foodPresets` not offered: Matter has no food presets.
///
/// **EXECUTE** `Cook {start, cookingMode?, foodPreset?, quantity?, unit?}`:
/// - `foodPreset` given: `unknownFoodPreset` (the device offers none).
/// - `start: true`: the first Matter mode whose Google mode is `cookingMode` (else `functionNotSupported`: the
///   device does not cook that way; without `cookingMode` the current mode) becomes `CurrentMode`, and the
///   appliance runs. Matter commands: `OvenMode.ChangeToMode {NewMode}` then `OvenCavityOperationalState.Start`;
///   on a microwave `MicrowaveOvenControl.SetCookingParameters {CookMode, StartAfterSetting: true}` (Microwave Oven
///   Mode disallows `ChangeToMode`: its mode is set through the cooking parameters). Already running in that mode:
///   `alreadyStarted`; running in another mode: the mode changes and it keeps running; Error: `deviceNotReady`.
/// - `start: false`: Stopped (`OvenCavityOperationalState.Stop` / `OperationalState.Stop`), the countdown null;
///   already Stopped: `alreadyStopped`.
enum CookTrait: TraitMapping {
    static let trait = Trait.cook

    typealias State = AttributeSchema.OperationalStateValue

    /// Google's mode for one Matter mode tag, or `nil` when Google has none.
    static func cookingMode(forTag tag: Int, microwave: Bool) -> String? {
        if microwave {
            switch tag {
            case 0x4000: return "MICROWAVE"
            case 0x4001: return "DEFROST"
            default: return nil
            }
        }
        switch tag {
        case 0x4000: return "BAKE"
        case 0x4001, 0x4005: return "CONVECTION_BAKE"
        case 0x4002: return "GRILL"
        case 0x4003, 0x4006: return "ROAST"
        case 0x4007: return "WARM"
        case 0x4008: return "FERMENT"
        case 0x4009: return "STEAM"
        case 0x400A: return "FRY"
        case 0x400B: return "SOUS_VIDE"
        default: return nil
        }
    }

    /// One Matter mode and its Google cooking mode.
    struct CookingMode: Equatable {
        var mode: Int
        var google: String
    }

    /// The endpoint's mode cluster: Oven Mode, else Microwave Oven Mode.
    static func modeCluster(of endpoint: Endpoint) -> ClusterID? {
        [ClusterID.OvenMode, .MicrowaveOvenMode].first(where: endpoint.has)
    }

    /// Each Matter mode that has a Google cooking mode, in `SupportedModes` order.
    static func cookingModes(of endpoint: Endpoint) -> [CookingMode] {
        guard let cluster = modeCluster(of: endpoint) else { return [] }
        let microwave = cluster == .MicrowaveOvenMode
        let supported = endpoint.cluster(cluster)["SupportedModes"]?.listValue ?? []
        return supported.compactMap { option in
            guard let fields = option.structureValue, let mode = fields["Mode"]?.intValue else { return nil }
            let tags = fields["ModeTags"]?.listValue ?? []
            let google = tags.lazy.compactMap { tag -> String? in
                guard tag.structureValue?["MfgCode"].map({ $0.isNull }) ?? true,
                    let value = tag.structureValue?["Value"]?.intValue
                else { return nil }
                return cookingMode(forTag: value, microwave: microwave)
            }
            .first
            return google.map { CookingMode(mode: mode, google: $0) }
        }
    }

    /// The run state: Oven Cavity Operational State on a cavity, Operational State on a microwave.
    static func runState(of endpoint: Endpoint) -> Int {
        if endpoint.has(.OvenCavityOperationalState) {
            return endpoint.cluster(.OvenCavityOperationalState).int("OperationalState") ?? State.stopped
        }
        return endpoint.cluster(.OperationalState).int(.OperationalState.operationalState) ?? State.stopped
    }

    // MARK: - SYNC

    static func attributes(of endpoint: Endpoint, into attributes: inout JSONObject) {
        var names: [String] = []
        for mode in cookingModes(of: endpoint) where !names.contains(mode.google) { names.append(mode.google) }
        attributes.append("supportedCookingModes", .array(names.map { .string($0) }))
    }

    // MARK: - QUERY

    static func states(of endpoint: Endpoint, into states: inout JSONObject) {
        states.append("currentCookingMode", .string(currentCookingMode(of: endpoint)))
    }

    /// `currentCookingMode`: the current mode's Google name while cooking, else `NONE`.
    static func currentCookingMode(of endpoint: Endpoint) -> String {
        guard [State.running, State.paused].contains(runState(of: endpoint)),
            let cluster = modeCluster(of: endpoint),
            let current = endpoint.cluster(cluster).int("CurrentMode")
        else { return "NONE" }
        return cookingModes(of: endpoint).first { $0.mode == current }?.google ?? "NONE"
    }

    // MARK: - EXECUTE

    static func execute(
        _ command: Command,
        _ params: CommandParameters,
        on endpoint: inout Endpoint,
        mode: ValidationMode
    ) throws(CommandError) {
        guard command == .cook else {
            throw CommandError(.functionNotSupported, "\(command.rawValue) is not a Cook command")
        }
        guard let cluster = modeCluster(of: endpoint) else {
            throw CommandError(.functionNotSupported, "this endpoint has no cooking modes")
        }
        let start = try params.bool("start")
        if let preset = try params.optionalString("foodPreset") {
            throw CommandError(.unknownFoodPreset, "the device has no food presets (\(preset))")
        }
        let state = runState(of: endpoint)
        guard start else {
            if state == State.stopped { throw CommandError(.alreadyStopped, "the appliance is not cooking") }
            setRunState(State.stopped, on: &endpoint)
            return
        }
        if state == State.error { throw CommandError(.deviceNotReady, "the appliance reports an error; stop it first") }
        let current = endpoint.cluster(cluster).int("CurrentMode")
        var target = current
        if let requested = try params.optionalString("cookingMode") {
            let modes = cookingModes(of: endpoint)
            guard
                let match = modes.first(where: { $0.google == requested && $0.mode == current })
                    ?? modes.first(where: { $0.google == requested })
            else {
                throw CommandError(.functionNotSupported, "the appliance does not cook in \(requested) mode")
            }
            target = match.mode
        }
        if state == State.running, target == current {
            throw CommandError(.alreadyStarted, "the appliance is already cooking in this mode")
        }
        if let target { endpoint.clusters[cluster, default: ClusterState()]["CurrentMode"] = .int(target) }
        setRunState(State.running, on: &endpoint)
    }

    /// Sets the run state; stopping also nulls the countdown.
    private static func setRunState(_ state: Int, on endpoint: inout Endpoint) {
        if endpoint.has(.OvenCavityOperationalState) {
            var cavity = endpoint.cluster(.OvenCavityOperationalState)
            cavity["OperationalState"] = .int(state)
            if state == State.stopped, cavity["CountdownTime"] != nil { cavity["CountdownTime"] = .null }
            endpoint.clusters[.OvenCavityOperationalState] = cavity
            return
        }
        var operational = endpoint.cluster(.OperationalState)
        operational[.OperationalState.operationalState] = .int(state)
        if state == State.stopped {
            operational[.OperationalState.countdownTime] = .int(
                AttributeSchema.spec(.OperationalState.countdownTime)?.nullValue ?? 0xFFFF_FFFF
            )
        }
        endpoint.clusters[.OperationalState] = operational
    }

    /// The Matter commands of `Cook` (see the type's documentation), with Matter's arguments.
    static func matterCommands(
        _ command: Command,
        params: JSONObject,
        before: Endpoint,
        after: Endpoint
    ) -> [MatterCommandDescription]? {
        guard command == .cook, let cluster = modeCluster(of: after) else { return nil }
        let changed = after.changedAttributes(since: before)
        let cavity = after.has(.OvenCavityOperationalState)
        let stateCluster = cavity ? "OvenCavityOperationalState" : "OperationalState"
        func one(_ name: String, _ arguments: JSONObject = JSONObject()) -> MatterCommandDescription {
            MatterCommandDescription(command: name, arguments: arguments, changed: changed)
        }
        guard runState(of: after) == State.running else { return [one("\(stateCluster).Stop")] }
        let newMode = after.cluster(cluster).int("CurrentMode") ?? 0
        let modeChanged = before.cluster(cluster).int("CurrentMode") != newMode
        if cluster == .MicrowaveOvenMode {
            return [
                one(
                    "MicrowaveOvenControl.SetCookingParameters",
                    JSONObject([("CookMode", .int(newMode)), ("StartAfterSetting", .bool(true))])
                )
            ]
        }
        var commands: [MatterCommandDescription] = []
        if modeChanged { commands.append(one("OvenMode.ChangeToMode", JSONObject([("NewMode", .int(newMode))]))) }
        if runState(of: before) != State.running { commands.append(one("\(stateCluster).Start")) }
        return commands
    }
}
