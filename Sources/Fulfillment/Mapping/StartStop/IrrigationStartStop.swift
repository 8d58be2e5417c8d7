import JSON
import MatterModel
import SmartHomeProtocol

/// Google `StartStop` for an Irrigation System (Matter 1.5, 0x0040): a sprinkler controller whose zones are its Water
/// Valve endpoints. Matter 1.5's `IrrigationSystem.xml` gives the controller only optional clusters (Identify,
/// Operational State, Flow Measurement); the watering is done by the valves, so Hearth starts and stops those.
///
/// Google's StartStop page (https://developers.home.google.com/cloud-to-cloud/traits/startstop): "`availableZones`
/// ... Indicates supported zone names. Strings should be localized as set by the user"; "`isRunning` ... Indicates
/// if the device is currently in operation"; "`activeZones` ... Indicates zones in which the device is currently
/// running, from list of availableZones"; `StartStop {start, zone?, multipleZones?}`: "`zone` ... Indicates zone in
/// which to start running", "`multipleZones` ... Indicates two or more zones in which to start running. Will be set
/// instead of zone parameter". The SPRINKLER guide: "Sprinklers can start and stop (or turn on and off)".
///
/// - **Zones.** One per Water Valve endpoint, in endpoint order, named by the `name` label of its User Label (the
///   user's own), else of its Fixed Label, else `Zone N` (N counting the valves from 1). Two valves of the same name
///   are one zone (both open and close together).
/// - **SYNC** `pausable: false` (a valve cannot pause) and `availableZones`.
/// - **QUERY** `isRunning` while any valve is open; `activeZones` the zones of the open valves (left out while none
///   is).
/// - **`StartStop {start: true}`** opens the named zones' valves (`ValveConfigurationAndControl.Open {}` each, on its
///   endpoint), or every valve without a zone; a name that is no zone is `notSupported` (as for a robot's rooms);
///   when every valve asked for is already open, `alreadyStarted`.
/// - **`StartStop {start: false}`** closes the named zones' valves (`Close` each), or every open valve; when none of
///   them is open, `alreadyStopped`.
/// - **`PauseUnpause`** is `functionNotSupported`.
///
/// The trait needs the device's other endpoints, so it is reached through ``TraitMappings`` with the device's
/// endpoints; its Matter commands are described on each valve's endpoint (``ValveState/command(before:after:withDuration:)``).
enum IrrigationStartStop {
    /// One zone: its name and the index (in the device's endpoints) of each valve it opens.
    struct Zone: Equatable {
        var name: String
        var valves: [Int]
    }

    /// Whether the endpoint is an Irrigation System's controller.
    static func isController(_ endpoint: Endpoint) -> Bool {
        endpoint.primaryType == .IrrigationSystem
    }

    /// The label `name` of an endpoint's User Label, else its Fixed Label (case-insensitive), trimmed; `nil` when
    /// neither names it.
    static func labelName(of endpoint: Endpoint) -> String? {
        for cluster in [ClusterID.UserLabel, .FixedLabel] {
            for entry in endpoint.cluster(cluster)["LabelList"]?.listValue ?? [] {
                guard let fields = entry.structureValue, fields["Label"]?.stringValue?.lowercased() == "name",
                    let value = fields["Value"]?.stringValue.map(ServiceAreaZones.trimmed), !value.isEmpty
                else { continue }
                return value
            }
        }
        return nil
    }

    /// The device's zones, in endpoint order.
    static func zones(of endpoints: [Endpoint]) -> [Zone] {
        var zones: [Zone] = []
        var count = 0
        for (index, endpoint) in endpoints.enumerated() where endpoint.deviceTypes.contains(.WaterValve) {
            count += 1
            let name = labelName(of: endpoint) ?? "Zone \(count)"
            if let existing = zones.firstIndex(where: { $0.name.lowercased() == name.lowercased() }) {
                zones[existing].valves.append(index)
            } else {
                zones.append(Zone(name: name, valves: [index]))
            }
        }
        return zones
    }

    static func attributes(of endpoints: [Endpoint], into attributes: inout JSONObject) {
        attributes.append("pausable", .bool(false))
        let names = zones(of: endpoints).map(\.name)
        if !names.isEmpty { attributes.append("availableZones", .array(names.map { .string($0) })) }
    }

    static func states(of endpoints: [Endpoint], into states: inout JSONObject) {
        let active = zones(of: endpoints).filter { zone in zone.valves.contains { ValveState.isOpen(endpoints[$0]) } }
        states.append("isRunning", .bool(!active.isEmpty))
        if !active.isEmpty { states.append("activeZones", .array(active.map { .string($0.name) })) }
    }

    static func execute(
        _ command: Command,
        _ params: CommandParameters,
        on endpoints: inout [Endpoint]
    ) throws(CommandError) {
        guard command == .startStop else {
            throw CommandError(.functionNotSupported, "a sprinkler's valves cannot pause (\(command.rawValue))")
        }
        let start = try params.bool("start")
        let valves = try requestedValves(params, of: endpoints)
        if start {
            let closed = valves.filter { !ValveState.isOpen(endpoints[$0]) }
            guard !closed.isEmpty else { throw CommandError(.alreadyStarted, "those zones are already watering") }
            for index in closed { ValveState.open(&endpoints[index], duration: nil, level: nil) }
        } else {
            let open = valves.filter { ValveState.isOpen(endpoints[$0]) }
            guard !open.isEmpty else { throw CommandError(.alreadyStopped, "those zones are not watering") }
            for index in open { ValveState.close(&endpoints[index]) }
        }
    }

    /// The valves `multipleZones` (preferred) or `zone` name, or every valve when neither is given.
    static func requestedValves(_ params: CommandParameters, of endpoints: [Endpoint]) throws(CommandError) -> [Int] {
        var requested = try params.optionalStrings("multipleZones") ?? []
        if requested.isEmpty, let zone = try params.optionalString("zone") { requested = [zone] }
        let known = zones(of: endpoints)
        guard !requested.isEmpty else { return known.flatMap(\.valves) }
        var valves: [Int] = []
        for name in requested {
            guard let zone = known.first(where: { $0.name.lowercased() == name.lowercased() }) else {
                throw CommandError(.notSupported, "\"\(name)\" is not one of the sprinkler's zones")
            }
            for index in zone.valves where !valves.contains(index) { valves.append(index) }
        }
        return valves
    }
}
