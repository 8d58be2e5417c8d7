import InMemoryLogging
import Logging
import Synchronization
import Testing

@testable import HearthLogging

/// The handler `hearth` writes its logs through: one event is one line, whatever a client sent, and no value is
/// longer than the cap.
struct SanitizingLogHandlerTests {
    @Test(arguments: [
        ("\n", "\\n"), ("\r", "\\r"), ("\t", "\\t"), ("\u{0}", "\\u{0}"), ("\u{1B}", "\\u{1B}"), ("\u{1F}", "\\u{1F}"),
        ("\u{7F}", "\\u{7F}"), ("\u{80}", "\\u{80}"), ("\u{85}", "\\u{85}"), ("\u{9F}", "\\u{9F}"),
        ("\u{2028}", "\\u{2028}"), ("\u{2029}", "\\u{2029}"),
    ])
    func controlCharactersAreEscaped(_ raw: String, _ escaped: String) {
        #expect(SanitizingLogHandler.clean("a\(raw)b", limit: 512) == "a\(escaped)b")
        #expect(SanitizingLogHandler.clean(.string("a\(raw)b")) == .string("a\(escaped)b"))
    }

    @Test func printableTextPassesUntouched() {
        for text in ["", "plain ascii ~", "Küche 😀 \u{A0}", #"a literal \n stays"#, String(repeating: "x", count: 512)]
        {
            #expect(SanitizingLogHandler.clean(text, limit: 512) == text)
        }
    }

    @Test func longValuesAreCutWithTheirSize() {
        let huge = String(repeating: "A", count: 1_000_000)
        #expect(SanitizingLogHandler.clean(huge, limit: 512) == String(repeating: "A", count: 512) + "…(1000000 bytes)")
        #expect(SanitizingLogHandler.clean(String(repeating: "x", count: 513), limit: 512).hasSuffix("…(513 bytes)"))
        // At a character boundary, and escapes count towards the cap.
        let accents = String(repeating: "é", count: 1_000)
        #expect(SanitizingLogHandler.clean(accents, limit: 511) == String(repeating: "é", count: 255) + "…(2000 bytes)")
        let newlines = String(repeating: "\n", count: 1_000)
        #expect(
            SanitizingLogHandler.clean(newlines, limit: 512) == String(repeating: "\\n", count: 256) + "…(1000 bytes)"
        )
    }

    @Test func everyPartOfAnEventIsCleaned() throws {
        let upstream = InMemoryLogHandler()
        var logger = Logger(label: "test") { _ in
            SanitizingLogHandler(
                wrapping: upstream,
                metadataProvider: Logger.MetadataProvider { ["provided": "p\nq"] }
            )
        }
        logger[metadataKey: "own"] = "o\r\nwn"
        struct ClientError: Error, CustomStringConvertible {
            var description: String { "bad\ncritical hearth: FORGED" }
        }
        logger.info(
            "Unknown intent\u{2028}x",
            error: ClientError(),
            metadata: [
                "request.id": "x\ncritical hearth: FORGED",
                "big": .string(String(repeating: "B", count: 10_000)),
                "nested": ["k\n": ["v\n"]],
                "convertible": .stringConvertible(ClientError()),
                "key\n": "v",
            ]
        )
        let entry = try #require(upstream.entries.first)
        #expect(entry.message.description == "Unknown intent\\u{2028}x")
        #expect(entry.error == nil, "logged as metadata, cleaned")
        #expect(entry.metadata["request.id"] == "x\\ncritical hearth: FORGED")
        #expect(entry.metadata["big"] == .string(String(repeating: "B", count: 512) + "…(10000 bytes)"))
        #expect(entry.metadata["nested"] == #"["k\n": ["v\n"]]"#)
        #expect(entry.metadata["convertible"] == "bad\\ncritical hearth: FORGED")
        #expect(entry.metadata["key\\n"] == "v")
        #expect(entry.metadata["own"] == "o\\r\\nwn")
        #expect(entry.metadata["provided"] == "p\\nq")
        #expect(entry.metadata["error.message"] == "bad\\ncritical hearth: FORGED")
        #expect(entry.metadata["error.type"]?.description.hasSuffix("ClientError") == true)
    }

    @Test func levelsPassThrough() {
        var handler = SanitizingLogHandler(wrapping: InMemoryLogHandler())
        handler.logLevel = .warning
        #expect(handler.logLevel == .warning)
    }

    /// Through swift-log's `StreamLogHandler`, as `hearth` writes: one line per event, none over the cap.
    @Test func throughAStreamLogHandlerEachEventIsOneShortLine() {
        let stream = CapturedStream()
        let logger = Logger(label: "hearth") { label in
            SanitizingLogHandler(wrapping: StreamLogHandler(label: label, stream: stream, metadataProvider: nil))
        }
        logger.info(
            "Unknown intent",
            metadata: [
                "request.id": "x\ncritical hearth: FORGED", "intent": .string(String(repeating: "I", count: 1_000_000)),
            ]
        )
        logger.info("Second")
        let lines = stream.text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 3, "two lines and the final newline: \(stream.text.prefix(2_000))")
        #expect(lines.first?.contains(#"request.id=x\ncritical hearth: FORGED"#) == true)
        #expect(lines.first?.contains("…(1000000 bytes)") == true)
        #expect(lines.allSatisfy { $0.utf8.count < 2 * SanitizingLogHandler.valueLimit + 200 })
    }
}

/// A `TextOutputStream` that keeps what is written, for `StreamLogHandler`.
final class CapturedStream: TextOutputStream, Sendable {
    private let storage = Mutex("")

    var text: String { storage.withLock { $0 } }

    func write(_ string: String) {
        storage.withLock { $0 += string }
    }
}
