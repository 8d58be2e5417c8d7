extension AttributeSchema {
    /// The values of Door Lock's `LockState` (Matter's `LockStateEnum`); null (255) when unknown.
    public enum LockState {
        /// The bolt is neither fully locked nor unlocked: Hearth reports it as jammed.
        public static let notFullyLocked = 0
        /// Locked.
        public static let locked = 1
        /// Unlocked.
        public static let unlocked = 2
        /// Unlocked and the latch pulled back.
        public static let unlatched = 3
        /// Null: the state is unknown.
        public static let null = 0xFF
    }

    /// The values of Door Lock's `OperatingMode` (Matter's `OperatingModeEnum`), which are also the bit numbers of
    /// `SupportedOperatingModes` (where a **clear** bit means supported).
    public enum OperatingMode {
        /// Normal.
        public static let normal = 0
        /// Vacation.
        public static let vacation = 1
        /// Privacy.
        public static let privacy = 2
        /// No remote lock/unlock: remote commands fail with `remoteSetDisabled`.
        public static let noRemoteLockUnlock = 3
        /// Passage.
        public static let passage = 4
    }

    /// Door Lock cluster (0x0101), Matter 1.3 Application Cluster Specification §5.2: the mandatory attributes
    /// without user, credential, schedule or door position features.
    ///
    /// Matter leaves `LockState`'s default to the manufacturer; Hearth's is null (unknown), so a lock is never
    /// reported locked unless the device file says so.
    static let doorLock: [AttributeSpec] = [
        AttributeSpec(
            .DoorLock.lockState,
            id: 0x0000,
            type: .enum8,
            range: 0...3,
            nullValue: 0xFF,
            unit: "LockStateEnum: 0 not fully locked, 1 locked, 2 unlocked, 3 unlatched; null = unknown",
            defaultValue: .int(LockState.null)
        ),
        AttributeSpec(
            .DoorLock.lockType,
            id: 0x0001,
            type: .enum8,
            range: 0...11,
            unit: "LockTypeEnum: 0 dead bolt, 1 magnetic, 2 other, 3 mortise, 4 rim, 5 latch bolt, 6 cylindrical, "
                + "7 tubular, 8 interconnected, 9 dead latch, 10 door furniture, 11 eurocylinder",
            defaultValue: .int(0)
        ),
        AttributeSpec(
            .DoorLock.actuatorEnabled,
            id: 0x0002,
            type: .bool,
            unit: "the actuator can be driven remotely (true) / is disabled (false)",
            defaultValue: .bool(true)
        ),
        AttributeSpec(
            .DoorLock.autoRelockTime,
            id: 0x0023,
            type: .uint32,
            unit: "seconds before relocking after an unlock (0 = off)",
            defaultValue: .int(0)
        ),
        AttributeSpec(
            .DoorLock.operatingMode,
            id: 0x0025,
            type: .enum8,
            range: 0...4,
            unit: "OperatingModeEnum: 0 normal, 1 vacation, 2 privacy, 3 no remote lock/unlock, 4 passage",
            defaultValue: .int(OperatingMode.normal)
        ),
        AttributeSpec(
            .DoorLock.supportedOperatingModes,
            id: 0x0026,
            type: .bitmap16,
            unit: "OperatingModesBitmap, inverted: a clear bit n means OperatingMode n is supported",
            defaultValue: .int(0xFFF6)
        ),
    ]

    /// Door Lock rules: `SupportedOperatingModes` supports normal and no-remote-lock/unlock (bits 0 and 3 clear,
    /// which Matter makes mandatory), and `OperatingMode` is a supported mode (its bit clear).
    static func doorLockViolation(_ state: ClusterState) -> AttributeViolation? {
        let supported = state.int(.DoorLock.supportedOperatingModes)!
        for mandatory in [OperatingMode.normal, OperatingMode.noRemoteLockUnlock]
        where supported & (1 << mandatory) != 0 {
            return AttributeViolation(
                attribute: .DoorLock.supportedOperatingModes,
                reason: "\(supported) has bit \(mandatory) set, but Matter requires OperatingMode \(mandatory) to be "
                    + "supported (a clear bit means supported)"
            )
        }
        let mode = state.int(.DoorLock.operatingMode)!
        if supported & (1 << mode) != 0 {
            return AttributeViolation(
                attribute: .DoorLock.operatingMode,
                reason: "\(mode) is not supported: SupportedOperatingModes (\(supported)) has bit \(mode) set"
            )
        }
        return nil
    }
}
