extension Device {
    /// The dotted path of the first string of the device that ``StoredText`` refuses (`name`, `nicknames[1]`,
    /// `basicInformation.serialNumber`, `endpoints[0].clusters.PowerSource.Description`), or `nil` when every string
    /// may be stored. Attribute paths name the endpoint only on composed devices, as the device file does.
    public var firstUnstorableField: String? {
        var fields: [(String, String?)] = [("id", id), ("name", name), ("room", room), ("structure", structure)]
        fields += nicknames.enumerated().map { ("nicknames[\($0.offset)]", $0.element) }
        fields += otherDeviceIds.enumerated().map { ("otherDeviceIds[\($0.offset)]", $0.element) }
        let information = basicInformation
        fields += [
            ("basicInformation.vendorName", information.vendorName),
            ("basicInformation.productName", information.productName),
            ("basicInformation.serialNumber", information.serialNumber),
            ("basicInformation.uniqueID", information.uniqueID),
            ("basicInformation.hardwareVersionString", information.hardwareVersionString),
            ("basicInformation.softwareVersionString", information.softwareVersionString),
        ]
        if case .pin(.clear(let secret)) = challenge { fields.append(("challenge.pin", secret)) }
        if case .pin(.hashed(let secret)) = challenge { fields.append(("challenge.pinHash", secret)) }
        for case (let field, let text?) in fields where !StoredText.isStorable(text) { return field }
        for (index, endpoint) in endpoints.enumerated() {
            let prefix = endpoints.count == 1 ? "" : "endpoints[\(index)]."
            for cluster in endpoint.clusters.keys.sorted() {
                guard let state = endpoint.clusters[cluster] else { continue }
                for (name, value) in state.attributes.sorted(by: { $0.key < $1.key }) {
                    guard let inner = value.firstUnstorableText else { continue }
                    return "\(prefix)clusters.\(cluster.rawValue).\(name)\(inner)"
                }
            }
        }
        return nil
    }
}

extension AttributeValue {
    /// The path inside the value (`""` for the value itself, `[2].Label` inside a list of structs) of the first
    /// string ``StoredText`` refuses, or `nil` when every string may be stored.
    var firstUnstorableText: String? {
        switch self {
        case .string(let text): return StoredText.isStorable(text) ? nil : ""
        case .list(let elements):
            for (index, element) in elements.enumerated() {
                if let inner = element.firstUnstorableText { return "[\(index)]" + inner }
            }
            return nil
        case .structure(let fields):
            for name in fields.keys.sorted() {
                if let inner = fields[name]!.firstUnstorableText { return "." + name + inner }
            }
            return nil
        case .null, .bool, .int, .unsigned, .double, .octets: return nil
        }
    }
}
