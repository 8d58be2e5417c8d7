import JSON
import MatterModel
import SmartHomeProtocol

/// Google `Modes` ⇄ Matter's mode clusters and appliance controls (see ``ModeOffer`` for each source).
///
/// Google (traits/modes): "This trait belongs to any devices with an arbitrary number of "n-way" modes in which
/// the modes and settings for each mode are arbitrary and unique to each device or device type. Each mode has
/// multiple possible settings, but only one can be selected at a time". One Google mode per source:
///
/// | Matter | Google `name` | `setting_name` | `ordered` |
/// |---|---|---|---|
/// | Laundry Washer Mode, Dishwasher Mode, RVC Clean Mode, Refrigerator and TCC Mode, Oven Mode, Microwave Oven Mode, Water Heater Mode, Energy EVSE Mode, Mode Select | `wash cycle`, `dishwasher cycle`, `clean mode`, `cabinet mode`, `oven mode`, `microwave mode`, `water heater mode`, `charging mode`, `mode` | `mode-<Mode>` | false |
/// | Laundry Washer Controls SPIN (`SpinSpeeds`, `SpinSpeedCurrent`) | `spin speed` | `speed-<index>` | true |
/// | Laundry Washer Controls RINSE (`SupportedRinses`, `NumberOfRinses`) | `rinses` | `none` `normal` `extra` `max` | true |
/// | Laundry Dryer Controls (`SupportedDrynessLevels`, `SelectedDrynessLevel`) | `dryness` | `low` `normal` `extra` `max` | true |
/// | Temperature Control TL (`SupportedTemperatureLevels`, `SelectedTemperatureLevel`) | `temperature level` | `level-<index>` | true |
///
/// A mode cluster's labels are arbitrary ("load type (delicates, normal, wool, etc) may not be" ordered, says
/// Google), so its mode is not `ordered`; the laundry controls and levels are listed low to high.
///
/// - Attributes: `availableModes` (English synonyms only: Matter labels carry no language).
/// - States: `currentModeSettings` {mode name: setting_name} for each mode whose current value is one of its
///   settings (a null `SpinSpeedCurrent` reports no spin speed).
/// - `SetModes {updateModeSettings: {mode name: setting_name}}`: each entry selects its setting. A name or setting
///   the device does not offer is `notSupported`; strict validation refuses the command for it, lenient applies
///   the entries it can and refuses only when none is left. A new wash, dishwasher, oven or microwave cycle while
///   the appliance runs or is paused is `deviceBusy`: the Matter server would answer `ChangeToMode` with
///   `InvalidInMode` (Mode Base `ChangeToModeResponse` Status 0x03), and Hearth's simulated appliances keep their
///   cycle until it ends.
enum ModesTrait: TraitMapping {
    static let trait = Trait.modes

    /// The mode clusters that choose a cycle, refused while the appliance's operational state is Running or
    /// Paused.
    static let cycleClusters: Set<ClusterID> = [.LaundryWasherMode, .DishwasherMode, .OvenMode, .MicrowaveOvenMode]

    static func attributes(of endpoint: Endpoint, into attributes: inout JSONObject) {
        let modes: [JSONValue] = ModeOffer.offers(of: endpoint).map(availableMode)
        attributes.append("availableModes", .array(modes))
    }

    /// One `availableModes` entry.
    static func availableMode(_ offer: ModeOffer) -> JSONValue {
        let settings: [JSONValue] = offer.settings.map { setting in
            [
                "setting_name": .string(setting.name),
                "setting_values": [["setting_synonym": strings(setting.synonyms), "lang": "en"]],
            ]
        }
        return [
            "name": .string(offer.name),
            "name_values": [["name_synonym": strings(offer.synonyms), "lang": "en"]],
            "settings": .array(settings),
            "ordered": .bool(offer.ordered),
        ]
    }

    static func states(of endpoint: Endpoint, into states: inout JSONObject) {
        var current = JSONObject()
        for offer in ModeOffer.offers(of: endpoint) {
            if let setting = offer.currentSetting { current.append(offer.name, .string(setting.name)) }
        }
        states.append("currentModeSettings", .object(current))
    }

    static func execute(
        _ command: Command,
        _ params: CommandParameters,
        on endpoint: inout Endpoint,
        mode: ValidationMode
    ) throws(CommandError) {
        guard command == .setModes else {
            throw CommandError(.functionNotSupported, "\(command.rawValue) is not a Modes command")
        }
        let update = try params.object("updateModeSettings")
        let selections = try selections(update, offers: ModeOffer.offers(of: endpoint), mode: mode)
        for (offer, _) in selections {
            try checkChangeAllowed(offer, on: endpoint)
        }
        for (offer, setting) in selections {
            offer.apply(setting, to: &endpoint)
        }
    }

    /// The (mode, setting) pairs `update` names. Strict: every entry must name an offered mode and one of its
    /// settings. Lenient: entries that do not are skipped. Either way at least one must be left.
    static func selections(
        _ update: JSONObject,
        offers: [ModeOffer],
        mode: ValidationMode
    ) throws(CommandError) -> [(ModeOffer, ModeSetting)] {
        try SettingsUpdate.resolve(
            update,
            mode: mode,
            empty: CommandError(.notSupported, "params.updateModeSettings names no mode")
        ) { name, value in
            guard let offer = offers.first(where: { $0.name == name }) else {
                let known = offers.map(\.name).joined(separator: ", ")
                return .failure(CommandError(.notSupported, "no mode \"\(name)\" (this device has \(known))"))
            }
            guard let settingName = value.stringValue,
                let setting = offer.settings.first(where: { $0.name == settingName })
            else {
                let known = offer.settings.map(\.name).joined(separator: ", ")
                return .failure(
                    CommandError(.notSupported, "mode \"\(name)\" has no setting \(value) (it has \(known))")
                )
            }
            return .success((offer, setting))
        }
    }

    /// Refuses a new cycle while the appliance runs or is paused (Matter's `InvalidInMode`).
    static func checkChangeAllowed(_ offer: ModeOffer, on endpoint: Endpoint) throws(CommandError) {
        guard case .modeCluster(let cluster) = offer.source, cycleClusters.contains(cluster) else { return }
        typealias State = AttributeSchema.OperationalStateValue
        for stateCluster in [ClusterID.OperationalState, .OvenCavityOperationalState] {
            guard let state = endpoint.clusters[stateCluster]?["OperationalState"].flatMap(ModeConversion.integer)
            else { continue }
            if state == State.running || state == State.paused {
                throw CommandError(
                    .deviceBusy,
                    "\(offer.name) cannot change while the appliance is \(state == State.running ? "running" : "paused")"
                        + " (Matter ChangeToMode: InvalidInMode)"
                )
            }
        }
    }

    static func matterCommands(
        _ command: Command,
        params: JSONObject,
        before: Endpoint,
        after: Endpoint
    ) -> [MatterCommandDescription]? {
        guard command == .setModes, let update = params["updateModeSettings"]?.objectValue else { return nil }
        let changed = after.changedAttributes(since: before)
        let offers = ModeOffer.offers(of: before)
        return update.compactMap { name, value in
            guard let offer = offers.first(where: { $0.name == name }),
                let setting = offer.settings.first(where: { $0.name == value.stringValue })
            else { return nil }
            return offer.matterCommand(setting, changed: changed)
        }
    }

    static func strings(_ values: [String]) -> JSONValue {
        .array(values.map { .string($0) })
    }
}
