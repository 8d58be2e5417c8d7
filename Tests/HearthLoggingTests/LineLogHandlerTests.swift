import HearthFakes
import HearthTestSupport
import Logging
import Testing

@testable import HearthLogging

/// The generic path of ``LineLogHandler``: a metadata key spelled like one of a JSON line's own members keeps its
/// name in a text line and becomes `metadata.<key>` in a JSON one, so it cannot overwrite the member.
struct LineLogHandlerTests {
    static func line(_ format: LogFormat, metadata: Logger.Metadata) -> String {
        let lines = CapturedLines()
        let logger = Logger(label: "hearth") { label in
            SanitizingLogHandler(
                wrapping: LineLogHandler(label: label, format: format, clock: ManualClock(), sink: lines.append)
            )
        }
        logger.info("Started", metadata: metadata)
        return lines.all.joined()
    }

    @Test func aKeyNamedLikeAJSONMemberIsRenamedInJSONOnly() {
        let metadata: Logger.Metadata = ["level": "forged", "http.port": "8080"]
        #expect(
            Self.line(.text, metadata: metadata).contains(
                " : http.port=8080 level=forged [HearthLoggingTests] Started\n"
            )
        )
        let json = Self.line(.json, metadata: metadata)
        #expect(json.contains(#""level":"info""#), "\(json)")
        #expect(json.hasSuffix(#""http.port":"8080","metadata.level":"forged"}"# + "\n"), "\(json)")
    }
}
