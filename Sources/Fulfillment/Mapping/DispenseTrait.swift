import JSON
import MatterModel
import SmartHomeProtocol

/// Google `Dispense` ← a manufacturer-specific cluster declared with `"googleTrait": "Dispense"` (a pet feeder's
/// food; Matter has no dispensing cluster); its attributes are ``ManufacturerTraitProfile/dispense``'s.
///
/// Google's trait page (developers.home.google.com/cloud-to-cloud/traits/dispense): "This trait belongs to devices
/// that support dispensing a specified amount of one or more physical items. This trait also supports dispensing a
/// preset, for example as a "cat food bowl" for a pet feeder".
///
/// - SYNC: `supportedDispenseItems` ("Contains information on all the items that the device can dispense"), one per
///   `DispenseItems` entry: `item_name` ("Internal name for the dispensed item"), `item_name_synonyms` (`[{"lang":
///   "en", "synonyms": […]}]`: "At least one item with a `lang` value of `en` is required") from
///   `DispenseItemSynonyms`, `supported_units` ("Set of units the device supports for that item": the item's one
///   `DispenseUnits` entry, `NO_UNITS` without one) and `default_portion` ("Typical amount of the item that is
///   dispensed": `DefaultPortions`, else 1, in that unit); `supportedDispensePresets` (`preset_name`,
///   `preset_name_synonyms`) when `DispensePresets` lists any.
/// - QUERY: `dispenseItems`, per item `itemName`, `amountRemaining` and `amountLastDispensed` (`{"amount", "unit"}`,
///   each when its list has the entry) and `isCurrentlyDispensing` (`false`: Hearth records a dispense as done).
/// - EXECUTE `action.devices.commands.Dispense` with `item`, `amount`, `unit` or `presetName` (Google's automation
///   schema: "To use this field, all the following fields CANNOT be used: presetName"); without parameters the
///   default portion of the first item ("generic dispense"). Dispensing an item records the amount as its
///   `AmountsLastDispensed` and takes it off `AmountsRemaining`; a preset changes no attribute (only the device
///   knows what it holds) and is delivered. Errors: an unknown item or preset `notSupported`; a unit other than the
///   item's `dispenseUnitNotSupported`; an amount of 0 or less `dispenseAmountBelowLimit`, a fraction
///   `dispenseFractionalAmountNotSupported`, more than remains `dispenseAmountRemainingExceeded` (in either
///   validation mode: clamping would dispense a different amount of food than asked).
/// - Delivery: `<Cluster>.Dispense {"Item": …, "Amount": …, "Unit": …}` or `{"PresetName": …}`.
///
/// Left out (a profile of base types cannot carry them): several units per item, several languages of synonyms,
/// `amountRemaining` in another unit than the item's.
enum DispenseTrait: TraitMapping {
    static let trait = Trait.dispense

    /// The profile's attribute names.
    enum Name {
        static let items = "DispenseItems"
        static let itemSynonyms = "DispenseItemSynonyms"
        static let units = "DispenseUnits"
        static let defaultPortions = "DefaultPortions"
        static let remaining = "AmountsRemaining"
        static let lastDispensed = "AmountsLastDispensed"
        static let presets = "DispensePresets"
        static let presetSynonyms = "DispensePresetSynonyms"
    }

    /// Entry `position` of an unsigned-integer list attribute, if it has one.
    static func entry(_ state: ClusterState, _ name: String, _ position: Int) -> Int? {
        let list = ManufacturerTraits.value(state, name)?.listValue ?? []
        return position < list.count ? ManufacturerTraits.unsigned(list[position]) : nil
    }

    /// The unit of item `position` (`NO_UNITS` without one).
    static func unit(_ state: ClusterState, _ position: Int) -> String {
        let units = ManufacturerTraits.strings(state, Name.units)
        return position < units.count ? units[position] : "NO_UNITS"
    }

    /// Google's synonyms object: `[{"lang": "en", "synonyms": […]}]` from the comma-separated entry (else the name).
    static func synonyms(_ name: String, _ list: [String], _ position: Int) -> JSONValue {
        let given =
            position < list.count
            ? list[position].split(separator: ",").map {
                String($0.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
            }.filter {
                !$0.isEmpty
            } : []
        return .array([
            .object(
                JSONObject([
                    ("lang", .string("en")), ("synonyms", .array((given.isEmpty ? [name] : given).map { .string($0) })),
                ])
            )
        ])
    }

    /// `{"amount": …, "unit": …}`.
    static func amount(_ amount: Int, _ unit: String) -> JSONValue {
        .object(JSONObject([("amount", .int(amount)), ("unit", .string(unit))]))
    }

    static func attributes(of endpoint: Endpoint, into attributes: inout JSONObject) {
        guard let (_, state, _) = ManufacturerTraits.cluster(backing: trait, on: endpoint) else { return }
        let items = ManufacturerTraits.strings(state, Name.items)
        let itemSynonyms = ManufacturerTraits.strings(state, Name.itemSynonyms)
        attributes.append(
            "supportedDispenseItems",
            .array(
                items.enumerated().map { position, name in
                    .object(
                        JSONObject([
                            ("item_name", .string(name)),
                            ("item_name_synonyms", synonyms(name, itemSynonyms, position)),
                            ("supported_units", .array([.string(unit(state, position))])),
                            (
                                "default_portion",
                                amount(entry(state, Name.defaultPortions, position) ?? 1, unit(state, position))
                            ),
                        ])
                    )
                }
            )
        )
        let presets = ManufacturerTraits.strings(state, Name.presets)
        guard !presets.isEmpty else { return }
        let presetSynonyms = ManufacturerTraits.strings(state, Name.presetSynonyms)
        attributes.append(
            "supportedDispensePresets",
            .array(
                presets.enumerated().map { position, name in
                    .object(
                        JSONObject([
                            ("preset_name", .string(name)),
                            ("preset_name_synonyms", synonyms(name, presetSynonyms, position)),
                        ])
                    )
                }
            )
        )
    }

    static func states(of endpoint: Endpoint, into states: inout JSONObject) {
        guard let (_, state, _) = ManufacturerTraits.cluster(backing: trait, on: endpoint) else { return }
        let items = ManufacturerTraits.strings(state, Name.items)
        states.append(
            "dispenseItems",
            .array(
                items.enumerated().map { position, name in
                    var item = JSONObject()
                    item.append("itemName", .string(name))
                    if let left = entry(state, Name.remaining, position) {
                        item.append("amountRemaining", amount(left, unit(state, position)))
                    }
                    if let last = entry(state, Name.lastDispensed, position) {
                        item.append("amountLastDispensed", amount(last, unit(state, position)))
                    }
                    item.append("isCurrentlyDispensing", .bool(false))
                    return .object(item)
                }
            )
        )
    }

    static func execute(
        _ command: Command,
        _ params: CommandParameters,
        on endpoint: inout Endpoint,
        mode: ValidationMode
    ) throws(CommandError) {
        let (id, before, _) = try ManufacturerTraits.executing(command, of: trait, on: endpoint)
        var state = before
        try apply(
            item: try params.optionalString("item"),
            amount: try params.optionalNumber("amount"),
            unit: try params.optionalString("unit"),
            preset: try params.optionalString("presetName"),
            to: &state
        )
        endpoint.clusters[id] = state
    }

    /// What a Dispense command does to the cluster's state (see the type's comment).
    static func apply(
        item: String?,
        amount: Double?,
        unit asked: String?,
        preset: String?,
        to state: inout ClusterState
    ) throws(CommandError) {
        if let preset {
            guard ManufacturerTraits.strings(state, Name.presets).contains(preset) else {
                throw CommandError(.notSupported, "no dispense preset \"\(preset)\"")
            }
            return
        }
        let items = ManufacturerTraits.strings(state, Name.items)
        let name = item ?? items.first
        guard let name, let position = items.firstIndex(of: name) else {
            throw CommandError(.notSupported, "no dispensable item \"\(item ?? "")\"")
        }
        let unit = unit(state, position)
        if let asked, asked != unit {
            throw CommandError(.dispenseUnitNotSupported, "\(name) is dispensed in \(unit), not \(asked)")
        }
        let wanted = amount ?? Double(entry(state, Name.defaultPortions, position) ?? 1)
        guard wanted > 0 else { throw CommandError(.dispenseAmountBelowLimit, "amount must be above 0") }
        guard wanted == wanted.rounded(), wanted <= Double(Int32.max) else {
            throw CommandError(.dispenseFractionalAmountNotSupported, "\(name) is dispensed in whole \(unit)")
        }
        let whole = Int(wanted)
        if let left = entry(state, Name.remaining, position) {
            guard whole <= left else {
                throw CommandError(.dispenseAmountRemainingExceeded, "only \(left) \(unit) of \(name) remain")
            }
            set(&state, Name.remaining, position, left - whole)
        }
        set(&state, Name.lastDispensed, position, whole)
    }

    /// Sets entry `position` of an unsigned-integer list attribute the state has (a shorter or absent list is left).
    static func set(_ state: inout ClusterState, _ name: String, _ position: Int, _ value: Int) {
        guard var list = ManufacturerTraits.value(state, name)?.listValue, position < list.count else { return }
        list[position] = .int(value)
        state[name] = .list(list)
    }

    static func matterCommands(
        _ command: Command,
        params: JSONObject,
        before: Endpoint,
        after: Endpoint
    ) -> [MatterCommandDescription]? {
        guard command == .dispense, let (id, _, _) = ManufacturerTraits.cluster(backing: trait, on: after) else {
            return nil
        }
        var arguments = JSONObject()
        if let preset = params["presetName"]?.stringValue {
            arguments.append("PresetName", .string(preset))
        } else {
            let state = after.cluster(id)
            let items = ManufacturerTraits.strings(state, Name.items)
            let name = params["item"]?.stringValue ?? items.first ?? ""
            let position = items.firstIndex(of: name) ?? 0
            arguments.append("Item", .string(name))
            arguments.append(
                "Amount",
                params["amount"]
                    ?? .int(
                        entry(state, Name.lastDispensed, position) ?? entry(
                            state,
                            Name.defaultPortions,
                            position
                        ) ?? 1
                    )
            )
            arguments.append("Unit", .string(unit(state, position)))
        }
        return [
            MatterCommandDescription(
                command: "\(id.rawValue).Dispense",
                arguments: arguments,
                changed: after.changedAttributes(since: before)
            )
        ]
    }
}
