extension AttributeSchema {
    /// Power Source: `Description` has at most 60 characters (Matter's constraint; the type check cannot see
    /// length).
    static func powerSourceViolation(_ state: ClusterState) -> AttributeViolation? {
        guard let description = state[.PowerSource.description]?.stringValue,
            description.count > powerSourceDescriptionMaxLength
        else { return nil }
        return AttributeViolation(
            attribute: .PowerSource.description,
            reason: "\(description.count) characters is longer than \(powerSourceDescriptionMaxLength)"
        )
    }

    /// Operational State:
    /// - `CurrentPhase`, unless null, indexes the device type's phases (``DeviceType/phaseList``); a type without
    ///   phases (Matter's null `PhaseList`) needs `CurrentPhase` null.
    /// - `OperationalError` is not NoError exactly when `OperationalState` is Error (Matter: the error describes
    ///   the Error state, and is NoError otherwise).
    static func operationalStateViolation(_ state: ClusterState, deviceTypes: [DeviceType]) -> AttributeViolation? {
        if let phase = state[.OperationalState.currentPhase], let spec = spec(.OperationalState.currentPhase),
            !spec.isNull(phase),
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
                return AttributeViolation(attribute: .OperationalState.currentPhase, reason: reason)
            }
        }
        return errorMatchesState(
            state,
            state: .OperationalState.operationalState,
            error: .OperationalState.operationalError
        )
    }

    /// RVC Operational State: `OperationalState` and `OperationalError` are values the RVC enumerations define
    /// (their ranges have gaps), and `OperationalError` is not NoError exactly when `OperationalState` is Error.
    static func rvcOperationalStateViolation(_ state: ClusterState) -> AttributeViolation? {
        let value = state.int(.RvcOperationalState.operationalState)!
        if !OperationalStateValue.rvcOperationalStates.contains(value) {
            return AttributeViolation(
                attribute: .RvcOperationalState.operationalState,
                reason: "\(value) is not an RvcOperationalStateEnum value (0…3, 64…66)"
            )
        }
        let error = state.int(.RvcOperationalState.operationalError)!
        if !OperationalErrorValue.rvcOperationalErrors.contains(error) {
            return AttributeViolation(
                attribute: .RvcOperationalState.operationalError,
                reason: "\(error) is not an RVC ErrorStateEnum value (0…3, 64…71)"
            )
        }
        return errorMatchesState(
            state,
            state: .RvcOperationalState.operationalState,
            error: .RvcOperationalState.operationalError
        )
    }

    /// `OperationalError` ≠ NoError ⇔ `OperationalState` = Error.
    private static func errorMatchesState(
        _ state: ClusterState,
        state stateAttribute: Attribute,
        error errorAttribute: Attribute
    ) -> AttributeViolation? {
        let value = state.int(stateAttribute)!
        let error = state.int(errorAttribute)!
        if value == OperationalStateValue.error, error == OperationalErrorValue.noError {
            return AttributeViolation(
                attribute: errorAttribute,
                reason: "0 (NoError) contradicts OperationalState 3 (Error): name the error"
            )
        }
        if value != OperationalStateValue.error, error != OperationalErrorValue.noError {
            return AttributeViolation(
                attribute: errorAttribute,
                reason: "\(error) needs OperationalState 3 (Error), not \(value) "
                    + "(\(OperationalStateValue.describe(value)))"
            )
        }
        return nil
    }
}
