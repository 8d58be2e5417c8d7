import Clocks
import Fulfillment
import HTTPMessages
import HTTPTypes
import HearthFakes
import HearthLogging
import HearthTestSupport
import Logging
import SmartHomeProtocol
import Testing

@testable import HearthHTTP

/// The request line written straight into bytes (``LineLogHandler/writeLine(level:message:source:buffered:_:)``) is
/// the line `Logger` writes through ``SanitizingLogHandler`` and ``LineLogHandler``, byte for byte, in both formats:
/// same keys, same order, same escaping and caps for a client's text.
struct RequestLineTests {
    /// One request and its answer, as the observer sees them.
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var method: HTTPRequest.Method = .post
        var path: String = "/fulfillment"
        var status: HTTPResponse.Status = .ok
        var summary: IntentSummary?
        var hashKey: [UInt8]?

        var testDescription: String { name }
    }

    static let hostile = "a\nb\r\tc\u{7}d\u{2028}e\"f\\g{}é✓ critical hearth : forged=1"

    static let cases: [Case] = [
        Case(name: "health", method: .get, path: "/healthz"),
        Case(name: "device API", method: .get, path: "/v1/users/alice/devices/lamp", status: .notFound),
        Case(name: "bad token", status: .unauthorized),
        Case(
            name: "query",
            summary: IntentSummary(
                intent: .query,
                requestId: "query-7",
                agentUserId: "alice",
                outcome: .success,
                deviceCount: 1
            )
        ),
        Case(
            name: "execute, mixed",
            summary: IntentSummary(
                intent: .execute,
                requestId: "e",
                agentUserId: "demo-user",
                outcome: .partial,
                errorCodes: [.deviceNotFound, .deviceOffline],
                deviceCount: 3
            )
        ),
        Case(
            name: "unknown intent, hostile text",
            summary: .refused(
                intent: nil,
                requestId: hostile,
                agentUserId: hostile,
                code: .protocolError,
                reason: "unknown intent \(hostile)"
            )
        ),
        Case(
            name: "huge request id",
            summary: IntentSummary(
                intent: .sync,
                requestId: String(repeating: "x", count: 100_000),
                agentUserId: String(repeating: "é", count: 600),
                outcome: .success
            )
        ),
        Case(
            name: "disconnect, hashed user",
            summary: IntentSummary(
                intent: .disconnect,
                requestId: "d",
                agentUserId: "alice",
                outcome: .success,
                revokedTokens: 2
            ),
            hashKey: Array("key".utf8)
        ),
        Case(
            name: "registry failure",
            status: .internalServerError,
            summary: .refused(
                intent: .execute,
                requestId: "r",
                agentUserId: "bob",
                code: .transientError,
                reason: "disk I/O error"
            )
        ),
    ]

    /// The line `observer` writes for `item`.
    static func line(of item: Case, format: LogFormat, directLines: Bool) -> (line: String, direct: Bool) {
        let lines = CapturedLines()
        let clock = ManualClock()
        let logger = Logger(label: "hearth") { label in
            SanitizingLogHandler(
                wrapping: LineLogHandler(label: label, format: format, clock: clock, sink: lines.append)
            )
        }
        let observer = RequestObserver(
            logger: logger,
            metrics: nil,
            metricsPath: nil,
            userIdHashKey: item.hashKey,
            clock: clock,
            directLines: directLines
        )
        let record = RequestObserver.Record()
        if let summary = item.summary { record.set(summary) }
        observer.observe(
            Request(method: item.method, target: item.path),
            started: clock.now,
            response: Response(status: item.status),
            record: record
        )
        return (lines.all.joined(), observer.writesDirectly)
    }

    @Test(arguments: LogFormat.allCases, cases)
    func theDirectLineIsTheLoggersLine(format: LogFormat, item: Case) throws {
        let direct = Self.line(of: item, format: format, directLines: true)
        let logged = Self.line(of: item, format: format, directLines: false)
        #expect(direct.direct, "Hearth's own handlers take the direct path")
        #expect(!logged.direct)
        #expect(direct.line.hasSuffix("\n") && direct.line.filter { $0 == "\n" }.count == 1, "\(direct.line)")
        #expect(direct.line == logged.line)
        #expect(direct.line.contains("Answered a request"))
    }

    @Test func metadataTheLineMustCarryTakesTheLoggersPath() {
        let lines = CapturedLines()
        var logger = Logger(label: "hearth") { label in
            SanitizingLogHandler(wrapping: LineLogHandler(label: label, format: .text, sink: lines.append))
        }
        logger[metadataKey: "instance"] = "a"
        let observer = RequestObserver(
            logger: logger,
            metrics: nil,
            metricsPath: nil,
            userIdHashKey: nil,
            clock: SystemClock()
        )
        #expect(!observer.writesDirectly)
        observer.observe(
            Request(method: .get, target: "/healthz"),
            started: .now,
            response: Response(status: .ok),
            record: nil
        )
        #expect(lines.all.count == 1)
        #expect(lines.all.first?.contains(" instance=a ") == true, "\(lines.all)")

        let provided = SanitizingLogHandler(
            wrapping: LineLogHandler(label: "hearth", format: .text, sink: lines.append),
            metadataProvider: Logger.MetadataProvider { ["trace": "t"] }
        )
        #expect(provided.lineHandler == nil)
        #expect(SanitizingLogHandler(wrapping: StreamLogHandler.standardError(label: "hearth")).lineHandler == nil)
    }
}
