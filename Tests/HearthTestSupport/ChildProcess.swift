import Dispatch
import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A child process the tests start — `hearth`, curl, openssl, python3, PostgreSQL's programs — spawned with
/// `posix_spawn` and reaped by a thread of its own blocked in `waitid`.
///
/// Not Foundation's `Process`: on Linux its `run()` lists `/proc/self/fd` with a copy of each `dirent` that reads
/// 256 bytes of `d_name` whatever the record's length, past the end of glibc's buffer when a record ends the page
/// (swift-corelibs-foundation #5472, fixed after Swift 6.3.1). The test process holds 1,400 descriptors at times
/// (a listener per suite, database files, sockets), and one CI run died of it with SIGSEGV in
/// `findMaximumOpenFromProcSelfFD`. Here the child closes every descriptor from 3 up with
/// `posix_spawn_file_actions_addclosefrom_np`, which needs no listing.
///
/// ```swift
/// let child = try ChildProcess("/usr/bin/curl", ["-s", url], stdout: .pipe(pipe))
/// let data = pipe.fileHandleForReading.readDataToEndOfFile()
/// let termination = child.waitUntilExit()
/// ```
public final class ChildProcess: Sendable {
    /// How the child ended.
    public struct Termination: Sendable, Equatable, CustomStringConvertible {
        /// Whether it exited or a signal ended it (the names of Foundation's `Process.TerminationReason`).
        public enum Reason: Sendable, Equatable {
            case exit
            case uncaughtSignal
        }

        public var reason: Reason
        /// The exit status, or the signal's number.
        public var status: Int32

        public init(reason: Reason, status: Int32) {
            self.reason = reason
            self.status = status
        }

        /// Exited with status 0.
        public var succeeded: Bool { reason == .exit && status == 0 }

        public var description: String { "\(reason == .exit ? "exit" : "signal") \(status)" }
    }

    /// What one of the child's standard descriptors is.
    public enum Stdio {
        /// This process's own.
        case inherit
        /// `/dev/null`.
        case nullDevice
        /// A descriptor the caller keeps (and closes).
        case descriptor(Int32)
        /// The child's end of `pipe` (the write end for stdout and stderr, the read end for stdin); this process's
        /// copy of that end is closed once the child has it, so the other end sees end of file when the child exits.
        case pipe(Pipe)
        /// A file: read for stdin, created or truncated for stdout and stderr.
        case file(String)
        /// For stderr: wherever stdout goes.
        case stdout
    }

    private struct State {
        var termination: Termination?
        var waiters: [CheckedContinuation<Termination, Never>] = []
    }

    /// The child's process ID. It is not reused while ``termination`` is `nil`: the child is reaped after that is
    /// set, under the lock ``send(signal:)`` takes.
    public let pid: pid_t
    private let state = Mutex(State())
    /// Signalled once when the child has been reaped, and put back by each wait.
    private let exited = DispatchSemaphore(value: 0)

    /// Starts `executable` (a path) with `arguments`, in `directory`, with exactly `environment` (this process's
    /// when `nil`).
    public init(
        _ executable: String,
        _ arguments: [String],
        environment: [String: String]? = nil,
        directory: String? = nil,
        stdin: Stdio = .nullDevice,
        stdout: Stdio = .inherit,
        stderr: Stdio = .inherit
    ) throws {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for (target, stdio) in [(Int32(0), stdin), (1, stdout), (2, stderr)] {
            switch stdio {
            case .inherit:
                break
            case .nullDevice:
                posix_spawn_file_actions_addopen(&actions, target, "/dev/null", target == 0 ? O_RDONLY : O_WRONLY, 0)
            case .descriptor(let descriptor):
                posix_spawn_file_actions_adddup2(&actions, descriptor, target)
            case .pipe(let pipe):
                let handle = target == 0 ? pipe.fileHandleForReading : pipe.fileHandleForWriting
                posix_spawn_file_actions_adddup2(&actions, handle.fileDescriptor, target)
            case .file(let path):
                let flags = target == 0 ? O_RDONLY : O_WRONLY | O_CREAT | O_TRUNC
                posix_spawn_file_actions_addopen(&actions, target, path, flags, 0o600)
            case .stdout:
                posix_spawn_file_actions_adddup2(&actions, 1, target)
            }
        }
        if let directory { _ = try GlibcSpawn.addChangeDirectory()(&actions, directory) }
        // Nothing of this process's leaks into the child: listeners, database files, other children's pipes.
        _ = try GlibcSpawn.addCloseFrom()(&actions, 3)

        // An ignored signal stays ignored across exec (the Swift runtime ignores SIGPIPE): the child gets the
        // defaults, and no blocked signals.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGPIPE, SIGHUP, SIGINT, SIGQUIT, SIGTERM, SIGUSR1, SIGUSR2, SIGALRM, SIGCHLD] {
            sigaddset(&defaults, signal)
        }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        var mask = sigset_t()
        sigemptyset(&mask)
        posix_spawnattr_setsigmask(&attributes, &mask)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))

        let environment = environment ?? ProcessInfo.processInfo.environment
        var argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
        var envp: [UnsafeMutablePointer<CChar>?] = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in argv { free(pointer) }
            for pointer in envp { free(pointer) }
        }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, executable, &actions, &attributes, &argv, &envp)
        guard result == 0 else {
            throw TestFailure("cannot start \(executable): \(String(cString: strerror(result)))")
        }
        self.pid = pid
        for (target, stdio) in [(0, stdin), (1, stdout), (2, stderr)] {
            guard case .pipe(let pipe) = stdio else { continue }
            try? (target == 0 ? pipe.fileHandleForReading : pipe.fileHandleForWriting).close()
        }
        Thread.detachNewThread { [self] in reap() }
    }

    /// Blocks until the child exits, then records how and reaps it.
    private func reap() {
        var info = siginfo_t()
        // WNOWAIT: the child stays a zombie (its PID taken) until the termination is recorded under the lock.
        while waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) == -1 && errno == EINTR {}
        var status: Int32 = 0
        let waiters = state.withLock { state -> [CheckedContinuation<Termination, Never>] in
            while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
            // WIFSIGNALED / WTERMSIG / WEXITSTATUS, which Swift does not import.
            let signal = status & 0x7F
            state.termination =
                signal != 0 && signal != 0x7F
                ? Termination(reason: .uncaughtSignal, status: signal)
                : Termination(reason: .exit, status: (status >> 8) & 0xFF)
            defer { state.waiters = [] }
            return state.waiters
        }
        exited.signal()
        let termination = state.withLock { $0.termination! }
        for waiter in waiters { waiter.resume(returning: termination) }
    }

    /// How the child ended; `nil` while it runs.
    public var termination: Termination? { state.withLock { $0.termination } }

    /// Whether the child has not been reaped yet.
    public var isRunning: Bool { termination == nil }

    /// Sends `signal` to the child if it has not been reaped (never to a process that took over its PID).
    public func send(signal: Int32) {
        state.withLock { state in
            if state.termination == nil { signalProcess(pid, signal) }
        }
    }

    /// Blocks until the child has exited.
    @discardableResult
    public func waitUntilExit() -> Termination {
        exited.wait()
        exited.signal()
        return termination!
    }

    /// Blocks until the child has exited; `nil` if it still runs after `timeout`.
    public func wait(timeout: Duration) -> Termination? {
        guard exited.wait(timeout: dispatchDeadline(after: timeout)) == .success else { return nil }
        exited.signal()
        return termination
    }

    /// Suspends until the child has exited.
    public func exit() async -> Termination {
        await withCheckedContinuation { continuation in
            let termination = state.withLock { state -> Termination? in
                if let termination = state.termination { return termination }
                state.waiters.append(continuation)
                return nil
            }
            if let termination { continuation.resume(returning: termination) }
        }
    }

    /// SIGKILL if the child still runs, then waits for it: the last resort, for a `defer`.
    public func kill() {
        send(signal: SIGKILL)
        waitUntilExit()
    }
}

/// glibc's `posix_spawn_file_actions_addchdir_np` (2.29) and `…_addclosefrom_np` (2.34), which the Glibc module does
/// not import (they are declared for `_GNU_SOURCE` only): looked up by name, called with the C convention.
private enum GlibcSpawn {
    typealias Actions = UnsafeMutablePointer<posix_spawn_file_actions_t>
    typealias ChangeDirectory = @convention(c) (Actions, UnsafePointer<CChar>) -> Int32
    typealias CloseFrom = @convention(c) (Actions, Int32) -> Int32

    static func addChangeDirectory() throws -> ChangeDirectory {
        try unsafeBitCast(symbol("posix_spawn_file_actions_addchdir_np"), to: ChangeDirectory.self)
    }

    static func addCloseFrom() throws -> CloseFrom {
        try unsafeBitCast(symbol("posix_spawn_file_actions_addclosefrom_np"), to: CloseFrom.self)
    }

    private static func symbol(_ name: String) throws -> UnsafeMutableRawPointer {
        guard let address = dlsym(nil, name) else { throw TestFailure("this C library has no \(name)") }
        return address
    }
}

/// `kill(2)`, under a name that does not clash with ``ChildProcess/kill()``.
private func signalProcess(_ pid: pid_t, _ signal: Int32) {
    _ = kill(pid, signal)
}

extension ChildProcess {
    /// What ``run(_:_:environment:directory:input:stderr:timeout:)`` collected.
    public struct Result: Sendable, CustomStringConvertible {
        public var termination: Termination
        public var stdout: [UInt8]
        /// Empty when stderr went to stdout.
        public var stderr: [UInt8]

        public var stdoutText: String { String(decoding: stdout, as: UTF8.self) }
        public var stderrText: String { String(decoding: stderr, as: UTF8.self) }

        public var description: String {
            "\(termination)\n--- stdout\n\(stdoutText)--- stderr\n\(stderrText)"
        }
    }

    /// Where ``run(_:_:environment:directory:input:stderr:timeout:)`` sends stderr.
    public enum ErrorOutput: Sendable {
        /// Collected apart.
        case separate
        /// Into stdout, interleaved.
        case stdout
    }

    /// Runs `executable` to its end with `input` on stdin (`/dev/null` when `nil`) and returns what it wrote.
    ///
    /// Input and output go through files, so neither side can block on a full pipe; a child still running after
    /// `timeout` is killed and reported as a ``TestFailure``.
    public static func run(
        _ executable: String,
        _ arguments: [String],
        environment: [String: String]? = nil,
        directory: String? = nil,
        input: [UInt8]? = nil,
        stderr: ErrorOutput = .separate,
        timeout: Duration = .seconds(60)
    ) throws -> Result {
        let files = FileManager.default.temporaryDirectory.appendingPathComponent("hearth-child-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: files, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: files) }
        let inputPath = files.appendingPathComponent("stdin").path
        let stdoutPath = files.appendingPathComponent("stdout").path
        let stderrPath = files.appendingPathComponent("stderr").path
        if let input { try Data(input).write(to: URL(fileURLWithPath: inputPath)) }
        let child = try ChildProcess(
            executable,
            arguments,
            environment: environment,
            directory: directory,
            stdin: input == nil ? .nullDevice : .file(inputPath),
            stdout: .file(stdoutPath),
            stderr: stderr == .stdout ? .stdout : .file(stderrPath)
        )
        guard let termination = child.wait(timeout: timeout) else {
            child.kill()
            throw TestFailure("\(executable) \(arguments.joined(separator: " ")) still ran after \(timeout); killed")
        }
        func read(_ path: String) -> [UInt8] {
            FileManager.default.contents(atPath: path).map(Array.init) ?? []
        }
        return Result(termination: termination, stdout: read(stdoutPath), stderr: read(stderrPath))
    }
}

/// The dispatch time `duration` from now, for waits on a semaphore.
public func dispatchDeadline(after duration: Duration) -> DispatchTime {
    let (seconds, attoseconds) = duration.components
    return .now() + .nanoseconds(Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000))
}
