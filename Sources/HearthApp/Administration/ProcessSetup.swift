import Foundation
import Logging

/// What a `hearth` process sets up once, before it serves: its logging and its allocator.
public enum ProcessSetup {
    /// Logs to standard error at `level` and in `format` (`log.format`, millisecond timestamps), every line
    /// sanitized (control characters escaped, values capped: clients' text reaches the logs). Bootstraps swift-log's
    /// `LoggingSystem`, which allows it once per process. The per-request lines go through
    /// `BufferedLogOutput.standardError`'s buffer (written within 100 ms, and when the process exits normally);
    /// every other line at once.
    ///
    /// - Returns: The process's logger, labelled `hearth`.
    public static func bootstrapLogging(level: Logger.Level, format: LogFormat = .text) -> Logger {
        atexit { BufferedLogOutput.standardError.flush() }
        LoggingSystem.bootstrap { label in
            var handler = SanitizingLogHandler(
                wrapping: LineLogHandler(label: label, format: format, output: .standardError),
                metadataProvider: LoggingSystem.metadataProvider
            )
            handler.logLevel = level
            return handler
        }
        return Logger(label: "hearth")
    }

    /// ``bootstrapLogging(level:format:)`` at the level `name` spells (`trace`, `debug`, `info`, `notice`,
    /// `warning`, `error` or `critical`, as `--log-level` takes it), or `nil`, bootstrapping nothing, when it spells
    /// none.
    public static func bootstrapLogging(levelNamed name: String, format: LogFormat = .text) -> Logger? {
        guard let level = Logger.Level(rawValue: name) else { return nil }
        return bootstrapLogging(level: level, format: format)
    }

    /// Whether `name` is a log level (`--log-level`'s values).
    public static func isLogLevel(_ name: String) -> Bool {
        Logger.Level(rawValue: name) != nil
    }

    /// Writes the request lines still buffered (`BufferedLogOutput.standardError`); also done at exit.
    public static func flushLogs() {
        BufferedLogOutput.standardError.flush()
    }

    /// glibc returns the top of each thread's arena to the kernel (`madvise`) whenever it frees enough, and the
    /// next request faults the pages back in — with cross-CPU TLB flushes — on every request. Measured on
    /// EXECUTE: page faults and TLB shootdowns were about a tenth of the server's CPU time. Keep freed memory
    /// (bounded by the peak working set) and serve blocks up to ``mmapThreshold`` from the heap rather than fresh
    /// mappings. Does nothing outside Linux.
    public static func tuneMalloc() {
        #if os(Linux)
        _ = glibcMallopt(-1, 256 << 20)  // M_TRIM_THRESHOLD
        _ = glibcMallopt(-3, Int32(mmapThreshold))  // M_MMAP_THRESHOLD
        #endif
    }

    /// Blocks of this size and more get a mapping of their own, returned to the kernel when freed: a large home's
    /// SYNC answer (about 560 bytes a device, 5.5 MiB for 10,000) is written for each request and freed once sent,
    /// and on the heap it would stay resident, in each listener thread's arena, after the answer went out. No
    /// ordinary request allocates a block this large (a 33-device home's SYNC answer is 19 KB).
    public static let mmapThreshold = 1 << 20
}
#if os(Linux)
/// glibc's `int mallopt(int, int)`: `<malloc.h>` is not part of Swift's Glibc module, and two int arguments pass
/// the same way in Swift's and C's calling conventions on Linux.
@_silgen_name("mallopt")
private func glibcMallopt(_ parameter: Int32, _ value: Int32) -> Int32
#endif
