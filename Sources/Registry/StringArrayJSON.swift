import JSON

/// The one JSON shape the registry stores: an array of strings (`["a","b"]`), read and written with `JSON`.
///
/// The device columns `nicknames`, `deviceTypes`, `otherDeviceIds` and `clusters` hold such arrays. They stay
/// JSON so that `sqlite3` and SQLite's JSON functions can read them.
package enum StringArrayJSON {
    /// The JSON text of an array of strings.
    package static func encode(_ strings: [String]) -> String {
        String(decoding: JSONWriter.bytes(.array(strings.map(JSONValue.string))), as: UTF8.self)
    }

    /// The strings of a JSON array of strings, or `nil` when `json` is anything else.
    package static func decode(_ json: String) -> [String]? {
        guard let elements = (try? JSONParser.parse(json))?.arrayValue else { return nil }
        var strings: [String] = []
        strings.reserveCapacity(elements.count)
        for element in elements {
            guard let string = element.stringValue else { return nil }
            strings.append(string)
        }
        return strings
    }
}
