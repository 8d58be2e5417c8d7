import JSON
import MatterModel
import SmartHomeProtocol

/// `SensorState` `FilterLifeTime` (and `HEPAFilterLifeTime`) from the Resource Monitoring clusters: HEPA Filter
/// Monitoring (0x0071) and Activated Carbon Filter Monitoring (0x0072), on any endpoint that has one (the device
/// file accepts them where Matter's device library lists them: an Air Purifier, an Extractor Hood; not a Fan,
/// nor Hearth's Room Air Conditioner).
///
/// - `FilterLifeTime`: descriptive from `ChangeIndication` and numeric (`PERCENTAGE`) from `Condition` and
///   `DegradationDirection` (``FilterLifeConversion``). The numeric capability is declared only when a monitor
///   reports `Condition` (Matter's CON feature); without it the sensor is descriptive only.
/// - **Two filters, one sensor.** Google's table has one `FilterLifeTime` for a device, so with both monitors it
///   speaks for the filter that needs attention first: the most severe `ChangeIndication` (Critical over Warning
///   over OK) and the least life left. A user asking "does the filter need replacing?" then hears yes when either
///   does. Google's table also has `HEPAFilterLifeTime` ("numeric only", `PERCENTAGE`), so when both monitors are
///   present and the HEPA one reports `Condition`, the HEPA filter's own percentage follows as that sensor.
///   (The carbon filter has no name of its own in Google's table.)
/// - `FilterCleanliness` (`clean`, `dirty`, `needs replacement`) would say the same as the descriptive
///   `FilterLifeTime` from the same `ChangeIndication`; Hearth does not report the filter twice.
/// - A `ChangeIndication` outside Matter's enum reads `unknown`, which Google's page says "is implicitly supported
///   when the sensor does not return a value".
enum FilterMonitorSensor: SensorStateSource {
    static let filterLifeTime = "FilterLifeTime"
    static let hepaFilterLifeTime = "HEPAFilterLifeTime"

    /// The monitors Hearth reads, HEPA first.
    static let monitors: [ClusterID] = [.HepaFilterMonitoring, .ActivatedCarbonFilterMonitoring]

    /// What one monitor reports.
    struct Reading: Equatable {
        /// `nil` when `ChangeIndication` is not one of Matter's values.
        var indication: FilterLifeConversion.ChangeIndication?
        /// `nil` when the monitor has no `Condition` (no CON feature) or it is not a number.
        var remainingPercent: Int?
    }

    /// One monitor's reading; an absent `ChangeIndication` is its Matter default, 0 OK.
    static func reading(_ monitor: ClusterState) -> Reading {
        let remaining = monitor.int("Condition").map { condition in
            FilterLifeConversion.remainingPercent(
                condition: condition,
                degradationDirection: monitor.int("DegradationDirection") ?? FilterLifeConversion.degradationDown
            )
        }
        let indication: FilterLifeConversion.ChangeIndication? =
            monitor["ChangeIndication"] == nil
            ? .ok : FilterLifeConversion.changeIndication(monitor.int("ChangeIndication"))
        return Reading(indication: indication, remainingPercent: remaining)
    }

    /// The readings of the monitors on the endpoint, HEPA first.
    static func readings(of endpoint: Endpoint) -> [(ClusterID, Reading)] {
        monitors.compactMap { id in endpoint.clusters[id].map { (id, reading($0)) } }
    }

    /// The reading `FilterLifeTime` speaks for: the most severe known indication and the least life left.
    static func combined(_ readings: [Reading]) -> Reading {
        Reading(
            indication: readings.compactMap(\.indication).max(),
            remainingPercent: readings.compactMap(\.remainingPercent).min()
        )
    }

    /// The HEPA monitor's reading when it gets its own `HEPAFilterLifeTime`: both monitors present, and the HEPA
    /// one reports `Condition`.
    static func separateHEPA(_ readings: [(ClusterID, Reading)]) -> Reading? {
        guard readings.count > 1, let hepa = readings.first(where: { $0.0 == .HepaFilterMonitoring })?.1,
            hepa.remainingPercent != nil
        else { return nil }
        return hepa
    }

    static func capabilities(of endpoint: Endpoint) -> [JSONValue] {
        let readings = readings(of: endpoint)
        guard !readings.isEmpty else { return [] }
        var filter = JSONObject()
        filter.append("name", .string(filterLifeTime))
        filter.append(
            "descriptiveCapabilities",
            ["availableStates": .array(FilterLifeConversion.availableStates.map { .string($0) })]
        )
        if readings.contains(where: { $0.1.remainingPercent != nil }) {
            filter.append("numericCapabilities", ["rawValueUnit": "PERCENTAGE"])
        }
        var sensors: [JSONValue] = [.object(filter)]
        if separateHEPA(readings) != nil {
            sensors.append(["name": .string(hepaFilterLifeTime), "numericCapabilities": ["rawValueUnit": "PERCENTAGE"]])
        }
        return sensors
    }

    static func currentStates(of endpoint: Endpoint) -> [JSONValue] {
        let readings = readings(of: endpoint)
        guard !readings.isEmpty else { return [] }
        let worst = combined(readings.map(\.1))
        var filter = JSONObject()
        filter.append("name", .string(filterLifeTime))
        filter.append(
            "currentSensorState",
            .string(
                worst.indication.map {
                    FilterLifeConversion.descriptiveState($0, remainingPercent: worst.remainingPercent)
                } ?? "unknown"
            )
        )
        if let percent = worst.remainingPercent { filter.append("rawValue", .int(percent)) }
        var states: [JSONValue] = [.object(filter)]
        if let hepa = separateHEPA(readings), let percent = hepa.remainingPercent {
            states.append(["name": .string(hepaFilterLifeTime), "rawValue": .int(percent)])
        }
        return states
    }
}
