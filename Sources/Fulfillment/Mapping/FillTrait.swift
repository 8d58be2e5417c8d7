import JSON
import MatterModel
import SmartHomeProtocol

/// Google `Fill` ← a manufacturer-specific cluster declared with `"googleTrait": "Fill"` (a pet feeder's bowl; Matter
/// has no fill cluster); its attributes are ``ManufacturerTraitProfile/fill``'s.
///
/// Google's trait page (developers.home.google.com/cloud-to-cloud/traits/fill): "This trait applies to devices that
/// support being filled such as a bathtub."
///
/// - SYNC: `availableFillLevels` ("Describes different levels of filling the device") with `levels` from
///   `AvailableFillLevels` and `FillLevelSynonyms` (as arm levels: ``ManufacturerTraits/levels(_:synonyms:)``),
///   `ordered` ("Required. If true, the device handles additional grammar for increase or decrease logic") from
///   `FillLevelsOrdered` (`false` when absent) and `supportsFillPercent` ("If true, accept commands for adjusting
///   the level to a percentage") `true` when the declaration has `FillPercent`. A device with neither levels nor a
///   percentage sends no attribute: Google's "Device with basic fill or drain capabilities that does not support
///   discrete fill levels" is `{}`.
/// - QUERY: `isFilled` ("Required. Indicates whether the device is currently filled") from `Filled`;
///   `currentFillLevel` (the `level_name` it is filled at) from `FillLevel` when levels are listed;
///   `currentFillPercent` ("Indicates the current fill level percentage") from `FillPercent`.
/// - EXECUTE `action.devices.commands.Fill` with `fill` ("Required. True to fill, false to drain"), `fillLevel`
///   ("Indicates the level_name from the availableFillLevels attribute to set") and `fillPercent` ("Indicates the
///   requested level percentage"). Filling sets `Filled`, the level (the one asked for, else the last of the list:
///   full) and the percent (the one asked for; 100 when neither a level nor a percent is asked for; a level alone
///   leaves it to the device, which measures it); draining clears `Filled` and sets the percent to 0.
///   An unknown `fillLevel` answers `notSupported`; a `fillPercent` on a device without `FillPercent` answers
///   `notSupported`, and one outside 0…100 `valueOutOfRange` (strict) or is clamped (lenient).
/// - Delivery: `<Cluster>.Fill {"Fill": …, "FillLevel": …, "FillPercent": …}` on the manufacturer's cluster.
enum FillTrait: TraitMapping {
    static let trait = Trait.fill

    /// The profile's attribute names.
    enum Name {
        static let filled = "Filled"
        static let fillLevel = "FillLevel"
        static let availableFillLevels = "AvailableFillLevels"
        static let fillLevelSynonyms = "FillLevelSynonyms"
        static let fillLevelsOrdered = "FillLevelsOrdered"
        static let fillPercent = "FillPercent"
    }

    static func attributes(of endpoint: Endpoint, into attributes: inout JSONObject) {
        guard let (_, state, declared) = ManufacturerTraits.cluster(backing: trait, on: endpoint) else { return }
        let percent = declared.contains(Name.fillPercent)
        guard !ManufacturerTraits.strings(state, Name.availableFillLevels).isEmpty || percent else { return }
        var available = ManufacturerTraits.levelList(
            state,
            names: Name.availableFillLevels,
            synonyms: Name.fillLevelSynonyms,
            ordered: Name.fillLevelsOrdered
        )
        available.append("supportsFillPercent", .bool(percent))
        attributes.append("availableFillLevels", .object(available))
    }

    static func states(of endpoint: Endpoint, into states: inout JSONObject) {
        guard let (_, state, _) = ManufacturerTraits.cluster(backing: trait, on: endpoint) else { return }
        states.append("isFilled", .bool(state.bool(Name.filled) ?? false))
        if !ManufacturerTraits.strings(state, Name.availableFillLevels).isEmpty,
            let level = ManufacturerTraits.value(state, Name.fillLevel)?.stringValue
        {
            states.append("currentFillLevel", .string(level))
        }
        if let percent = ManufacturerTraits.unsigned(ManufacturerTraits.value(state, Name.fillPercent)) {
            states.append("currentFillPercent", .int(percent))
        }
    }

    static func execute(
        _ command: Command,
        _ params: CommandParameters,
        on endpoint: inout Endpoint,
        mode: ValidationMode
    ) throws(CommandError) {
        let (id, before, declared) = try ManufacturerTraits.executing(command, of: trait, on: endpoint)
        let fill = try params.bool("fill")
        let asked = try params.optionalString("fillLevel")
        let percent = try params.optionalNumber("fillPercent")
        var state = before
        try apply(fill: fill, level: asked, percent: percent, to: &state, declared: declared, mode: mode)
        endpoint.clusters[id] = state
    }

    /// What `fill`, `fillLevel` and `fillPercent` do to the cluster's state (see the type's comment).
    static func apply(
        fill: Bool,
        level asked: String?,
        percent: Double?,
        to state: inout ClusterState,
        declared: Set<String>,
        mode: ValidationMode
    ) throws(CommandError) {
        let levels = ManufacturerTraits.strings(state, Name.availableFillLevels)
        let hasPercent = declared.contains(Name.fillPercent)
        if let asked, !levels.contains(asked) {
            let known = levels.isEmpty ? "it has no fill levels" : "it has " + levels.joined(separator: ", ")
            throw CommandError(.notSupported, "no fill level \"\(asked)\" (\(known))")
        }
        var wanted: Int?
        if let percent {
            guard hasPercent else {
                throw CommandError(.notSupported, "fillPercent: this device has no fill percentage")
            }
            guard (0...100).contains(percent) || mode == .lenient else {
                throw CommandError(.valueOutOfRange, "fillPercent \(percent) is outside 0…100")
            }
            wanted = Int(Swift.min(Swift.max(percent, 0), 100).rounded())
        }
        guard fill else {
            state[Name.filled] = .bool(false)
            if hasPercent { state[Name.fillPercent] = .int(0) }
            return
        }
        state[Name.filled] = .bool(true)
        if let level = asked ?? (wanted == nil ? levels.last : nil) { state[Name.fillLevel] = .string(level) }
        // A level asked without a percent leaves the percent to the device, which measures it.
        if hasPercent, asked == nil || wanted != nil { state[Name.fillPercent] = .int(wanted ?? 100) }
    }

    static func matterCommands(
        _ command: Command,
        params: JSONObject,
        before: Endpoint,
        after: Endpoint
    ) -> [MatterCommandDescription]? {
        guard command == .fill, let (id, _, _) = ManufacturerTraits.cluster(backing: trait, on: after) else {
            return nil
        }
        var arguments = JSONObject()
        arguments.append("Fill", .bool(params["fill"]?.boolValue ?? false))
        if let level = params["fillLevel"]?.stringValue { arguments.append("FillLevel", .string(level)) }
        if let percent = params["fillPercent"], percent.doubleValue != nil { arguments.append("FillPercent", percent) }
        return [
            MatterCommandDescription(
                command: "\(id.rawValue).Fill",
                arguments: arguments,
                changed: after.changedAttributes(since: before)
            )
        ]
    }
}
