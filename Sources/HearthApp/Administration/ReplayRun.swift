import Foundation

/// `hearth replay`: recorded intents sent to a running deployment, its answers compared with the recordings (as
/// Google reads them), each result reported as it comes, and a JUnit XML report on request.
public struct ReplayRun: Sendable {
    /// What a whole replay found.
    public struct Outcome: Sendable {
        /// Every intent replayed, in order.
        let summary: Replayer.Summary

        /// `N passed, N failed, N skipped, N unreachable`.
        public var line: String { summary.line }

        /// `.success` when every answer agreed, `.rejected` when any differed, `.unavailable` when the deployment
        /// could not be reached.
        public var status: ExitStatus { summary.exitStatus }

        /// Writes the results as a JUnit XML report to `path`.
        ///
        /// - Throws: ``CommandFailure`` `.ioError` when the file cannot be written.
        public func writeJUnitReport(to path: String) throws {
            do {
                try Data(JUnitReport.xml(summary.results).utf8).write(to: URL(fileURLWithPath: path))
            } catch {
                throw CommandFailure(.ioError, "cannot write the JUnit report \(path): \(error.localizedDescription)")
            }
        }
    }

    let replayer: Replayer

    /// Whether `pattern` is a JSON path `--ignore` takes (`$.payload.devices[*].deviceInfo`).
    public static func isJSONPath(_ pattern: String) -> Bool {
        JSONPath(parsing: pattern) != nil
    }

    /// Replays against `url` (the deployment's base URL, or its `/fulfillment` URL) with `token`, a bearer token of
    /// the user the intents were recorded for; the places `ignoring` names (JSON paths, ``isJSONPath(_:)``) are not
    /// compared, and `pin` is sent where a recording's PIN was redacted.
    ///
    /// - Throws: For a URL that is not `http` or `https`, an error ``CommandFailure/init(_:)`` maps to `.usage`.
    public init(url: String, token: String, ignoring: [String] = [], pin: String? = nil) throws {
        replayer = try Replayer(
            url: url,
            token: token,
            ignoring: ignoring.compactMap(JSONPath.init(parsing:)),
            pin: pin
        )
    }

    /// Replays the fixture files `paths` name (a directory's `.json` files sorted by name) in order, calling
    /// `progress` with each result's text as it comes; stops after the first file that gets no answer.
    ///
    /// - Throws: Before anything is sent, for a path that does not exist or a file that cannot be read (which
    ///   ``CommandFailure/init(_:)`` maps to `.noInput`) or is not JSON (`.dataError`).
    public func run(paths: [String], progress: (String) -> Void = { _ in }) async throws -> Outcome {
        let files = try ReplayFixture.files(paths)
        return Outcome(summary: try await replayer.run(files: files) { progress($0.text) })
    }
}
