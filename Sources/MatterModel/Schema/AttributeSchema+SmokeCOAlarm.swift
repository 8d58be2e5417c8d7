extension AttributeSchema {
    /// The values of Smoke CO Alarm's `SmokeState`, `COState` and `BatteryAlert` (Matter's `AlarmStateEnum`).
    public enum AlarmState {
        /// Nothing to report.
        public static let normal = 0
        /// Warning.
        public static let warning = 1
        /// Critical.
        public static let critical = 2
    }

    /// Bits of Smoke CO Alarm's `FeatureMap`.
    public enum SmokeCOAlarmFeature {
        /// SMOKE: the alarm detects smoke.
        public static let smoke = 1 << 0
        /// CO: the alarm detects carbon monoxide.
        public static let carbonMonoxide = 1 << 1
    }

    /// Smoke CO Alarm cluster (0x005C), Matter 1.3 Application Cluster Specification §2.11: the mandatory
    /// attributes and the smoke and CO states (no muting, interconnect, contamination, sensitivity or expiry).
    ///
    /// `FeatureMap` (global attribute 0xFFFC) is the one global attribute Hearth models: whether the alarm detects
    /// smoke, carbon monoxide or both decides Google's device type and which sensor states it reports. Hearth's
    /// default is both (3).
    static let smokeCOAlarm: [AttributeSpec] = [
        AttributeSpec(
            .SmokeCOAlarm.expressedState,
            id: 0x0000,
            type: .enum8,
            range: 0...8,
            unit: "ExpressedStateEnum: 0 normal, 1 smoke alarm, 2 CO alarm, 3 battery alert, 4 testing, "
                + "5 hardware fault, 6 end of service, 7 interconnect smoke, 8 interconnect CO",
            defaultValue: .int(0)
        ),
        AttributeSpec(
            .SmokeCOAlarm.smokeState,
            id: 0x0001,
            type: .enum8,
            range: 0...2,
            unit: "AlarmStateEnum: 0 normal, 1 warning, 2 critical",
            defaultValue: .int(AlarmState.normal)
        ),
        AttributeSpec(
            .SmokeCOAlarm.coState,
            id: 0x0002,
            type: .enum8,
            range: 0...2,
            unit: "AlarmStateEnum: 0 normal, 1 warning, 2 critical",
            defaultValue: .int(AlarmState.normal)
        ),
        AttributeSpec(
            .SmokeCOAlarm.batteryAlert,
            id: 0x0003,
            type: .enum8,
            range: 0...2,
            unit: "AlarmStateEnum: 0 normal, 1 warning, 2 critical",
            defaultValue: .int(AlarmState.normal)
        ),
        AttributeSpec(
            .SmokeCOAlarm.testInProgress,
            id: 0x0005,
            type: .bool,
            unit: "a self-test is running",
            defaultValue: .bool(false)
        ),
        AttributeSpec(
            .SmokeCOAlarm.hardwareFaultAlert,
            id: 0x0006,
            type: .bool,
            unit: "the device reports a hardware fault",
            defaultValue: .bool(false)
        ),
        AttributeSpec(
            .SmokeCOAlarm.endOfServiceAlert,
            id: 0x0007,
            type: .enum8,
            range: 0...1,
            unit: "EndOfServiceEnum: 0 normal, 1 expired",
            defaultValue: .int(0)
        ),
        AttributeSpec(
            .SmokeCOAlarm.featureMap,
            id: 0xFFFC,
            type: .uint32,
            range: 1...3,
            unit: "feature bits: bit 0 SMOKE (smoke alarm), bit 1 CO (carbon monoxide alarm)",
            defaultValue: .int(SmokeCOAlarmFeature.smoke | SmokeCOAlarmFeature.carbonMonoxide)
        ),
    ]

    /// Smoke CO Alarm rules: `SmokeState` is normal unless the SMOKE feature is on, `COState` normal unless CO is;
    /// `ExpressedState` names something that is true: smoke alarm (1) needs `SmokeState` not normal, CO alarm (2)
    /// `COState` not normal, battery alert (3) `BatteryAlert` not normal, testing (4) `TestInProgress`, hardware
    /// fault (5) `HardwareFaultAlert`, end of service (6) `EndOfServiceAlert` expired, interconnect smoke (7) the
    /// SMOKE feature and interconnect CO (8) the CO feature.
    static func smokeCOAlarmViolation(_ state: ClusterState) -> AttributeViolation? {
        let features = state.int(.SmokeCOAlarm.featureMap)!
        let smoke = state.int(.SmokeCOAlarm.smokeState)!
        let carbonMonoxide = state.int(.SmokeCOAlarm.coState)!
        let hasSmoke = features & SmokeCOAlarmFeature.smoke != 0
        let hasCO = features & SmokeCOAlarmFeature.carbonMonoxide != 0
        if !hasSmoke, smoke != AlarmState.normal {
            return AttributeViolation(
                attribute: .SmokeCOAlarm.smokeState,
                reason: "\(smoke) needs the SMOKE feature (FeatureMap bit 0)"
            )
        }
        if !hasCO, carbonMonoxide != AlarmState.normal {
            return AttributeViolation(
                attribute: .SmokeCOAlarm.coState,
                reason: "\(carbonMonoxide) needs the CO feature (FeatureMap bit 1)"
            )
        }
        let expressed = state.int(.SmokeCOAlarm.expressedState)!
        let needs: (holds: Bool, what: String)
        switch expressed {
        case 1: needs = (smoke != AlarmState.normal, "SmokeState other than 0")
        case 2: needs = (carbonMonoxide != AlarmState.normal, "COState other than 0")
        case 3: needs = (state.int(.SmokeCOAlarm.batteryAlert)! != AlarmState.normal, "BatteryAlert other than 0")
        case 4: needs = (state.bool(.SmokeCOAlarm.testInProgress)!, "TestInProgress true")
        case 5: needs = (state.bool(.SmokeCOAlarm.hardwareFaultAlert)!, "HardwareFaultAlert true")
        case 6: needs = (state.int(.SmokeCOAlarm.endOfServiceAlert)! == 1, "EndOfServiceAlert 1")
        case 7: needs = (hasSmoke, "the SMOKE feature")
        case 8: needs = (hasCO, "the CO feature")
        default: needs = (true, "")
        }
        guard needs.holds else {
            return AttributeViolation(
                attribute: .SmokeCOAlarm.expressedState,
                reason: "\(expressed) needs \(needs.what)"
            )
        }
        return nil
    }
}
