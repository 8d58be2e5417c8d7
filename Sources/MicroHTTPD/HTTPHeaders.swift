/// HTTP header fields in order; names compare case-insensitively.
public struct HTTPHeaders: Sendable, Sequence {
    private var fields: [(name: String, value: String)]

    public init(_ fields: [(String, String)] = []) {
        self.fields = fields.map { (name: $0.0, value: $0.1) }
    }

    /// The first value of a header, matched case-insensitively.
    public subscript(_ name: String) -> String? {
        for field in fields where field.name.utf8.count == name.utf8.count && field.name.lowercased() == name.lowercased() {
            return field.value
        }
        return nil
    }

    /// Appends a header field.
    public mutating func add(name: String, value: String) {
        fields.append((name: name, value: value))
    }

    public func makeIterator() -> IndexingIterator<[(name: String, value: String)]> {
        fields.makeIterator()
    }
}
