extension AttributeSchema {
    /// The values of Window Covering's `Type` (Matter's `TypeEnum`).
    public enum WindowCoveringType {
        /// Rollershade.
        public static let rollershade = 0
        /// Rollershade with two motors.
        public static let rollershadeTwoMotor = 1
        /// Exterior rollershade.
        public static let rollershadeExterior = 2
        /// Exterior rollershade with two motors.
        public static let rollershadeExteriorTwoMotor = 3
        /// Drapery (curtains).
        public static let drapery = 4
        /// Awning.
        public static let awning = 5
        /// Shutter.
        public static let shutter = 6
        /// Tilt blind, tilt only: its slats turn (Google Rotation) and it has no lift (no OpenClose).
        public static let tiltBlindTiltOnly = 7
        /// Tilt blind with lift and tilt.
        public static let tiltBlindLiftAndTilt = 8
        /// Projector screen.
        public static let projectorScreen = 9
        /// Unknown.
        public static let unknown = 0xFF
    }

    /// The two-bit fields of Window Covering's `OperationalStatus` (Matter's `OperationalStatusBitmap`, each field a
    /// `MovementStatusEnum`): global in bits 0–1, lift in bits 2–3, tilt in bits 4–5.
    public enum MovementStatus {
        /// Not moving.
        public static let stopped = 0
        /// Moving towards open (the position in hundredths decreases).
        public static let opening = 1
        /// Moving towards closed (the position in hundredths increases).
        public static let closing = 2

        /// The lift field of an `OperationalStatus`.
        public static func lift(of operationalStatus: Int) -> Int { (operationalStatus >> 2) & 0b11 }

        /// The global field of an `OperationalStatus`.
        public static func global(of operationalStatus: Int) -> Int { operationalStatus & 0b11 }

        /// The tilt field of an `OperationalStatus`.
        public static func tilt(of operationalStatus: Int) -> Int { (operationalStatus >> 4) & 0b11 }

        /// The `OperationalStatus` of a lift-only covering whose lift moves as `movement` (global = lift).
        public static func operationalStatus(lift movement: Int) -> Int { movement | movement << 2 }

        static func describe(_ value: Int) -> String {
            switch value {
            case stopped: return "stopped"
            case opening: return "opening"
            case closing: return "closing"
            default: return "reserved"
            }
        }
    }

    /// Bits of Window Covering's `ConfigStatus` (Matter's `ConfigStatusBitmap`) and `Mode` (`ModeBitmap`) that
    /// Hearth acts on.
    public enum WindowCoveringFlags {
        /// `ConfigStatus` bit 0: the covering is operational; when clear, commands fail with `deviceNotReady`.
        public static let operational = 1 << 0
        /// `ConfigStatus` bit 3: the lift knows its position.
        public static let liftPositionAware = 1 << 3
        /// `Mode` bit 1: calibration mode; commands fail with `deviceNotReady`.
        public static let calibrationMode = 1 << 1
        /// `Mode` bit 2: maintenance mode; commands fail with `deviceNotReady`.
        public static let maintenanceMode = 1 << 2
    }

    /// Window Covering cluster (0x0102), Matter 1.3 Application Cluster Specification §5.3, with the Lift, Tilt
    /// and Position Aware features (no absolute positions): the mandatory `Type`, `ConfigStatus`,
    /// `OperationalStatus`, `EndProductType` and `Mode`, and the lift and tilt positions in hundredths of a percent,
    /// where **0 is fully open and 10000 fully closed**. The tilt positions are null on a covering that does not
    /// tilt (their default), so a lift-only covering stores them as null.
    ///
    /// Where Matter's default is null or manufacturer specific, Hearth picks a usable one: `ConfigStatus` 9
    /// (operational, lift position aware), `CurrentPositionLiftPercent100ths` 0 (fully open), and an omitted
    /// `TargetPositionLiftPercent100ths` follows the current position (the covering is at rest).
    static let windowCovering: [AttributeSpec] = [
        AttributeSpec(
            .WindowCovering.type,
            id: 0x0000,
            type: .enum8,
            range: 0...0xFF,
            unit: "TypeEnum: 0 rollershade, 1 two-motor rollershade, 2 exterior rollershade, 3 two-motor exterior "
                + "rollershade, 4 drapery, 5 awning, 6 shutter, 7 tilt-only blind, 8 lift-and-tilt blind, "
                + "9 projector screen, 255 unknown",
            defaultValue: .int(WindowCoveringType.rollershade)
        ),
        AttributeSpec(
            .WindowCovering.configStatus,
            id: 0x0007,
            type: .bitmap8,
            range: 0...0x7F,
            unit: "ConfigStatusBitmap: bit 0 operational, 1 online (reserved), 2 lift reversed, 3 lift position "
                + "aware, 4 tilt position aware, 5 lift encoder, 6 tilt encoder",
            defaultValue: .int(WindowCoveringFlags.operational | WindowCoveringFlags.liftPositionAware)
        ),
        AttributeSpec(
            .WindowCovering.operationalStatus,
            id: 0x000A,
            type: .bitmap8,
            range: 0...0x3F,
            unit: "OperationalStatusBitmap: bits 0–1 global, 2–3 lift, 4–5 tilt; each 0 stopped, 1 opening, "
                + "2 closing",
            defaultValue: .int(0)
        ),
        AttributeSpec(
            .WindowCovering.targetPositionLiftPercent100ths,
            id: 0x000B,
            type: .uint16,
            range: 0...10000,
            nullValue: 0xFFFF,
            unit: "1/100 % closed (0 fully open, 10000 fully closed); null = no target",
            defaultValue: .int(0xFFFF)
        ),
        AttributeSpec(
            .WindowCovering.targetPositionTiltPercent100ths,
            id: 0x000C,
            type: .uint16,
            range: 0...10000,
            nullValue: 0xFFFF,
            unit: "1/100 % closed (0 fully open, 10000 fully closed); null = no target or no tilt",
            defaultValue: .int(0xFFFF)
        ),
        AttributeSpec(
            .WindowCovering.endProductType,
            id: 0x000D,
            type: .enum8,
            range: 0...0xFF,
            unit: "EndProductTypeEnum: 0…23, 255 unknown",
            defaultValue: .int(0)
        ),
        AttributeSpec(
            .WindowCovering.currentPositionLiftPercent100ths,
            id: 0x000E,
            type: .uint16,
            range: 0...10000,
            nullValue: 0xFFFF,
            unit: "1/100 % closed (0 fully open, 10000 fully closed); null = unknown",
            defaultValue: .int(0)
        ),
        AttributeSpec(
            .WindowCovering.currentPositionTiltPercent100ths,
            id: 0x000F,
            type: .uint16,
            range: 0...10000,
            nullValue: 0xFFFF,
            unit: "1/100 % closed (0 fully open, 10000 fully closed); null = unknown or no tilt",
            defaultValue: .int(0xFFFF)
        ),
        AttributeSpec(
            .WindowCovering.mode,
            id: 0x0017,
            type: .bitmap8,
            range: 0...0x0F,
            unit: "ModeBitmap: bit 0 motor reversed, 1 calibration, 2 maintenance, 3 LED feedback",
            defaultValue: .int(0)
        ),
    ]

    /// An omitted `TargetPositionLiftPercent100ths` follows `CurrentPositionLiftPercent100ths`, and an omitted
    /// `TargetPositionTiltPercent100ths` follows `CurrentPositionTiltPercent100ths`.
    static func fillWindowCovering(_ state: inout ClusterState, given: ClusterState) {
        let pairs: [(target: Attribute, current: Attribute)] = [
            (.WindowCovering.targetPositionLiftPercent100ths, .WindowCovering.currentPositionLiftPercent100ths),
            (.WindowCovering.targetPositionTiltPercent100ths, .WindowCovering.currentPositionTiltPercent100ths),
        ]
        for (target, current) in pairs where given[target] == nil {
            if let value = state[current] { state[target] = value }
        }
    }

    /// Window Covering rules:
    /// - `Type` is one of Matter's (0…9, 255); `EndProductType` is one of Matter's (0…23, 255).
    /// - `OperationalStatus`: no field is 3 (reserved); the tilt field is stopped (Hearth turns the slats at once,
    ///   so a stored tilt is never in motion); the global field equals the lift field.
    /// - `TargetPositionTiltPercent100ths` is null or equals `CurrentPositionTiltPercent100ths` (the tilt is at
    ///   rest).
    /// - When the lift is stopped, `TargetPositionLiftPercent100ths` is null or equals the current position
    ///   (Matter's StopMotion sets the target to the current position). When it moves, the target is set and lies
    ///   in the direction of travel from a known current position: below it when opening, above it when closing.
    static func windowCoveringViolation(_ state: ClusterState) -> AttributeViolation? {
        let type = state.int(.WindowCovering.type)!
        if type > WindowCoveringType.projectorScreen, type != WindowCoveringType.unknown {
            return AttributeViolation(attribute: .WindowCovering.type, reason: "\(type) is reserved (known: 0…9, 255)")
        }
        let endProduct = state.int(.WindowCovering.endProductType)!
        if endProduct > 23, endProduct != 0xFF {
            return AttributeViolation(
                attribute: .WindowCovering.endProductType,
                reason: "\(endProduct) is reserved (known: 0…23, 255)"
            )
        }

        let status = state.int(.WindowCovering.operationalStatus)!
        let lift = MovementStatus.lift(of: status)
        for (field, value) in [
            ("global", MovementStatus.global(of: status)), ("lift", lift), ("tilt", MovementStatus.tilt(of: status)),
        ] where value == 3 {
            return AttributeViolation(
                attribute: .WindowCovering.operationalStatus,
                reason: "\(status) has the reserved value 3 in its \(field) field"
            )
        }
        if MovementStatus.tilt(of: status) != MovementStatus.stopped {
            return AttributeViolation(
                attribute: .WindowCovering.operationalStatus,
                reason: "\(status) moves the tilt (bits 4–5): Hearth turns the slats at once, so the tilt is at rest"
            )
        }
        if let violation = tiltViolation(state) { return violation }
        if MovementStatus.global(of: status) != lift {
            return AttributeViolation(
                attribute: .WindowCovering.operationalStatus,
                reason: "\(status): the global field (\(MovementStatus.describe(MovementStatus.global(of: status)))) "
                    + "must equal the lift field (\(MovementStatus.describe(lift)))"
            )
        }

        let targetName = Attribute.WindowCovering.targetPositionLiftPercent100ths
        let currentName = Attribute.WindowCovering.currentPositionLiftPercent100ths
        let targetValue = state[targetName]!
        let currentValue = state[currentName]!
        let target = spec(targetName)!.isNull(targetValue) ? nil : targetValue.intValue
        let current = spec(currentName)!.isNull(currentValue) ? nil : currentValue.intValue
        switch lift {
        case MovementStatus.stopped:
            if let target, target != current {
                return AttributeViolation(
                    attribute: targetName,
                    reason: "\(target) differs from \(currentName) (\(current.map(String.init) ?? "null")) while the "
                        + "lift is stopped (OperationalStatus \(status))"
                )
            }
        default:
            guard let target else {
                return AttributeViolation(
                    attribute: targetName,
                    reason: "null while the lift is \(MovementStatus.describe(lift)) (OperationalStatus \(status))"
                )
            }
            if let current {
                let opening = lift == MovementStatus.opening
                if opening ? target >= current : target <= current {
                    return AttributeViolation(
                        attribute: targetName,
                        reason: "\(target) must be \(opening ? "below" : "above") \(currentName) (\(current)) while "
                            + "the lift is \(MovementStatus.describe(lift)) (0 is fully open)"
                    )
                }
            }
        }
        return nil
    }

    /// The tilt at rest: `TargetPositionTiltPercent100ths` null or equal to `CurrentPositionTiltPercent100ths`.
    static func tiltViolation(_ state: ClusterState) -> AttributeViolation? {
        let targetName = Attribute.WindowCovering.targetPositionTiltPercent100ths
        let currentName = Attribute.WindowCovering.currentPositionTiltPercent100ths
        guard let targetValue = state[targetName], let targetSpec = spec(targetName), !targetSpec.isNull(targetValue)
        else { return nil }
        let currentValue = state[currentName] ?? .int(0xFFFF)
        if targetValue != currentValue {
            let current = spec(currentName)?.isNull(currentValue) == false ? currentValue.intValue : nil
            return AttributeViolation(
                attribute: targetName,
                reason: "\(targetValue.intValue ?? 0) differs from \(currentName) "
                    + "(\(current.map(String.init) ?? "null")) while the tilt is at rest"
            )
        }
        return nil
    }
}
