import MicroHTTPD

/// The fields of an `application/x-www-form-urlencoded` body or a query string, decoded.
///
/// RFC 6749 §3.1: a parameter sent without a value is treated as omitted, and no parameter may be sent twice;
/// names sent twice are kept in ``duplicated`` and have no value.
struct FormFields: Sendable {
    private var values: [String: String] = [:]
    /// Names that appeared more than once.
    private(set) var duplicated: Set<String> = []

    /// Decodes `text`; `nil` for a malformed percent escape or invalid UTF-8.
    init?(_ text: String) {
        for pair in text.split(separator: "&", omittingEmptySubsequences: true) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = FormEncoding.unescape(parts[0]),
                let value = FormEncoding.unescape(parts.count > 1 ? parts[1] : "")
            else {
                return nil
            }
            if values[name] != nil || duplicated.contains(name) {
                values[name] = nil
                duplicated.insert(name)
            } else {
                values[name] = value
            }
        }
    }

    /// The value of a field sent once with a non-empty value.
    subscript(_ name: String) -> String? {
        guard let value = values[name], !value.isEmpty else { return nil }
        return value
    }

    /// Whether the field was sent (possibly empty or more than once).
    func contains(_ name: String) -> Bool {
        values[name] != nil || duplicated.contains(name)
    }
}
