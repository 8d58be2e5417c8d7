extension AttributeSchema {
    /// The values of Power Source's `Status` (Matter's `PowerSourceStatusEnum`).
    public enum PowerSourceStatus {
        /// The source's status is not specified.
        public static let unspecified = 0
        /// The source is supplying power.
        public static let active = 1
        /// The source could supply power but does not now.
        public static let standby = 2
        /// The source cannot supply power.
        public static let unavailable = 3
    }

    /// The values of Power Source's `BatChargeLevel` (Matter's `BatChargeLevelEnum`): the device's own judgement
    /// of its charge.
    public enum BatChargeLevel {
        /// Charge is sufficient.
        public static let ok = 0
        /// Charge is low enough to warn about.
        public static let warning = 1
        /// Charge is critically low.
        public static let critical = 2
    }

    /// The values of Power Source's `BatChargeState` (Matter's `BatChargeStateEnum`).
    public enum BatChargeState {
        /// The charge state is not known.
        public static let unknown = 0
        /// The battery is charging.
        public static let isCharging = 1
        /// The battery is full and still connected to its charger.
        public static let isAtFullCharge = 2
        /// The battery is not charging.
        public static let isNotCharging = 3
    }

    /// The values of Power Source's `BatReplaceability` (Matter's `BatReplaceabilityEnum`).
    public enum BatReplaceability {
        /// Not specified.
        public static let unspecified = 0
        /// The battery cannot be replaced.
        public static let notReplaceable = 1
        /// The user replaces the battery (AA cells, a CR2032).
        public static let userReplaceable = 2
        /// The factory or a service replaces the battery.
        public static let factoryReplaceable = 3
    }

    /// The longest `Description` Matter allows (Power Source, constraint "max 60").
    public static let powerSourceDescriptionMaxLength = 60

    /// Power Source cluster (0x002F), Matter 1.3 Core Specification §11.7, with the Battery (BAT) and Rechargeable
    /// (RECHG) features: the attributes those features make mandatory, plus the optional `BatPercentRemaining`
    /// that Google's `capacityRemaining` needs. Not modelled: `EndpointList` (a list; Hearth's Power Source is the
    /// endpoint's own), the wired feature, voltages and times remaining, and the replaceable feature's
    /// `BatReplacementDescription`/`BatQuantity`.
    ///
    /// `BatPercentRemaining` is in half percent (0…200) and null when unknown, its default.
    static let powerSource: [AttributeSpec] = [
        AttributeSpec(
            .PowerSource.status,
            id: 0x0000,
            type: .enum8,
            range: 0...3,
            unit: "PowerSourceStatusEnum: 0 = unspecified, 1 = active, 2 = standby, 3 = unavailable",
            defaultValue: .int(PowerSourceStatus.active)
        ),
        AttributeSpec(
            .PowerSource.order,
            id: 0x0001,
            type: .uint8,
            unit: "priority among the node's power sources (0 = highest)",
            defaultValue: .int(0)
        ),
        AttributeSpec(
            .PowerSource.description,
            id: 0x0002,
            type: .string,
            unit: "text, at most 60 characters",
            defaultValue: .string("Battery")
        ),
        AttributeSpec(
            .PowerSource.batPercentRemaining,
            id: 0x000C,
            type: .uint8,
            range: 0...200,
            nullValue: 0xFF,
            unit: "half percent (0–200 = 0–100 %); null = unknown",
            defaultValue: .int(0xFF)
        ),
        AttributeSpec(
            .PowerSource.batChargeLevel,
            id: 0x000E,
            type: .enum8,
            range: 0...2,
            unit: "BatChargeLevelEnum: 0 = OK, 1 = warning, 2 = critical",
            defaultValue: .int(BatChargeLevel.ok)
        ),
        AttributeSpec(
            .PowerSource.batReplacementNeeded,
            id: 0x000F,
            type: .bool,
            unit: "flag",
            defaultValue: .bool(false)
        ),
        AttributeSpec(
            .PowerSource.batReplaceability,
            id: 0x0010,
            type: .enum8,
            range: 0...3,
            unit: "BatReplaceabilityEnum: 0 = unspecified, 1 = not replaceable, 2 = user, 3 = factory",
            defaultValue: .int(BatReplaceability.unspecified)
        ),
        AttributeSpec(
            .PowerSource.batChargeState,
            id: 0x001A,
            type: .enum8,
            range: 0...3,
            unit: "BatChargeStateEnum: 0 = unknown, 1 = charging, 2 = at full charge, 3 = not charging",
            defaultValue: .int(BatChargeState.unknown)
        ),
        AttributeSpec(
            .PowerSource.batFunctionalWhileCharging,
            id: 0x001C,
            type: .bool,
            unit: "flag",
            defaultValue: .bool(true)
        ),
    ]
}
