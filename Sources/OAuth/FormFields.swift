import HTTPMessages

/// The fields of an `application/x-www-form-urlencoded` body or a query string, decoded by ``FormEncoding``, read
/// as RFC 6749 reads them.
///
/// RFC 6749 §3.1: a parameter sent without a value is treated as omitted, and no parameter may be sent twice;
/// names sent twice are kept in ``duplicated`` and have no value.
struct FormFields: Sendable {
    private var values: [String: String] = [:]
    /// Names that appeared more than once.
    private(set) var duplicated: Set<String> = []

    /// Decodes `text`; `nil` for a malformed percent escape or invalid UTF-8.
    init?(_ text: Substring) {
        guard let fields = FormEncoding.decode(text) else {
            return nil
        }
        for (name, value) in fields {
            if values[name] != nil || duplicated.contains(name) {
                values[name] = nil
                duplicated.insert(name)
            } else {
                values[name] = value
            }
        }
    }

    /// Decodes `text`; `nil` for a malformed percent escape or invalid UTF-8.
    init?(_ text: String) {
        self.init(text[...])
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
