import RecordReplay

extension Replayer.Summary {
    /// 0 when every intent agreed, 1 when any differed, 69 (unavailable) when the deployment could not be
    /// reached (the replay stops at the first such file).
    public var exitStatus: ExitStatus {
        if anyUnreachable { return .unavailable }
        if anyFailed { return .rejected }
        return .success
    }
}
