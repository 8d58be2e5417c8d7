extension AttributeSchema {
    /// Power Source: `Description` has at most 60 characters (Matter's constraint; the type check cannot see
    /// length).
    static func powerSourceViolation(_ state: ClusterState) -> AttributeViolation? {
        guard let description = state["Description"]?.stringValue,
            description.count > powerSourceDescriptionMaxLength
        else { return nil }
        return AttributeViolation(
            attribute: "Description",
            reason: "\(description.count) characters is longer than \(powerSourceDescriptionMaxLength)"
        )
    }

    /// Operational State:
    /// - `CurrentPhase`, unless null, indexes the device type's phases (``DeviceType/phaseList``); a type without
    ///   phases (Matter's null `PhaseList`) needs `CurrentPhase` null.
    /// - `OperationalError` is not NoError exactly when `OperationalState` is Error (Matter: the error describes
    ///   the Error state, and is NoError otherwise).
    static func operationalStateViolation(_ state: ClusterState, deviceTypes: [DeviceType]) -> AttributeViolation? {
        if let phase = state["CurrentPhase"], let spec = spec(.OperationalState, "CurrentPhase"), !spec.isNull(phase),
            let index = phase.intValue
        {
            let phases = DeviceType.phaseList(of: deviceTypes) ?? []
            if !phases.indices.contains(index) {
                let types = deviceTypes.map(\.rawValue).joined(separator: ", ")
                let reason =
                    phases.isEmpty
                    ? "\(index) needs a phase list, which \(types) has not (use null)"
                    : "\(index) is outside the \(phases.count) phases of \(types) (0…\(phases.count - 1): "
                        + phases.joined(separator: ", ") + ")"
                return AttributeViolation(attribute: "CurrentPhase", reason: reason)
            }
        }
        return errorMatchesState(state)
    }

    /// RVC Operational State: `OperationalState` and `OperationalError` are values the RVC enumerations define
    /// (their ranges have gaps), and `OperationalError` is not NoError exactly when `OperationalState` is Error.
    static func rvcOperationalStateViolation(_ state: ClusterState) -> AttributeViolation? {
        let value = state.int("OperationalState")!
        if !OperationalStateValue.rvcOperationalStates.contains(value) {
            return AttributeViolation(
                attribute: "OperationalState",
                reason: "\(value) is not an RvcOperationalStateEnum value (0…3, 64…66)"
            )
        }
        let error = state.int("OperationalError")!
        if !OperationalErrorValue.rvcOperationalErrors.contains(error) {
            return AttributeViolation(
                attribute: "OperationalError",
                reason: "\(error) is not an RVC ErrorStateEnum value (0…3, 64…71)"
            )
        }
        return errorMatchesState(state)
    }

    /// `OperationalError` ≠ NoError ⇔ `OperationalState` = Error.
    private static func errorMatchesState(_ state: ClusterState) -> AttributeViolation? {
        let value = state.int("OperationalState")!
        let error = state.int("OperationalError")!
        if value == OperationalStateValue.error, error == OperationalErrorValue.noError {
            return AttributeViolation(
                attribute: "OperationalError",
                reason: "0 (NoError) contradicts OperationalState 3 (Error): name the error"
            )
        }
        if value != OperationalStateValue.error, error != OperationalErrorValue.noError {
            return AttributeViolation(
                attribute: "OperationalError",
                reason: "\(error) needs OperationalState 3 (Error), not \(value) "
                    + "(\(OperationalStateValue.describe(value)))"
            )
        }
        return nil
    }
}
