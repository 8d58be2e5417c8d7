/// Why a file cannot be embedded, said the way a compiler says it (`openapi.json:12:5: error: …`), so that the build
/// log points at the place.
struct EmbedError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What kind of refusal this is.
    enum Code: Sendable, Hashable {
        /// The file is not JSON (or has a byte order mark, or a name twice in one object).
        case notJSON
        /// Two files would become the same member of `EmbeddedJSON`, or a file's name gives no member name at all.
        case nameClash
        /// The file cannot be read, or the source cannot be written.
        case io
    }

    /// What kind of refusal this is.
    var code: Code
    /// The file, as the tool was given it.
    var path: String
    /// 1-based line and column (in Unicode scalars) of the problem, when it has a place in the file.
    var line: Int?
    var column: Int?
    /// What is wrong, for people.
    var reason: String

    init(_ code: Code, path: String, line: Int? = nil, column: Int? = nil, reason: String) {
        self.code = code
        self.path = path
        self.line = line
        self.column = column
        self.reason = reason
    }

    var description: String {
        let place = [line, column].compactMap { $0.map(String.init) }.map { ":" + $0 }.joined()
        return "\(path)\(place): error: \(reason)"
    }
}
