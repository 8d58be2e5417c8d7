import Foundation
import HearthLogging
import HearthTestSupport
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The buffer the request lines go through: written by its own thread after the interval or when full, ahead of
/// any line written at once, at `flush()` and `stop()`; nothing lost or torn when many threads buffer at once.
/// Through a real pipe (the test awaits the bytes with `poll`) or a real file.
struct BufferedLogOutputTests {
    /// A pipe: the output writes into `writer`, the test reads `reader`.
    final class LogPipe: Sendable {
        let reader: Int32
        let writer: Int32

        init() throws {
            var ends: [Int32] = [0, 0]
            guard pipe(&ends) == 0 else { throw TestFailure("pipe failed: \(errno)") }
            reader = ends[0]
            writer = ends[1]
        }

        deinit {
            close(reader)
            close(writer)
        }

        /// Reads until `count` bytes have come, each wait bounded by `timeout` milliseconds (the bytes so far if
        /// none come in time).
        func receive(_ count: Int, timeout: Int32 = 5000) -> String {
            var bytes: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 65536)
            while bytes.count < count {
                var waiting = pollfd(fd: reader, events: Int16(POLLIN), revents: 0)
                guard poll(&waiting, 1, timeout) == 1 else { break }
                let got = read(reader, &buffer, min(buffer.count, count - bytes.count))
                guard got > 0 else { break }
                bytes += buffer[..<got]
            }
            return String(decoding: bytes, as: UTF8.self)
        }

        /// Whether anything can be read right now.
        var isReadable: Bool {
            var waiting = pollfd(fd: reader, events: Int16(POLLIN), revents: 0)
            return poll(&waiting, 1, 0) == 1
        }
    }

    @Test func aBufferedLineIsWrittenByTheWriterThreadWithinTheInterval() throws {
        let pipe = try LogPipe()
        let output = BufferedLogOutput(fileDescriptor: pipe.writer, flushInterval: .milliseconds(20))
        // The pipe outlives the output: its last flush writes into `pipe.writer`, which the pipe's deinit closes (a
        // closed descriptor's number is soon another's: a late write would land in some other test's file).
        defer { withExtendedLifetime(pipe) { output.stop() } }
        output.buffer(Array("one\n".utf8))
        output.buffer(Array("two\n".utf8))
        #expect(pipe.receive(8) == "one\ntwo\n")
    }

    @Test func aFullBufferIsWrittenBeforeTheInterval() throws {
        let pipe = try LogPipe()
        let output = BufferedLogOutput(fileDescriptor: pipe.writer, flushInterval: .seconds(3600), bufferSize: 1000)
        // The pipe outlives the output: its last flush writes into `pipe.writer`, which the pipe's deinit closes (a
        // closed descriptor's number is soon another's: a late write would land in some other test's file).
        defer { withExtendedLifetime(pipe) { output.stop() } }
        let line = Array((String(repeating: "x", count: 99) + "\n").utf8)
        for _ in 0..<9 { output.buffer(line) }
        output.buffer(Array("y\n".utf8))
        #expect(!pipe.isReadable, "under the buffer size, nothing before the interval (an hour)")
        output.buffer(line)  // 1002 bytes
        let written = pipe.receive(1002)
        #expect(written.utf8.count == 1002)
        #expect(written.hasSuffix("y\n" + String(repeating: "x", count: 99) + "\n"))
    }

    @Test func aLineWrittenAtOnceFollowsTheBufferedOnes() throws {
        let pipe = try LogPipe()
        let output = BufferedLogOutput(fileDescriptor: pipe.writer, flushInterval: .seconds(3600))
        // The pipe outlives the output: its last flush writes into `pipe.writer`, which the pipe's deinit closes (a
        // closed descriptor's number is soon another's: a late write would land in some other test's file).
        defer { withExtendedLifetime(pipe) { output.stop() } }
        output.buffer(Array("1 info\n".utf8))
        output.buffer(Array("2 info\n".utf8))
        output.write(Array("3 error\n".utf8))
        #expect(pipe.isReadable, "written before write returned")
        #expect(pipe.receive(22, timeout: 0) == "1 info\n2 info\n3 error\n")
    }

    @Test func flushAndStopWriteWhatIsBuffered() throws {
        let pipe = try LogPipe()
        let output = BufferedLogOutput(fileDescriptor: pipe.writer, flushInterval: .seconds(3600))
        defer { withExtendedLifetime(pipe) { output.stop() } }
        output.buffer(Array("a\n".utf8))
        output.flush()
        #expect(pipe.receive(2, timeout: 0) == "a\n")
        output.buffer(Array("b\n".utf8))
        output.stop()
        #expect(pipe.receive(2, timeout: 0) == "b\n")
        output.buffer(Array("c\n".utf8))
        #expect(pipe.receive(2, timeout: 0) == "c\n", "after stop, lines are written at once")
    }

    @Test func manyThreadsLoseAndTearNoLine() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("log")
        let file = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        #expect(file >= 0)
        defer { close(file) }
        let output = BufferedLogOutput(fileDescriptor: file, flushInterval: .milliseconds(5), bufferSize: 4096)
        let threads = 4
        let perThread = 2000
        let done = EventCount()
        for thread in 0..<threads {
            Thread {
                for index in 0..<perThread {
                    let line = "thread=\(thread) line=\(index) " + String(repeating: "p", count: 40) + "\n"
                    if index % 500 == 499 {
                        output.write(Array(line.utf8))
                    } else {
                        output.buffer(Array(line.utf8))
                    }
                }
                done.increment()
            }.start()
        }
        #expect(done.wait(atLeast: threads))
        output.stop()
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == threads * perThread)
        for thread in 0..<threads {
            let mine = lines.filter { $0.hasPrefix("thread=\(thread) ") }
            let expected = (0..<perThread).map {
                "thread=\(thread) line=\($0) " + String(repeating: "p", count: 40)
            }
            #expect(mine.map(String.init) == expected, "thread \(thread): every line, whole, in its order")
        }
    }
}
