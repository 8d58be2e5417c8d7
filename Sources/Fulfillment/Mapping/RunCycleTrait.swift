import JSON
import MatterModel
import SmartHomeProtocol

/// Google `RunCycle` (query only) ⇄ Matter Operational State's `CurrentPhase` and `CountdownTime`.
///
/// While `OperationalState` is Running or Paused: `currentRunCycle` is
/// `[{"currentCycle": <phase>, "nextCycle": <next phase>, "lang": "en"}]` from the device type's phases
/// (``DeviceType/phaseList``; no `nextCycle` in the last phase), `currentTotalRemainingTime` is `CountdownTime`
/// and `currentCycleRemainingTime` its share for the current phase (``RunCycleConversion``). Otherwise (Stopped,
/// Error, or `CurrentPhase`/`CountdownTime` null) there is no cycle: `currentRunCycle` is empty and the times
/// are 0. The phase names are English, hence `lang` "en".
enum RunCycleTrait: TraitMapping {
    static let trait = Trait.runCycle

    typealias State = AttributeSchema.OperationalStateValue

    static func attributes(of endpoint: Endpoint, into attributes: inout JSONObject) {}

    static func states(of endpoint: Endpoint, into states: inout JSONObject) {
        let cluster = endpoint.cluster(.OperationalState)
        let operating = [State.running, State.paused].contains(
            cluster.int(.OperationalState.operationalState) ?? State.stopped
        )
        let phases = DeviceType.phaseList(of: endpoint.deviceTypes) ?? []
        let phaseSpec = AttributeSchema.spec(.OperationalState.currentPhase)
        let countdownSpec = AttributeSchema.spec(.OperationalState.countdownTime)

        var cycles: [JSONValue] = []
        var total = 0
        var cycleRemaining = 0
        if operating, let phaseValue = cluster[.OperationalState.currentPhase], phaseSpec?.isNull(phaseValue) == false,
            let phase = phaseValue.intValue, phases.indices.contains(phase)
        {
            var cycle = JSONObject([("currentCycle", .string(phases[phase]))])
            if phase + 1 < phases.count { cycle.append("nextCycle", .string(phases[phase + 1])) }
            cycle.append("lang", .string("en"))
            cycles.append(.object(cycle))
            if let countdown = cluster[.OperationalState.countdownTime], countdownSpec?.isNull(countdown) == false,
                let seconds = countdown.intValue
            {
                total = seconds
                cycleRemaining = RunCycleConversion.cycleRemainingSeconds(
                    totalRemainingSeconds: seconds,
                    currentPhase: phase,
                    phaseCount: phases.count
                )
            }
        }
        states.append("currentRunCycle", .array(cycles))
        states.append("currentTotalRemainingTime", .int(total))
        states.append("currentCycleRemainingTime", .int(cycleRemaining))
    }

    static func execute(
        _ command: Command,
        _ params: CommandParameters,
        on endpoint: inout Endpoint,
        mode: ValidationMode
    ) throws(CommandError) {
        throw CommandError(.functionNotSupported, "RunCycle has no commands (\(command.rawValue))")
    }
}
