extension AttributeSchema {
    /// Bits of Occupancy Sensing's `OccupancySensorTypeBitmap`.
    public enum OccupancySensorTypeBits {
        /// Passive infrared.
        public static let pir = 1 << 0
        /// Ultrasonic.
        public static let ultrasonic = 1 << 1
        /// Physical contact.
        public static let physicalContact = 1 << 2

        /// The `OccupancySensorType` (0 PIR, 1 ultrasonic, 2 PIR and ultrasonic, 3 physical contact) a bitmap
        /// stands for: the sensing technologies PIR and ultrasonic win over physical contact.
        public static func sensorType(of bitmap: Int) -> Int {
            if bitmap & (pir | ultrasonic) == pir | ultrasonic { return 2 }
            if bitmap & pir != 0 { return 0 }
            if bitmap & ultrasonic != 0 { return 1 }
            return 3
        }

        /// The bitmap an `OccupancySensorType` stands for.
        public static func bitmap(of sensorType: Int) -> Int {
            switch sensorType {
            case 0: return pir
            case 1: return ultrasonic
            case 2: return pir | ultrasonic
            default: return physicalContact
            }
        }
    }

    /// Occupancy Sensing cluster (0x0406), Matter 1.3 Application Cluster Specification §2.7: occupancy and the
    /// sensing technologies (no hold time, no per-technology delays).
    static let occupancySensing: [AttributeSpec] = [
        AttributeSpec(
            .OccupancySensing.occupancy,
            id: 0x0000,
            type: .bitmap8,
            range: 0...1,
            unit: "OccupancyBitmap: bit 0 occupied",
            defaultValue: .int(0)
        ),
        AttributeSpec(
            .OccupancySensing.occupancySensorType,
            id: 0x0001,
            type: .enum8,
            range: 0...3,
            unit: "OccupancySensorTypeEnum: 0 PIR, 1 ultrasonic, 2 PIR and ultrasonic, 3 physical contact",
            defaultValue: .int(0)
        ),
        AttributeSpec(
            .OccupancySensing.occupancySensorTypeBitmap,
            id: 0x0002,
            type: .bitmap8,
            range: 1...7,
            unit: "OccupancySensorTypeBitmap: bit 0 PIR, 1 ultrasonic, 2 physical contact",
            defaultValue: .int(OccupancySensorTypeBits.pir)
        ),
    ]

    /// An omitted `OccupancySensorTypeBitmap` follows a given `OccupancySensorType`, and an omitted
    /// `OccupancySensorType` a given bitmap.
    static func fillOccupancySensing(_ state: inout ClusterState, given: ClusterState) {
        if given[.OccupancySensing.occupancySensorTypeBitmap] == nil,
            let type = given.int(.OccupancySensing.occupancySensorType)
        {
            state[.OccupancySensing.occupancySensorTypeBitmap] = .int(OccupancySensorTypeBits.bitmap(of: type))
        }
        if given[.OccupancySensing.occupancySensorType] == nil,
            let bitmap = given.int(.OccupancySensing.occupancySensorTypeBitmap)
        {
            state[.OccupancySensing.occupancySensorType] = .int(OccupancySensorTypeBits.sensorType(of: bitmap))
        }
    }

    /// Occupancy Sensing rule: `OccupancySensorType` is the type `OccupancySensorTypeBitmap` stands for
    /// (``OccupancySensorTypeBits/sensorType(of:)``).
    static func occupancySensingViolation(_ state: ClusterState) -> AttributeViolation? {
        let type = state.int(.OccupancySensing.occupancySensorType)!
        let bitmap = state.int(.OccupancySensing.occupancySensorTypeBitmap)!
        let expected = OccupancySensorTypeBits.sensorType(of: bitmap)
        guard type != expected else { return nil }
        return AttributeViolation(
            attribute: .OccupancySensing.occupancySensorType,
            reason: "\(type) disagrees with OccupancySensorTypeBitmap \(bitmap), which stands for type \(expected)"
        )
    }
}
