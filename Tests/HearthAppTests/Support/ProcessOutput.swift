import Dispatch
import Foundation
import HearthTestSupport
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// A child's stdout and stderr, read through pipes as they arrive, so that a test awaits a line (``wait(timeout:
/// until:)``) instead of polling a file. Both pipes are drained continuously: a chatty child never blocks on a
/// full pipe.
///
/// Each pipe is read by a thread of its own blocked in `read(2)`, which sees the end of file the moment the child's
/// last write end closes. (Foundation's `readabilityHandler`, used before, delivers through a dispatch source; under
/// the full suite's load its end of file once came more than 10 s after the child had exited, with no write end
/// left open anywhere.)
final class ProcessOutput: Sendable {
    /// One of the two streams.
    enum Stream: Sendable {
        case stdout
        case stderr
    }

    private struct Waiter {
        var condition: @Sendable (_ stdout: String, _ stderr: String) -> Bool
        var continuation: CheckedContinuation<Bool, Never>
    }

    private struct State {
        var stdout = Data()
        var stderr = Data()
        /// Streams that reached end of file: once both have, nothing more will arrive.
        var closed = 0
        var waiters: [Int: Waiter] = [:]
        var nextWaiter = 0
    }

    private let state = Mutex(State())
    /// Signalled when both streams have ended (and passed on by each ``waitForEnd(timeout:)``).
    private let ended = DispatchSemaphore(value: 0)
    /// The write ends, until ``childStarted()`` (or deinit) closes this process's copies.
    private let writeEnds: Mutex<[Int32]>

    /// The write ends, for the child's stdout and stderr (``ChildProcess/Stdio/descriptor(_:)``).
    let stdoutDescriptor: Int32
    let stderrDescriptor: Int32
    /// The pipes as `/proc` names them (`pipe:[inode]`), for the diagnostic of an end of file that does not come.
    private let pipeNames: [String]

    init() {
        var pipes: [(read: Int32, write: Int32)] = []
        for _ in 0..<2 {
            var ends: [Int32] = [-1, -1]
            let made = ends.withUnsafeMutableBufferPointer { pipe($0.baseAddress!) }
            precondition(made == 0, "pipe failed: errno \(errno)")
            // Close-on-exec: no other child started meanwhile inherits them (ChildProcess closes them anyway).
            for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
            pipes.append((ends[0], ends[1]))
        }
        pipeNames = pipes.compactMap {
            try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\($0.read)")
        }
        stdoutDescriptor = pipes[0].write
        stderrDescriptor = pipes[1].write
        writeEnds = Mutex([pipes[0].write, pipes[1].write])
        for (descriptor, stream) in [(pipes[0].read, Stream.stdout), (pipes[1].read, Stream.stderr)] {
            Thread.detachNewThread { [weak self] in
                var buffer = [UInt8](repeating: 0, count: 64 << 10)
                while true {
                    let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                    if count > 0 {
                        self?.received(Data(buffer[..<count]), on: stream)
                    } else if count < 0 && errno == EINTR {
                        continue
                    } else {
                        break
                    }
                }
                close(descriptor)
                self?.received(Data(), on: stream)
            }
        }
    }

    deinit {
        childStarted()
    }

    /// Closes this process's copies of the write ends once the child has them: end of file then comes when the
    /// child exits.
    func childStarted() {
        let ends = writeEnds.withLock { ends -> [Int32] in
            defer { ends = [] }
            return ends
        }
        for end in ends { close(end) }
    }

    var stdout: String { state.withLock { String(decoding: $0.stdout, as: UTF8.self) } }
    var stderr: String { state.withLock { String(decoding: $0.stderr, as: UTF8.self) } }

    /// Returns `true` as soon as `condition` holds for the complete lines written so far (a line still being
    /// written is not shown to it), `false` when both streams ended without
    /// it holding or after `timeout` (a bound on a failing test, not a wait that makes a passing one pass).
    func wait(
        timeout: Duration,
        until condition: @escaping @Sendable (_ stdout: String, _ stderr: String) -> Bool
    ) async -> Bool {
        await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
            let (answer, id) = state.withLock { state -> (Bool?, Int) in
                let stdout = Self.completeLines(state.stdout)
                let stderr = Self.completeLines(state.stderr)
                if condition(stdout, stderr) { return (true, 0) }
                if state.closed == 2 { return (false, 0) }
                state.nextWaiter += 1
                state.waiters[state.nextWaiter] = Waiter(condition: condition, continuation: continuation)
                return (nil, state.nextWaiter)
            }
            if let answer {
                continuation.resume(returning: answer)
                return
            }
            DispatchQueue.global().asyncAfter(deadline: dispatchDeadline(after: timeout)) { [self] in
                state.withLock { $0.waiters.removeValue(forKey: id) }?.continuation.resume(returning: false)
            }
        }
    }

    /// Returns once stderr contains `text`; false as ``wait(timeout:until:)``.
    func waitForStderr(_ text: String, timeout: Duration) async -> Bool {
        await wait(timeout: timeout) { _, stderr in stderr.contains(text) }
    }

    /// Blocks until both streams have reached end of file, so that everything the child wrote before it exited has
    /// been read (the child's exit and the last bytes in its pipes arrive separately); `false` after `timeout`.
    @discardableResult
    func waitForEnd(timeout: Duration) -> Bool {
        guard ended.wait(timeout: dispatchDeadline(after: timeout)) == .success else {
            // Say why in the test's output: which processes still hold a write end (a descriptor leaked into
            // another child), or none (the end of file was not delivered).
            let closed = state.withLock { $0.closed }
            print("ProcessOutput: \(2 - closed) of 2 streams not ended after \(timeout); \(writeEndHolders())")
            return false
        }
        ended.signal()
        return true
    }

    /// The processes holding either pipe open, found by the pipes' inodes in `/proc/*/fd`.
    private func writeEndHolders() -> String {
        let inodes = Set(pipeNames)
        var holders: [String] = []
        let pids = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        for pid in pids where Int(pid) != nil {
            let descriptors = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd")) ?? []
            for descriptor in descriptors {
                guard
                    let target = try? FileManager.default.destinationOfSymbolicLink(
                        atPath: "/proc/\(pid)/fd/\(descriptor)"
                    ),
                    inodes.contains(target)
                else { continue }
                let command = (try? String(contentsOfFile: "/proc/\(pid)/cmdline", encoding: .utf8)) ?? "?"
                holders.append("pid \(pid) fd \(descriptor) (\(command.replacingOccurrences(of: "\0", with: " ")))")
            }
        }
        return "pipes \(inodes.sorted()) held by: \(holders.isEmpty ? "nobody" : holders.joined(separator: "; "))"
    }

    /// `data` up to its last newline: a condition never sees half a line.
    private static func completeLines(_ data: Data) -> String {
        guard let end = data.lastIndex(of: UInt8(ascii: "\n")) else { return "" }
        return String(decoding: data[...end], as: UTF8.self)
    }

    private func received(_ data: Data, on stream: Stream) {
        var bothEnded = false
        let ready = state.withLock { state -> [(CheckedContinuation<Bool, Never>, Bool)] in
            switch (stream, data.isEmpty) {
            case (_, true):
                state.closed += 1
                bothEnded = state.closed == 2
            case (.stdout, false): state.stdout.append(data)
            case (.stderr, false): state.stderr.append(data)
            }
            let stdout = Self.completeLines(state.stdout)
            let stderr = Self.completeLines(state.stderr)
            var ready: [(CheckedContinuation<Bool, Never>, Bool)] = []
            for (id, waiter) in state.waiters {
                if waiter.condition(stdout, stderr) {
                    ready.append((waiter.continuation, true))
                    state.waiters[id] = nil
                } else if state.closed == 2 {
                    ready.append((waiter.continuation, false))
                    state.waiters[id] = nil
                }
            }
            return ready
        }
        if bothEnded { ended.signal() }
        for (continuation, answer) in ready { continuation.resume(returning: answer) }
    }
}
