import Foundation
import HearthTestSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A server process (`hearth serve`, or a development fake) watched from its spawn on, for tests of what a signal does
/// during start-up: unlike ``ServerProcess`` it does not wait for the listening line, and it tells when the process has
/// trapped its stop signals.
final class StartingServer {
    typealias Termination = ChildProcess.Termination

    private let process: ChildProcess
    private let output = ProcessOutput()

    /// Starts `hearth command --host 127.0.0.1 arguments…` in `directory` and returns at once.
    init(
        command: String = "serve",
        _ arguments: [String],
        in directory: URL,
        environment: [String: String] = [:]
    ) throws {
        process = try ChildProcess(
            try HearthBinary.url().path,
            [command, "--host", "127.0.0.1"] + arguments,
            environment: HearthCLI.environment(environment),
            directory: directory.path,
            stdout: .descriptor(output.stdoutDescriptor),
            stderr: .descriptor(output.stderrDescriptor)
        )
        output.childStarted()
    }

    deinit {
        kill()
    }

    var isRunning: Bool { process.isRunning }
    var stdout: String { output.stdout }
    var stderr: String { output.stderr }

    /// Returns once stderr contains `text`; false after `timeout` or once the process ended without writing it.
    func waitForLog(_ text: String, timeout: Duration = .seconds(20)) async -> Bool {
        await output.waitForStderr(text, timeout: timeout)
    }

    /// Returns once the process catches SIGTERM and SIGINT (the `SigCgt` mask of `/proc/PID/status`: a handler is
    /// installed for both), the first thing the server commands do; false if it ended first or after `timeout`.
    func waitUntilStopSignalsCaught(timeout: Duration = .seconds(60)) async -> Bool {
        let wanted: UInt64 = 1 << (UInt64(SIGTERM) - 1) | 1 << (UInt64(SIGINT) - 1)
        let deadline = ContinuousClock.now + timeout
        while process.isRunning {
            if let mask = Self.caughtSignals(of: process.pid), mask & wanted == wanted { return true }
            // Checked once more after the deadline: a test task that waited for a thread past it still sees the truth.
            guard ContinuousClock.now < deadline else { return false }
            await Self.pollInterval()
        }
        return false
    }

    /// The pause between two looks at something that sends no event (`/proc`, a port not yet bound): a millisecond
    /// keeps "the instant it happens" within a millisecond without spinning a CPU core and a test thread, which on a
    /// two-core machine running the whole suite in parallel starved the very processes being waited for.
    private static func pollInterval() async {
        try? await Task.sleep(for: .milliseconds(1))
    }

    /// The `SigCgt` mask of `/proc/PID/status`, `nil` when it cannot be read (the process is gone).
    private static func caughtSignals(of pid: pid_t) -> UInt64? {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("SigCgt:") })
        else { return nil }
        return UInt64(line.dropFirst("SigCgt:".count).trimmingCharacters(in: .whitespaces), radix: 16)
    }

    /// Sends `request` to `127.0.0.1:port` until the listener first answers it, and returns that answer; `nil` if the
    /// process ended first. Connections are refused until the port is bound; from then on the request waits in the
    /// backlog for the listener, so the answer comes the instant the listener takes requests.
    func firstAnswer(port: Int, to request: String) async throws -> RawHTTPClient.Response? {
        while process.isRunning {
            guard let client = try? RawHTTPClient(port: port) else {
                await Self.pollInterval()
                continue
            }
            defer { client.close() }
            try client.send(request)
            return try client.readResponse()
        }
        return nil
    }

    /// Sends `signal` to the process.
    func send(signal: Int32) {
        process.send(signal: signal)
    }

    /// Waits for the process to exit and for the last bytes of its output; `nil` if it still runs after `timeout`.
    func waitForExit(timeout: Duration = .seconds(20)) -> Termination? {
        guard let termination = process.wait(timeout: timeout) else { return nil }
        output.waitForEnd(timeout: .seconds(10))
        return termination
    }

    /// The last resort: SIGKILL if the process still runs, and reap it.
    func kill() {
        process.kill()
    }
}
