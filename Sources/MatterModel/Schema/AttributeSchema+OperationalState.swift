extension AttributeSchema {
    /// The values of `OperationalState` (Matter's `OperationalStateEnum`), shared by Operational State and RVC
    /// Operational State; the last three are RVC Operational State's only.
    public enum OperationalStateValue {
        /// Not running: no operation, or finished.
        public static let stopped = 0
        /// Running an operation.
        public static let running = 1
        /// Paused mid-operation; resumes where it stopped.
        public static let paused = 2
        /// Stopped by an error (see `OperationalError`).
        public static let error = 3
        /// A robot vacuum driving back to its dock.
        public static let seekingCharger = 0x40
        /// A robot vacuum on its dock, charging.
        public static let charging = 0x41
        /// A robot vacuum on its dock, not charging.
        public static let docked = 0x42

        /// The values Operational State allows.
        public static let operationalStates: Set<Int> = [stopped, running, paused, error]
        /// The values RVC Operational State allows.
        public static let rvcOperationalStates: Set<Int> = operationalStates.union([seekingCharger, charging, docked])

        /// The enumeration name of a value (`Running`), or `unknown`.
        public static func describe(_ value: Int) -> String {
            switch value {
            case stopped: return "Stopped"
            case running: return "Running"
            case paused: return "Paused"
            case error: return "Error"
            case seekingCharger: return "SeekingCharger"
            case charging: return "Charging"
            case docked: return "Docked"
            default: return "unknown"
            }
        }
    }

    /// The `ErrorStateID` of `OperationalError` (Matter's `ErrorStateEnum`; RVC Operational State adds 0x40…0x47).
    public enum OperationalErrorValue {
        /// No error.
        public static let noError = 0
        /// The device could not start or resume.
        public static let unableToStartOrResume = 1
        /// The device could not finish its operation.
        public static let unableToCompleteOperation = 2
        /// A command is not possible in the current state.
        public static let commandInvalidInState = 3

        /// The values Operational State allows.
        public static let operationalErrors: Set<Int> = [0, 1, 2, 3]
        /// The values RVC Operational State allows: the general ones plus FailedToFindChargingDock (0x40), Stuck,
        /// DustBinMissing, DustBinFull, WaterTankEmpty, WaterTankMissing, WaterTankLidOpen and
        /// MopCleaningPadMissing (0x47).
        public static let rvcOperationalErrors: Set<Int> = operationalErrors.union(0x40...0x47)
    }

    /// The longest `CountdownTime` Matter allows: 259 200 s (72 hours).
    public static let maxCountdownTimeSeconds = 259_200

    /// Operational State cluster (0x0060), Matter 1.3 Application Cluster Specification §1.14.
    ///
    /// - `PhaseList` and `OperationalStateList` are lists of structures, which Hearth cannot store: the phases are
    ///   fixed per device type (``DeviceType/phaseList``) and the states are the four general ones
    ///   (``OperationalStateValue/operationalStates``). `CurrentPhase` is an index into the device type's phases,
    ///   null when unknown; its default is null (Matter's, for a null `PhaseList`), and 0, the first phase, for a
    ///   device type with phases (``AttributeSchema/filled(_:cluster:deviceTypes:)``).
    /// - `OperationalError` is a structure; Hearth keeps its `ErrorStateID` (``OperationalErrorValue``), without
    ///   the label and details.
    /// - `CountdownTime` (optional in Matter) is the time left in seconds, null when there is none.
    static let operationalState: [AttributeSpec] = [
        AttributeSpec(
            .OperationalState.currentPhase,
            id: 0x0001,
            type: .uint8,
            range: 0...0xFE,
            nullValue: 0xFF,
            unit: "index into the device type's phases; null = unknown",
            defaultValue: .int(0xFF)
        ),
        AttributeSpec(
            .OperationalState.countdownTime,
            id: 0x0002,
            type: .uint32,
            range: 0...maxCountdownTimeSeconds,
            nullValue: 0xFFFF_FFFF,
            unit: "seconds left (0–259200); null = none",
            defaultValue: .int(0xFFFF_FFFF)
        ),
        AttributeSpec(
            .OperationalState.operationalState,
            id: 0x0004,
            type: .enum8,
            range: 0...3,
            unit: "OperationalStateEnum: 0 = Stopped, 1 = Running, 2 = Paused, 3 = Error",
            defaultValue: .int(OperationalStateValue.stopped)
        ),
        AttributeSpec(
            .OperationalState.operationalError,
            id: 0x0005,
            type: .enum8,
            range: 0...3,
            unit: "ErrorStateID: 0 = NoError, 1 = UnableToStartOrResume, 2 = UnableToCompleteOperation, "
                + "3 = CommandInvalidInState",
            defaultValue: .int(OperationalErrorValue.noError)
        ),
    ]

    /// RVC Operational State cluster (0x0061), Matter 1.3 Application Cluster Specification §7.4: the
    /// `OperationalState` and `OperationalError` of Operational State with the robot's extra values. A robot
    /// vacuum defaults to Docked. Phases and `CountdownTime` are not modelled for robot vacuums.
    static let rvcOperationalState: [AttributeSpec] = [
        AttributeSpec(
            .RvcOperationalState.operationalState,
            id: 0x0004,
            type: .enum8,
            range: 0...0x42,
            unit: "RvcOperationalStateEnum: 0 = Stopped, 1 = Running, 2 = Paused, 3 = Error, "
                + "0x40 = SeekingCharger, 0x41 = Charging, 0x42 = Docked",
            defaultValue: .int(OperationalStateValue.docked)
        ),
        AttributeSpec(
            .RvcOperationalState.operationalError,
            id: 0x0005,
            type: .enum8,
            range: 0...0x47,
            unit: "ErrorStateID: 0…3 as Operational State, 0x40 = FailedToFindChargingDock, 0x41 = Stuck, "
                + "0x42 = DustBinMissing, 0x43 = DustBinFull, 0x44 = WaterTankEmpty, 0x45 = WaterTankMissing, "
                + "0x46 = WaterTankLidOpen, 0x47 = MopCleaningPadMissing",
            defaultValue: .int(OperationalErrorValue.noError)
        ),
    ]
}
