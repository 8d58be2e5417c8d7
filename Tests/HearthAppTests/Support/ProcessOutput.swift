import Dispatch
import Foundation
import Synchronization

/// A child's stdout and stderr, read through pipes as they arrive, so that a test awaits a line (``wait(timeout:
/// until:)``) instead of polling a file. Both pipes are drained continuously: a chatty child never blocks on a
/// full pipe.
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
    private let stdoutPipe = Pipe()
    private let stderrPipe = Pipe()

    /// The write ends, for `Process.standardOutput` and `standardError`.
    var stdoutHandle: FileHandle { stdoutPipe.fileHandleForWriting }
    var stderrHandle: FileHandle { stderrPipe.fileHandleForWriting }

    init() {
        for (pipe, stream) in [(stdoutPipe, Stream.stdout), (stderrPipe, Stream.stderr)] {
            pipe.fileHandleForReading.readabilityHandler = { [weak self] handle in
                let data = handle.availableData
                if data.isEmpty { handle.readabilityHandler = nil }
                self?.received(data, on: stream)
            }
        }
    }

    /// Closes this process's copies of the write ends once the child has them: end of file then comes when the
    /// child exits.
    func childStarted() {
        try? stdoutPipe.fileHandleForWriting.close()
        try? stderrPipe.fileHandleForWriting.close()
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
        guard ended.wait(timeout: dispatchDeadline(after: timeout)) == .success else { return false }
        ended.signal()
        return true
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
