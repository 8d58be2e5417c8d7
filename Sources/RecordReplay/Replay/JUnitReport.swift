/// A JUnit XML report of a replay, the format CI servers read (one `<testsuite>`, one `<testcase>` per file, a
/// `<failure>` with the differences, an `<error>` when there was no answer, `<skipped/>` for a file that is not an
/// intent).
public enum JUnitReport {
    /// The report as XML text.
    public static func xml(_ results: [ReplayResult], suite: String = "hearth replay") -> String {
        var failures = 0
        var errors = 0
        var skipped = 0
        var cases = ""
        for result in results {
            cases += "    <testcase classname=\"\(escape(suite))\" name=\"\(escape(result.name))\""
            cases += " time=\"\(seconds(result.seconds))\""
            switch result.outcome {
            case .passed:
                cases += "/>\n"
            case .failed(let differences):
                failures += 1
                let message = differences.count == 1 ? "1 difference" : "\(differences.count) differences"
                cases += ">\n      <failure message=\"\(message)\" type=\"mismatch\">"
                cases += escape(differences.map(\.description).joined(separator: "\n"))
                cases += "</failure>\n    </testcase>\n"
            case .skipped(let reason):
                skipped += 1
                cases += ">\n      <skipped message=\"\(escape(reason))\"/>\n    </testcase>\n"
            case .error(let message):
                errors += 1
                cases += ">\n      <error message=\"\(escape(message))\" type=\"unreachable\"/>\n    </testcase>\n"
            }
        }
        let total = results.reduce(0) { $0 + $1.seconds }
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <testsuites tests="\(results.count)" failures="\(failures)" errors="\(errors)" skipped="\(skipped)">
              <testsuite name="\(escape(suite))" tests="\(results.count)" failures="\(failures)" \
            errors="\(errors)" skipped="\(skipped)" time="\(seconds(total))">

            """ + cases + "  </testsuite>\n</testsuites>\n"
    }

    private static func seconds(_ value: Double) -> String {
        let milliseconds = Int((value * 1000).rounded())
        let fraction = String(milliseconds % 1000)
        return "\(milliseconds / 1000).\(String(repeating: "0", count: 3 - fraction.count))\(fraction)"
    }

    /// Text as XML character data or an attribute value; characters XML 1.0 cannot hold become `?`.
    static func escape(_ text: String) -> String {
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&apos;"
            case "\n", "\t": escaped.unicodeScalars.append(scalar)
            case "\r": escaped += "&#13;"
            default:
                if scalar.value < 0x20 || (0xFFFE...0xFFFF).contains(scalar.value) {
                    escaped += "?"
                } else {
                    escaped.unicodeScalars.append(scalar)
                }
            }
        }
        return escaped
    }
}
