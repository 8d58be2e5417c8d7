import JSON
import MatterModel
import SmartHomeProtocol

/// A robot's Service Area areas as Google `StartStop` zones.
///
/// Google's StartStop page: "`availableZones` ... Indicates supported zone names. Strings should be localized as
/// set by the user"; "`activeZones` ... Indicates zones in which the device is currently running, from list of
/// availableZones"; `StartStop` params "`zone` ... Indicates zone in which to start running" and "`multipleZones`
/// ... Indicates two or more zones in which to start running. Will be set instead of zone parameter".
///
/// Matter's Service Area (Application Clusters §1.17): `SupportedAreas` is a list of `AreaStruct {AreaID, MapID,
/// AreaInfo {LocationInfo {LocationName, FloorNumber, AreaType} | null, LandmarkInfo | null}}`, `SelectedAreas` the
/// `AreaID`s the next run covers ("If the SelectedAreas attribute is empty, the device is not constrained to
/// operate in any specific areas"), changed by `SelectAreas {NewAreas}`.
///
/// - A zone is an area's `LocationInfo.LocationName` (the user's name for the room). Areas without one (described
///   only by a landmark, "near the sofa") have no name Google could say and are not offered; two areas with the
///   same name are one zone (both selected).
/// - `activeZones`, while the robot runs or is paused, names the selected areas; with nothing selected (the
///   whole home) it is left out, since Google's zones are "from list of availableZones" and no list means all.
/// - Starting with `zone` or `multipleZones` selects those areas (names compared case-insensitively); a name that is
///   no zone is `notSupported` (Google's code for a parameter the device does not support). Starting without one
///   clears the selection: "start the vacuum" cleans everywhere, not the rooms of the last run.
enum ServiceAreaZones {
    /// One named area.
    struct Zone: Equatable {
        var name: String
        var areaID: Int
    }

    /// The named areas, in `SupportedAreas` order.
    static func zones(of endpoint: Endpoint) -> [Zone] {
        guard endpoint.has(.ServiceArea) else { return [] }
        let areas = endpoint.cluster(.ServiceArea)["SupportedAreas"]?.listValue ?? []
        return areas.compactMap { area in
            guard let fields = area.structureValue, let id = fields["AreaID"]?.intValue,
                let location = fields["AreaInfo"]?.structureValue?["LocationInfo"]?.structureValue,
                let name = location["LocationName"]?.stringValue.map(trimmed),
                !name.isEmpty
            else { return nil }
            return Zone(name: name, areaID: id)
        }
    }

    /// `text` without leading and trailing white space.
    static func trimmed(_ text: String) -> String {
        String(text.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
    }

    /// `availableZones`: each zone name once.
    static func availableZones(of endpoint: Endpoint) -> [String] {
        var names: [String] = []
        for zone in zones(of: endpoint) where !names.contains(zone.name) { names.append(zone.name) }
        return names
    }

    /// The names of the selected areas, each once; empty when nothing is selected.
    static func activeZones(of endpoint: Endpoint) -> [String] {
        let selected = Set(
            (endpoint.cluster(.ServiceArea)["SelectedAreas"]?.listValue ?? []).compactMap(\.intValue)
        )
        var names: [String] = []
        for zone in zones(of: endpoint) where selected.contains(zone.areaID) && !names.contains(zone.name) {
            names.append(zone.name)
        }
        return names
    }

    /// The `AreaID`s named by `StartStop`'s `multipleZones` (preferred) or `zone`; `[]` when neither is given.
    static func areaIDs(_ params: CommandParameters, of endpoint: Endpoint) throws(CommandError) -> [Int] {
        var requested = try params.optionalStrings("multipleZones") ?? []
        if requested.isEmpty, let zone = try params.optionalString("zone") { requested = [zone] }
        let known = zones(of: endpoint)
        var ids: [Int] = []
        for name in requested {
            let matching = known.filter { $0.name.lowercased() == name.lowercased() }
            guard !matching.isEmpty else {
                throw CommandError(.notSupported, "\"\(name)\" is not one of the robot's zones")
            }
            for zone in matching where !ids.contains(zone.areaID) { ids.append(zone.areaID) }
        }
        return ids
    }

    /// Sets `SelectedAreas` (only on an endpoint with Service Area, and only when it changes).
    static func select(_ ids: [Int], on endpoint: inout Endpoint) {
        guard endpoint.has(.ServiceArea) else { return }
        let current = (endpoint.cluster(.ServiceArea)["SelectedAreas"]?.listValue ?? []).compactMap(\.intValue)
        guard current != ids else { return }
        endpoint.clusters[.ServiceArea, default: ClusterState()]["SelectedAreas"] = .list(ids.map { .int($0) })
    }
}
