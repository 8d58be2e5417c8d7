import Dispatch
import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes log lines to a file descriptor: most lines at once, the one line per HTTP request through a buffer that a
/// thread of its own writes out, so that a request never makes a system call for its line (nginx's
/// `access_log … buffer= flush=`).
///
/// A buffered line is written at the latest ``flushInterval`` after it was buffered, or sooner when the buffer holds
/// ``bufferSize`` bytes, when any line is written at once (the buffered lines go first, so the order is kept), at
/// ``flush()`` and at ``stop()``. A crash or a `SIGKILL` loses what is still buffered: at most ``flushInterval``'s
/// worth of request lines. When the writing thread cannot keep up (the descriptor blocks), a request thread that
/// finds ``bufferSize`` × 8 bytes waiting writes them itself: lines are delayed, never dropped.
public final class BufferedLogOutput: Sendable {
    /// Standard error, for `hearth`'s commands (flushed when the process exits normally).
    public static let standardError = BufferedLogOutput(fileDescriptor: 2)

    /// How long a buffered line may wait.
    public let flushInterval: Duration
    /// How many buffered bytes wake the writing thread before ``flushInterval``.
    public let bufferSize: Int

    private struct State {
        var pending: [UInt8] = []
        var flusherStarted = false
        var stopped = false
    }

    private let fileDescriptor: Int32
    private let state = Mutex(State())
    /// Held while writing (with a spare buffer, swapped with the pending one): lines leave in order.
    private let writing = Mutex<[UInt8]>([])
    private let wake = DispatchSemaphore(value: 0)

    /// An output to `fileDescriptor` (not closed by it).
    public init(fileDescriptor: Int32, flushInterval: Duration = .milliseconds(100), bufferSize: Int = 64 * 1024) {
        self.fileDescriptor = fileDescriptor
        self.flushInterval = flushInterval
        self.bufferSize = bufferSize
    }

    /// Writes `line` now, after the lines still buffered.
    @Sendable public func write(_ line: [UInt8]) {
        writing.withLock { spare in
            state.withLock { swap(&$0.pending, &spare) }
            if spare.isEmpty {
                Self.writeAll(line, to: fileDescriptor)
            } else {
                spare.append(contentsOf: line)
                Self.writeAll(spare, to: fileDescriptor)
                spare.removeAll(keepingCapacity: true)
            }
        }
    }

    /// Buffers `line`, to be written by the writing thread (started by the first line).
    @Sendable public func buffer(_ line: [UInt8]) {
        enum Next { case nothing, wake, startAndWake, writeNow }
        let next = state.withLock { state -> Next in
            if state.stopped { return .writeNow }
            let before = state.pending.count
            if before >= bufferSize * 8 { return .writeNow }
            state.pending.append(contentsOf: line)
            // Wake the thread for the first line after it wrote (it then waits out the interval) and when the
            // buffer fills up; every other line is just appended.
            guard before == 0 || (before < bufferSize && state.pending.count >= bufferSize) else { return .nothing }
            if !state.flusherStarted {
                state.flusherStarted = true
                return .startAndWake
            }
            return .wake
        }
        switch next {
        case .nothing:
            return
        case .wake:
            wake.signal()
        case .startAndWake:
            let thread = Thread { [self] in runFlusher() }
            thread.name = "hearth-log-writer"
            thread.start()
            wake.signal()
        case .writeNow:
            write(line)
        }
    }

    /// Writes every buffered line now.
    public func flush() {
        write([])
    }

    /// Writes every buffered line and ends the writing thread; lines buffered afterwards are written at once.
    public func stop() {
        let started = state.withLock { state in
            state.stopped = true
            return state.flusherStarted
        }
        flush()
        if started { wake.signal() }
    }

    private func runFlusher() {
        while true {
            wake.wait()
            if state.withLock({ $0.stopped }) { break }
            if state.withLock({ $0.pending.count < bufferSize }) {
                let nanoseconds =
                    flushInterval.components.seconds * 1_000_000_000
                    + flushInterval.components.attoseconds / 1_000_000_000
                // The rest of the interval, cut short by a full buffer (or a stop).
                _ = wake.wait(timeout: .now() + .nanoseconds(Int(nanoseconds)))
            }
            flush()
            if state.withLock({ $0.stopped }) { break }
        }
    }

    /// Writes every byte, retrying interrupted and partial writes; gives up on an error (nowhere to report it).
    private static func writeAll(_ bytes: [UInt8], to fileDescriptor: Int32) {
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = systemWrite(fileDescriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 && errno == EINTR { continue }
                if written <= 0 { return }
                offset += written
            }
        }
    }
}

/// `write(2)`, under a name the output's own `write(_:)` does not hide.
private func systemWrite(_ fileDescriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    write(fileDescriptor, bytes, count)
}
