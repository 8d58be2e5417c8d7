import JSON
import MatterModel
import SmartHomeProtocol

/// Google `OccupancySensing` ⇄ Matter `OccupancySensing`.
///
/// - SYNC: `occupancySensorConfiguration` lists one `{"occupancySensorType": …}` per bit of
///   `OccupancySensorTypeBitmap`: PIR → `PIR`, ultrasonic → `ULTRASONIC`, physical contact → `PHYSICAL_CONTACT`.
///   No delays: Google requires `unoccupiedToOccupiedDelaySec` and an event threshold alongside
///   `occupiedToUnoccupiedDelaySec`, which Matter's hold time alone cannot fill.
/// - QUERY: `occupancy` is `OCCUPIED` when `Occupancy` bit 0 is set, else `UNOCCUPIED`.
/// - No commands: EXECUTE answers `functionNotSupported`.
enum OccupancySensingTrait: TraitMapping {
    static let trait = Trait.occupancySensing

    static func attributes(of endpoint: Endpoint, into attributes: inout JSONObject) {
        let bits = AttributeSchema.OccupancySensorTypeBits.self
        let bitmap = endpoint.cluster(.OccupancySensing).int(.OccupancySensing.occupancySensorTypeBitmap) ?? bits.pir
        let names = [(bits.pir, "PIR"), (bits.ultrasonic, "ULTRASONIC"), (bits.physicalContact, "PHYSICAL_CONTACT")]
        let configuration: [JSONValue] = names.compactMap { bit, name in
            bitmap & bit != 0 ? ["occupancySensorType": .string(name)] : nil
        }
        attributes.append("occupancySensorConfiguration", .array(configuration))
    }

    static func states(of endpoint: Endpoint, into states: inout JSONObject) {
        let occupied = (endpoint.cluster(.OccupancySensing).int(.OccupancySensing.occupancy) ?? 0) & 1 != 0
        states.append("occupancy", .string(occupied ? "OCCUPIED" : "UNOCCUPIED"))
    }

    static func execute(
        _ command: Command,
        _ params: CommandParameters,
        on endpoint: inout Endpoint,
        mode: ValidationMode
    ) throws(CommandError) {
        throw CommandError(.functionNotSupported, "OccupancySensing has no commands (\(command.rawValue))")
    }
}
