extension MatterValueType {
    /// `FeatureMap` (Matter Core §7.13, global attribute 0xFFFC): a `bitmap32` whose bits are the cluster's features.
    static func featureMap(of cluster: MatterClusterDefinition) -> MatterValueType {
        let mask = cluster.features.reduce(UInt64(0)) { $0 | (1 << UInt64($1.bit)) }
        return MatterValueType(name: "FeatureMap", kind: .bitmap(name: "FeatureMap", bits: 32, mask: mask))
    }

    /// The value the data model's default column gives, when Hearth can read it for this type: `null` for a
    /// nullable type, `empty` for a list or a string (empty), `true`/`false`, or a number an integer, enum or bitmap
    /// allows. `nil` for anything else (`MS`, manufacturer-specific; `desc`, described in prose; none given).
    func specificationDefault(_ text: String?) -> AttributeValue? {
        guard let text else { return nil }
        if text == "null" { return nullable ? .null : nil }
        let value: AttributeValue
        switch kind {
        case .list:
            guard text == "empty" else { return nil }
            value = .list([])
        case .string:
            guard text == "empty" else { return nil }
            value = .string("")
        case .octets:
            guard text == "empty" else { return nil }
            value = .octets([])
        case .bool:
            guard text == "true" || text == "false" else { return nil }
            value = .bool(text == "true")
        case .integer, .enumeration, .bitmap:
            let number: Int?
            if text.hasPrefix("0x") || text.hasPrefix("0X") {
                number = Int(text.dropFirst(2), radix: 16)
            } else {
                number = Int(text)
            }
            guard let number else { return nil }
            value = .int(number)
        case .single, .double:
            guard let number = Double(text), number.isFinite else { return nil }
            value = .double(number)
        case .structure:
            return nil
        }
        return validate(value) == nil ? value : nil
    }
}
