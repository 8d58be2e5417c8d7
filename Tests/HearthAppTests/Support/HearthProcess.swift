import Foundation
import HearthTestSupport
import JSON

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// Runs the real `hearth` binary as a child process: one-shot commands (`devices import`, `token issue`, …) and
// `hearth serve`, which is stopped by its PID and never outlives its test.

/// A failure of the test harness itself (not of Hearth): no binary, a command that hung, a server that never
/// listened.
struct HarnessError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}

/// The `hearth` executable SwiftPM built next to the test bundle (the test target depends on it).
enum HearthBinary {
    /// Where it is, or every place that was tried.
    static let location: Result<URL, HarnessError> = locate()

    /// The binary, or a failure saying where it was looked for.
    static func url() throws -> URL {
        try location.get()
    }

    private static func locate() -> Result<URL, HarnessError> {
        var directories: [URL] = []
        // Linux: the test runner is `.build/<triple>/debug/<package>PackageTests.xctest`, an executable.
        if let first = CommandLine.arguments.first {
            directories.append(URL(fileURLWithPath: first).resolvingSymlinksInPath().deletingLastPathComponent())
        }
        // macOS: the runner is inside `…/debug/<package>PackageTests.xctest/Contents/MacOS/`.
        for bundle in [Bundle.main] + Bundle.allBundles {
            var url = bundle.bundleURL.resolvingSymlinksInPath()
            for _ in 0..<4 {
                directories.append(url)
                url.deleteLastPathComponent()
            }
        }
        directories.append(RepositoryRoot.url.appendingPathComponent(".build/debug"))
        var tried: [String] = []
        for directory in directories {
            let candidate = directory.appendingPathComponent("hearth")
            guard !tried.contains(candidate.path) else { continue }
            tried.append(candidate.path)
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isDirectory),
                !isDirectory.boolValue,
                FileManager.default.isExecutableFile(atPath: candidate.path)
            {
                return .success(candidate)
            }
        }
        return .failure(
            HarnessError(
                "the hearth executable was not found (build it with `swift build --build-tests`); tried: "
                    + tried.joined(separator: ", ")
            )
        )
    }
}

/// What a finished command left behind: ``ChildProcess/Result`` with its output as text.
struct CommandResult: CustomStringConvertible {
    var result: ChildProcess.Result

    /// The exit status, or the signal number when ``reason`` is `.uncaughtSignal`.
    var status: Int32 { result.termination.status }
    var reason: ChildProcess.Termination.Reason { result.termination.reason }
    var stdout: String { result.stdoutText }
    var stderr: String { result.stderrText }

    /// Non-empty stdout lines.
    var lines: [String] {
        stdout.split(separator: "\n").map(String.init)
    }

    var description: String { result.description }
}

/// One-shot `hearth` commands.
enum HearthCLI {
    /// The environment for a child: this process's, without any `HEARTH_…` variable (each is a configuration
    /// key, or an error), plus `extra`.
    static func environment(_ extra: [String: String] = [:]) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("HEARTH_") }
        environment.merge(extra) { _, new in new }
        return environment
    }

    /// Runs `hearth arguments…` in `directory` and waits for it; a command still running after `timeout` is
    /// killed and reported as a harness error.
    static func run(
        _ arguments: [String],
        in directory: URL,
        environment: [String: String] = [:],
        input: Data? = nil,
        timeout: Duration = .seconds(20)
    ) throws -> CommandResult {
        CommandResult(
            result: try ChildProcess.run(
                try HearthBinary.url().path,
                arguments,
                environment: Self.environment(environment),
                directory: directory.path,
                input: input.map(Array.init),
                timeout: timeout
            )
        )
    }
}

/// A running `hearth serve`, started on port 0 and stopped by its PID.
///
/// Use `defer { server.kill() }` right after starting it: whatever the test does, the process does not outlive
/// it.
final class ServerProcess {
    /// How the process ended.
    typealias Termination = ChildProcess.Termination

    let port: Int
    private let process: ChildProcess
    private let output = ProcessOutput()

    /// Starts `hearth serve --host 127.0.0.1 --port 0 arguments…` in `directory` and awaits its
    /// `hearth listening on http://HOST:PORT` line (or its exit).
    init(
        _ arguments: [String],
        in directory: URL,
        environment: [String: String] = [:],
        startTimeout: Duration = .seconds(20)
    ) async throws {
        process = try ChildProcess(
            try HearthBinary.url().path,
            ["serve", "--host", "127.0.0.1", "--port", "0"] + arguments,
            environment: HearthCLI.environment(environment),
            directory: directory.path,
            stdout: .descriptor(output.stdoutDescriptor),
            stderr: .descriptor(output.stderrDescriptor)
        )
        output.childStarted()
        _ = await output.wait(timeout: startTimeout) { stdout, _ in Self.listeningPort(in: stdout) != nil }
        guard let port = Self.listeningPort(in: output.stdout) else {
            let termination = process.termination
            process.kill()
            throw HarnessError(
                "hearth serve did not report listening (\(termination.map(String.init(describing:)) ?? "still running"))\n"
                    + "--- stdout\n\(output.stdout)--- stderr\n\(output.stderr)"
            )
        }
        self.port = port
    }

    deinit {
        kill()
    }

    /// The port of the listening line: `http://127.0.0.1:12345`, `https://…` with native TLS, `http://[::1]:12345`.
    static func listeningPort(in stdout: String) -> Int? {
        let prefix = "hearth listening on "
        guard let line = stdout.split(separator: "\n").first(where: { $0.hasPrefix(prefix) }),
            let colon = line.lastIndex(of: ":")
        else {
            return nil
        }
        return Int(line[line.index(after: colon)...])
    }

    var pid: Int32 { process.pid }
    var isRunning: Bool { process.isRunning }
    var stdout: String { output.stdout }
    var stderr: String { output.stderr }

    /// Sends `signal` to the process.
    func send(signal: Int32) {
        process.send(signal: signal)
    }

    /// Waits for the process to exit; `nil` if it still runs after `timeout`.
    func waitForExit(timeout: Duration) -> Termination? {
        guard let termination = process.wait(timeout: timeout) else { return nil }
        // The exit can be seen before the last lines in its pipes are read: read them all before answering, so a
        // test that looks at stderr after the stop sees the final line (seen missing once in CI).
        output.waitForEnd(timeout: .seconds(10))
        return termination
    }

    /// Sends `signal` (SIGTERM by default) and waits for the exit; `nil` if it did not exit within `timeout`.
    func stop(signal: Int32 = SIGTERM, timeout: Duration = .seconds(5)) -> Termination? {
        send(signal: signal)
        return waitForExit(timeout: timeout)
    }

    /// The last resort: SIGKILL if the process still runs, and reap it.
    func kill() {
        process.kill()
    }

    /// Returns once stderr contains `text` (at once if it does); false if it does not after `timeout`, or once the
    /// process exited without writing it.
    func waitForLog(_ text: String, timeout: Duration = .seconds(5)) async -> Bool {
        await output.waitForStderr(text, timeout: timeout)
    }

    // MARK: - HTTP

    /// One answer from the server.
    struct Response {
        var status: Int
        var body: Data

        var json: JSONValue? { try? JSONParser.parse(Array(body)) }
        var text: String { String(decoding: body, as: UTF8.self) }
    }

    /// Sends one request with URLSession.
    func request(
        _ method: String = "POST",
        path: String = "/fulfillment",
        body: String? = nil,
        token: String? = nil
    ) async throws -> Response {
        var request = URLRequest(url: URL(string: "http://127.0.0.1:\(port)\(path)")!)
        request.httpMethod = method
        request.httpBody = body.map { Data($0.utf8) }
        if let token { request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
        if body != nil { request.setValue("application/json", forHTTPHeaderField: "Content-Type") }
        request.timeoutInterval = 10
        let (data, response) = try await URLSession.shared.data(for: request)
        guard let http = response as? HTTPURLResponse else { throw HarnessError("not an HTTP response") }
        return Response(status: http.statusCode, body: data)
    }

    /// POSTs an intent to `/fulfillment`.
    func intent(_ json: String, token: String) async throws -> Response {
        try await request(body: json, token: token)
    }
}
