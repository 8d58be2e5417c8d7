/// Times for Google's RunCycle trait from Matter's Operational State.
public enum RunCycleConversion {
    /// Google `currentCycleRemainingTime` (seconds) from Matter's `CountdownTime` (seconds left in the whole
    /// operation). Matter has no per-phase countdown, so Hearth assumes the phases left (the current one and those
    /// after it) take equal time: `totalRemainingSeconds / (phaseCount − currentPhase)`, rounded down. In the last
    /// phase that is the whole countdown. A phase outside `0..<phaseCount` counts as the last one; negative times
    /// become 0.
    public static func cycleRemainingSeconds(totalRemainingSeconds: Int, currentPhase: Int, phaseCount: Int) -> Int {
        let total = max(totalRemainingSeconds, 0)
        let phasesLeft = phaseCount - currentPhase
        guard currentPhase >= 0, phasesLeft >= 1 else { return total }
        return total / phasesLeft
    }
}
