import JSON

/// A device as QUERY and EXECUTE name it: its id and the `customData` SYNC gave it.
public struct DeviceReference: Sendable, Hashable {
    public var id: String
    public var customData: JSONObject?

    public init(id: String, customData: JSONObject? = nil) {
        self.id = id
        self.customData = customData
    }

    static func parseList(_ value: JSONValue?, field: String) throws(PayloadError) -> [DeviceReference] {
        guard let list = value?.arrayValue else { throw PayloadError(reason: "\(field) is missing or not an array") }
        var references: [DeviceReference] = []
        references.reserveCapacity(list.count)
        for (index, element) in list.enumerated() {
            guard let id = element["id"]?.stringValue else {
                throw PayloadError(reason: "\(field)[\(index)].id is missing or not a string")
            }
            references.append(DeviceReference(id: id, customData: element["customData"]?.objectValue))
        }
        return references
    }
}
