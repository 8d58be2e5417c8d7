import ArgumentParser
import Foundation
import HearthApp

/// `hearth serve`.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Run the fulfillment server until SIGTERM or SIGINT.",
        discussion: """
            With an empty database it first imports the seed device file (devices.seedFile). Everything is checked \
            before anything is written: the configuration and the files it names, the seed file when the database \
            is new, and the address and port (bound before the database is opened or created); a start that fails \
            leaves no new database behind. SIGTERM or SIGINT at any moment, start-up included, stops it in order \
            (exit 0).
            """
    )

    @OptionGroup var common: CommonOptions

    @Option(name: .long, help: "Address to listen on: 127.0.0.1, 0.0.0.0, ::1, :: or localhost (overrides http.host).")
    var host: String?

    @Option(name: .long, help: "Port to listen on, 0 for any free one (overrides http.port).")
    var port: Int?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Record each /fulfillment request and answer as a fixture file in DIR (overrides record.directory).",
            valueName: "DIR"
        )
    )
    var record: String?

    func validate() throws {
        if let port, !(0...65535).contains(port) {
            throw ValidationError("--port \(port) is not in 0...65535 (http.port); 0 picks a free port")
        }
        if let host, let refusal = HearthApplication.refusal(host: host) {
            throw ValidationError("--host \(refusal)")
        }
    }

    func run() async throws {
        // First of all: from here on SIGTERM and SIGINT stop the server in order, whatever it is doing.
        let stop = await StopRequest.trappingSignals()
        Self.tuneMalloc()
        var overrides: [ConfigOverride] = []
        if let host { overrides.append(.set(\.http.host, host)) }
        if let port { overrides.append(.set(\.http.port, port)) }
        if let record { overrides.append(.set(\.record.directory, record)) }
        let configuration = try common.load(overrides: overrides)
        let logger = bootstrapLogging(level: configuration.logLevel, format: configuration.logFormat)
        let application = HearthApplication(configuration: configuration, logger: logger)
        // The request lines still buffered, once the server has stopped (also at exit; here for a clean order).
        defer { BufferedLogOutput.standardError.flush() }
        try await application.run(stop: stop) { port in
            // One plain line on stdout for scripts; flushed because stdout may be a pipe. IPv6 in brackets.
            print("hearth listening on \(application.listeningURL(port: port))")
            fflush(nil)
        }
    }

    /// glibc returns the top of each thread's arena to the kernel (`madvise`) whenever it frees enough, and the
    /// next request faults the pages back in — with cross-CPU TLB flushes — on every request. Measured on
    /// EXECUTE: page faults and TLB shootdowns were about a tenth of the server's CPU time. Keep freed memory
    /// (bounded by the peak working set) and serve large blocks from the heap rather than fresh mappings.
    static func tuneMalloc() {
        #if os(Linux)
        _ = glibcMallopt(-1, 256 << 20)  // M_TRIM_THRESHOLD
        _ = glibcMallopt(-3, 32 << 20)  // M_MMAP_THRESHOLD
        #endif
    }
}

#if os(Linux)
/// glibc's `int mallopt(int, int)`: `<malloc.h>` is not part of Swift's Glibc module, and two int arguments pass
/// the same way in Swift's and C's calling conventions on Linux.
@_silgen_name("mallopt")
private func glibcMallopt(_ parameter: Int32, _ value: Int32) -> Int32
#endif
