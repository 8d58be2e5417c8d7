import Foundation

/// The outcome of running a command line tool.
public struct CommandResult: Sendable {
    /// The exit status.
    public var status: Int32
    /// Standard output and standard error, interleaved.
    public var output: String
}

/// Runs `/usr/bin/openssl` with `arguments`, stdin from /dev/null so that it can never wait for a prompt.
@discardableResult
public func runOpenSSL(_ arguments: [String]) throws -> CommandResult {
    let result = try ChildProcess.run("/usr/bin/openssl", arguments, stderr: .stdout)
    return CommandResult(status: result.termination.status, output: result.stdoutText)
}

/// Runs `/usr/bin/openssl` with `arguments`; throws ``TestFailure`` with its output when it exits non-zero.
@discardableResult
public func runOpenSSLChecked(_ arguments: [String]) throws -> String {
    let result = try runOpenSSL(arguments)
    guard result.status == 0 else {
        throw TestFailure("openssl \(arguments.joined(separator: " ")) exited \(result.status): \(result.output)")
    }
    return result.output
}
