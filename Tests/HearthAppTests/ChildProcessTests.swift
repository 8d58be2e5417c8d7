import Foundation
import HearthTestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The tests' own process runner (``ChildProcess``), which replaced Foundation's `Process` after that crashed a CI
/// run: what a child inherits, how its end is reported, and that it never takes this process's descriptors along.
struct ChildProcessTests {
    @Test func aChildInheritsNoDescriptorButItsStandardThree() throws {
        // A descriptor this process holds open (not close-on-exec), as listeners and pipes are.
        let held = open("/dev/null", O_RDONLY)
        try #require(held >= 3)
        defer { close(held) }
        let result = try ChildProcess.run("/bin/sh", ["-c", "ls /proc/self/fd"])
        #expect(result.termination.succeeded, "\(result)")
        let descriptors = Set(result.stdoutText.split(separator: "\n").compactMap { Int32($0) })
        // 0–2, and the one `ls` opens to list the directory.
        #expect(descriptors.isSuperset(of: [0, 1, 2]), "\(descriptors)")
        #expect(!descriptors.contains(held), "\(descriptors)")
        #expect(descriptors.count <= 4, "\(descriptors)")
    }

    @Test func exitStatusSignalDirectoryEnvironmentAndInput() throws {
        let failed = try ChildProcess.run("/bin/sh", ["-c", "echo out; echo err >&2; exit 3"])
        #expect(failed.termination == ChildProcess.Termination(reason: .exit, status: 3))
        #expect(failed.stdoutText == "out\n" && failed.stderrText == "err\n")

        let merged = try ChildProcess.run("/bin/sh", ["-c", "echo out; echo err >&2"], stderr: .stdout)
        #expect(merged.stdoutText == "out\nerr\n" && merged.stderr.isEmpty)

        let killed = try ChildProcess.run("/bin/sh", ["-c", "kill -TERM $$"])
        #expect(killed.termination == ChildProcess.Termination(reason: .uncaughtSignal, status: SIGTERM))

        let environment = try ChildProcess.run("/usr/bin/env", [], environment: ["ONLY": "this"])
        #expect(environment.stdoutText == "ONLY=this\n")

        let placed = try ChildProcess.run("/bin/sh", ["-c", "pwd; cat"], directory: "/usr", input: Array("in\n".utf8))
        #expect(placed.stdoutText == "/usr\nin\n")
    }

    @Test func aChildGetsDefaultSignalHandlingWhateverThisProcessIgnores() throws {
        // The Swift runtime ignores SIGPIPE here; a child writing into a closed pipe must die of it, as it does when
        // a shell starts it (`yes` would otherwise exit 1 on EPIPE).
        let yes = Pipe()
        let child = try ChildProcess("/usr/bin/yes", [], stdout: .pipe(yes))
        try yes.fileHandleForReading.close()
        #expect(child.waitUntilExit() == ChildProcess.Termination(reason: .uncaughtSignal, status: SIGPIPE))
    }

    @Test func aRunningChildIsSignalledAwaitedAndTimedOut() async throws {
        let child = try ChildProcess("/bin/sleep", ["60"])
        #expect(child.isRunning)
        #expect(child.wait(timeout: .milliseconds(50)) == nil)
        child.send(signal: SIGTERM)
        let termination = await child.exit()
        #expect(termination == ChildProcess.Termination(reason: .uncaughtSignal, status: SIGTERM))
        #expect(!child.isRunning)
        child.send(signal: SIGKILL)  // reaped: nothing is sent, to it or to whoever has its PID now
        #expect(child.waitUntilExit() == termination)

        let error = #expect(throws: TestFailure.self) {
            try ChildProcess.run("/bin/sleep", ["60"], timeout: .milliseconds(200))
        }
        #expect(error?.description.contains("still ran after") == true)
        #expect(throws: TestFailure.self) { try ChildProcess("/nonexistent/program", []) }
    }
}
