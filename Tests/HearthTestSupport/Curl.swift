import Foundation

/// Runs `/usr/bin/curl` and returns the status code and body it printed.
public enum Curl {
    /// What curl printed.
    public struct Result: Sendable {
        /// The HTTP status, 0 when there was no HTTP answer.
        public var status: Int
        /// The body.
        public var body: String
        /// The response head, as `--dump-header` wrote it.
        public var headers: String
    }

    /// Runs curl with `arguments` (and `input` on its stdin), within ten seconds.
    public static func run(_ arguments: [String], input: [UInt8]? = nil) throws -> Result {
        let headerFile = FileManager.default.temporaryDirectory
            .appendingPathComponent("microhttpd-tests-\(UUID().uuidString).headers")
        defer { try? FileManager.default.removeItem(at: headerFile) }
        let result = try ChildProcess.run(
            "/usr/bin/curl",
            [
                "--silent", "--show-error", "--max-time", "10", "--dump-header", headerFile.path, "--write-out",
                "\n%{http_code}",
            ]
                + arguments,
            input: input
        )
        var text = result.stdoutText
        let statusLine = text.split(separator: "\n", omittingEmptySubsequences: false).last ?? ""
        let status = Int(statusLine) ?? 0
        text.removeLast(min(text.count, statusLine.count + 1))
        let headers = (try? String(contentsOf: headerFile, encoding: .utf8)) ?? ""
        return Result(status: status, body: text, headers: headers)
    }
}
