import ArgumentParser
import HearthApp

extension ExitStatus {
    /// The status as the argument parser's exit code, to end a command without an `Error:` line.
    var exitCode: ExitCode { ExitCode(rawValue) }
}
