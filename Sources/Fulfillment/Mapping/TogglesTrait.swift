import JSON
import MatterModel
import SmartHomeProtocol

/// Google `Toggles` ⇄ Water Heater Management's boost and Fan Control's rock and wind settings (see
/// ``ToggleOffer`` for each source).
///
/// - Attributes: `availableToggles` [{`name`, `name_values` [{`name_synonym`, `lang`: "en"}]}].
/// - States: `currentToggleSettings` {toggle name: on}.
/// - `SetToggles {updateToggleSettings: {toggle name: Bool}}`: each entry turns its toggle on or off. A name the
///   device does not offer, or a value that is not a boolean, is `notSupported`; strict validation refuses the
///   command for it, lenient applies the entries it can and refuses only when none is left. Turning a toggle to
///   the state it is in succeeds (Matter's `Boost` restarts a boost; a write of the same bits is harmless).
enum TogglesTrait: TraitMapping {
    static let trait = Trait.toggles

    static func attributes(of endpoint: Endpoint, into attributes: inout JSONObject) {
        let toggles: [JSONValue] = ToggleOffer.offers(of: endpoint).map { offer in
            [
                "name": .string(offer.name),
                "name_values": [["name_synonym": ModesTrait.strings(offer.synonyms), "lang": "en"]],
            ]
        }
        attributes.append("availableToggles", .array(toggles))
    }

    static func states(of endpoint: Endpoint, into states: inout JSONObject) {
        var current = JSONObject()
        for offer in ToggleOffer.offers(of: endpoint) { current.append(offer.name, .bool(offer.isOn)) }
        states.append("currentToggleSettings", .object(current))
    }

    static func execute(
        _ command: Command,
        _ params: CommandParameters,
        on endpoint: inout Endpoint,
        mode: ValidationMode
    ) throws(CommandError) {
        guard command == .setToggles else {
            throw CommandError(.functionNotSupported, "\(command.rawValue) is not a Toggles command")
        }
        let update = try params.object("updateToggleSettings")
        for (offer, on) in try selections(update, offers: ToggleOffer.offers(of: endpoint), mode: mode) {
            offer.apply(on, to: &endpoint)
        }
    }

    /// The (toggle, on) pairs `update` names. Strict: every entry must name an offered toggle with a boolean.
    /// Lenient: entries that do not are skipped. Either way at least one must be left.
    static func selections(
        _ update: JSONObject,
        offers: [ToggleOffer],
        mode: ValidationMode
    ) throws(CommandError) -> [(ToggleOffer, Bool)] {
        try SettingsUpdate.resolve(
            update,
            mode: mode,
            empty: CommandError(.notSupported, "params.updateToggleSettings names no toggle")
        ) { name, value in
            guard let offer = offers.first(where: { $0.name == name }) else {
                let known = offers.map(\.name).joined(separator: ", ")
                return .failure(CommandError(.notSupported, "no toggle \"\(name)\" (this device has \(known))"))
            }
            guard let on = value.boolValue else {
                return .failure(CommandError(.notSupported, "toggle \"\(name)\" must be set to a boolean"))
            }
            return .success((offer, on))
        }
    }

    static func matterCommands(
        _ command: Command,
        params: JSONObject,
        before: Endpoint,
        after: Endpoint
    ) -> [MatterCommandDescription]? {
        guard command == .setToggles, let update = params["updateToggleSettings"]?.objectValue else { return nil }
        let changed = after.changedAttributes(since: before)
        let offers = ToggleOffer.offers(of: before)
        var descriptions: [MatterCommandDescription] = []
        for (name, value) in update {
            guard let offer = offers.first(where: { $0.name == name }), let on = value.boolValue else { continue }
            let description = offer.matterCommand(on, after: after, changed: changed)
            // Rock and wind toggles of one fan are one write per attribute: keep the last state of each.
            if offer.source != .boost {
                if let index = descriptions.firstIndex(where: { $0.command == description.command }) {
                    descriptions[index].arguments = mergedArguments(descriptions[index].arguments, description)
                    continue
                }
            }
            descriptions.append(description)
        }
        return descriptions
    }

    /// `FanControl.Write` arguments with those of `description` added (RockSetting and WindSetting together).
    static func mergedArguments(_ arguments: JSONObject, _ description: MatterCommandDescription) -> JSONObject {
        var merged = arguments
        for (key, value) in description.arguments { merged[key] = value }
        return merged
    }
}
