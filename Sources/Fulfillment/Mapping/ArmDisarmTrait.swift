import JSON
import MatterModel
import SmartHomeProtocol

/// Google `ArmDisarm` ← a manufacturer-specific cluster declared with `"googleTrait": "ArmDisarm"` (Matter has no
/// security system cluster); its attributes are ``ManufacturerTraitProfile/armDisarm``'s.
///
/// Google's trait page (developers.home.google.com/cloud-to-cloud/traits/armdisarm): "This trait supports arming
/// and disarming as used in, for example, security systems. For devices with multiple levels of security levels,
/// these levels should be reported with the `availableArmLevels` attribute."
///
/// - SYNC: `availableArmLevels` `{"levels": […], "ordered": …}` when `AvailableArmLevels` lists levels ("If this
///   attribute is not reported, the device only supports one level"); `ordered` ("Required. If set to true,
///   additional grammar for increase/decrease logic applies, in the order of the levels array") is
///   `ArmLevelsOrdered`, `false` when absent.
/// - QUERY: `isArmed` ("Required. Indicates if the device is currently armed") from `Armed`; `currentArmLevel`
///   ("If multiple security levels exist, indicates the name of the current security level") from `ArmLevel` when
///   levels are listed; `exitAllowance` ("Indicates the time, in seconds, the user has to leave before
///   currentArmLevel takes effect") from `ExitAllowanceSeconds` while it is above 0.
/// - EXECUTE `action.devices.commands.ArmDisarm` with `arm` ("Required. True when command is to arm. False to
///   disarm"), `cancel` ("True when command is to cancel the arm value"), `armLevel` ("The level_name to arm to")
///   and `followUpToken`. Arming sets `Armed`, `ArmLevel` (the one asked for, else the current one, else the first)
///   and starts the exit allowance (`ExitAllowanceSeconds` = `ExitDelaySeconds`) when the system was disarmed;
///   disarming, or cancelling while the exit allowance runs, clears `Armed` and the allowance. Errors:
///   `alreadyArmed` (arming at the level it is armed at; cancelling once the arming took effect),
///   `alreadyDisarmed` (disarming or cancelling a disarmed system), `notSupported` (an `armLevel` the device does
///   not list). Hearth answers with the state the command leaves, so no follow-up is sent: `followUpToken` is
///   accepted and not used.
/// - Two-factor: Google's Secondary User Verification page lists "The ArmDisarm trait when disarming or canceling
///   arming" among the combinations that need `pinNeeded`; ``ChallengeCheck`` asks for it (``isDisarm(_:)``).
/// - Delivery: `<Cluster>.ArmDisarm {"Arm": …, "ArmLevel": …, "Cancel": …}` on the manufacturer's cluster.
enum ArmDisarmTrait: TraitMapping {
    static let trait = Trait.armDisarm

    /// The profile's attribute names.
    enum Name {
        static let armed = "Armed"
        static let armLevel = "ArmLevel"
        static let availableArmLevels = "AvailableArmLevels"
        static let armLevelSynonyms = "ArmLevelSynonyms"
        static let armLevelsOrdered = "ArmLevelsOrdered"
        static let exitDelaySeconds = "ExitDelaySeconds"
        static let exitAllowanceSeconds = "ExitAllowanceSeconds"
    }

    static func attributes(of endpoint: Endpoint, into attributes: inout JSONObject) {
        guard let (_, state, _) = ManufacturerTraits.cluster(backing: trait, on: endpoint) else { return }
        guard !ManufacturerTraits.strings(state, Name.availableArmLevels).isEmpty else { return }
        let levels = ManufacturerTraits.levelList(
            state,
            names: Name.availableArmLevels,
            synonyms: Name.armLevelSynonyms,
            ordered: Name.armLevelsOrdered
        )
        attributes.append("availableArmLevels", .object(levels))
    }

    static func states(of endpoint: Endpoint, into states: inout JSONObject) {
        guard let (_, state, _) = ManufacturerTraits.cluster(backing: trait, on: endpoint) else { return }
        states.append("isArmed", .bool(state.bool(Name.armed) ?? false))
        if !ManufacturerTraits.strings(state, Name.availableArmLevels).isEmpty,
            let level = ManufacturerTraits.value(state, Name.armLevel)?.stringValue
        {
            states.append("currentArmLevel", .string(level))
        }
        if let allowance = ManufacturerTraits.unsigned(state[Name.exitAllowanceSeconds]), allowance > 0 {
            states.append("exitAllowance", .int(allowance))
        }
    }

    /// Whether an ArmDisarm step lowers the protection: `arm` not plainly `true`, or `cancel: true` (Google's
    /// Secondary User Verification: "when disarming or canceling arming").
    static func isDisarm(_ params: JSONObject) -> Bool {
        params["arm"]?.boolValue != true || params["cancel"]?.boolValue == true
    }

    static func execute(
        _ command: Command,
        _ params: CommandParameters,
        on endpoint: inout Endpoint,
        mode: ValidationMode
    ) throws(CommandError) {
        let (id, before, declared) = try ManufacturerTraits.executing(command, of: trait, on: endpoint)
        let arm = try params.bool("arm")
        let cancel = try params.optionalBool("cancel") ?? false
        let asked = try params.optionalString("armLevel")
        _ = try params.optionalString("followUpToken")
        var state = before
        try apply(arm: arm, cancel: cancel, level: asked, to: &state, declared: declared)
        endpoint.clusters[id] = state
    }

    /// What `arm`, `cancel` and `armLevel` do to the cluster's state (see the type's comment); `declared` names the
    /// attributes the declaration has (the exit allowance is written only when it has one).
    static func apply(
        arm: Bool,
        cancel: Bool,
        level asked: String?,
        to state: inout ClusterState,
        declared: Set<String>
    ) throws(CommandError) {
        let armed = state.bool(Name.armed) ?? false
        let allowance = ManufacturerTraits.unsigned(state[Name.exitAllowanceSeconds]) ?? 0
        let hasAllowance = declared.contains(Name.exitAllowanceSeconds)
        if cancel {
            guard armed else { throw CommandError(.alreadyDisarmed, "cancel: the system is disarmed") }
            guard allowance > 0 else {
                throw CommandError(.alreadyArmed, "cancel: the arming took effect (no exit allowance runs)")
            }
            state[Name.armed] = .bool(false)
            state[Name.exitAllowanceSeconds] = .int(0)
            return
        }
        guard arm else {
            guard armed else { throw CommandError(.alreadyDisarmed, "the system is disarmed") }
            state[Name.armed] = .bool(false)
            if hasAllowance { state[Name.exitAllowanceSeconds] = .int(0) }
            return
        }
        let levels = ManufacturerTraits.strings(state, Name.availableArmLevels)
        let current = ManufacturerTraits.value(state, Name.armLevel)?.stringValue
        if let asked, !levels.contains(asked) {
            let known = levels.isEmpty ? "it has one level" : "it has " + levels.joined(separator: ", ")
            throw CommandError(.notSupported, "no arm level \"\(asked)\" (\(known))")
        }
        let level = asked ?? current.flatMap { levels.contains($0) ? $0 : nil } ?? levels.first
        if armed, asked == nil || asked == current {
            throw CommandError(.alreadyArmed, "the system is armed" + (current.map { " at \($0)" } ?? ""))
        }
        state[Name.armed] = .bool(true)
        if let level { state[Name.armLevel] = .string(level) }
        if hasAllowance {
            // The exit allowance runs when a disarmed system arms; a level change while armed starts none.
            let delay = armed ? 0 : ManufacturerTraits.unsigned(state[Name.exitDelaySeconds]) ?? 0
            state[Name.exitAllowanceSeconds] = .int(delay)
        }
    }

    static func matterCommands(
        _ command: Command,
        params: JSONObject,
        before: Endpoint,
        after: Endpoint
    ) -> [MatterCommandDescription]? {
        guard command == .armDisarm, let (id, _, _) = ManufacturerTraits.cluster(backing: trait, on: after) else {
            return nil
        }
        var arguments = JSONObject()
        arguments.append("Arm", .bool(params["arm"]?.boolValue ?? false))
        if let level = params["armLevel"]?.stringValue { arguments.append("ArmLevel", .string(level)) }
        if let cancel = params["cancel"]?.boolValue { arguments.append("Cancel", .bool(cancel)) }
        return [
            MatterCommandDescription(
                command: "\(id.rawValue).ArmDisarm",
                arguments: arguments,
                changed: after.changedAttributes(since: before)
            )
        ]
    }
}
