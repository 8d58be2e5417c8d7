import Foundation
import HearthLogging
import JSON

/// One log line as Hearth's `LineLogHandler` writes it, read back into its fields (`message`, `http.status`, …).
public struct LogLine {
    /// Every field by key; in the text format the timestamp's too.
    public var fields: [String: String]
    /// The line as written.
    public var raw: String

    /// Reads `raw`, written in `format`.
    ///
    /// - Throws: ``TestFailure`` when it is not a line of that format.
    public init(_ raw: String, format: LogFormat) throws {
        self.raw = raw
        switch format {
        case .json:
            guard let object = (try? JSONParser.parse(Array(raw.utf8)))?.objectValue else {
                throw TestFailure("not a JSON object: \(raw)")
            }
            fields = [:]
            for (key, value) in object { fields[key] = value.stringValue }
        case .text:
            fields = [:]
            guard let start = raw.range(of: " : ") else { throw TestFailure("not a text log line: \(raw)") }
            let end = raw.range(of: " [", options: .backwards)?.lowerBound ?? raw.endIndex
            for pair in raw[start.upperBound..<end].split(separator: " ") {
                guard let equals = pair.firstIndex(of: "=") else { continue }
                fields[String(pair[..<equals])] = String(pair[pair.index(after: equals)...])
            }
            fields["timestamp"] = String(raw.prefix { $0 != " " })
        }
    }

    /// The field `key`, if the line has it.
    public subscript(_ key: String) -> String? { fields[key] }
}
