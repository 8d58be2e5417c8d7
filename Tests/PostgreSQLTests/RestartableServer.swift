import Foundation
import HearthTestSupport

/// A PostgreSQL server of one test's own, which the test stops and starts again: the process's shared
/// ``PostgreSQLCluster`` serves every other test at the same time and must stay up.
///
/// Listens only on a Unix socket in its own temporary directory; `pg_ctl … -w` waits until the server accepts
/// connections (or has stopped) before it returns, so the test never guesses how long that takes. Run as `nobody`
/// when the tests run as root, as PostgreSQL refuses root.
final class RestartableServer: Sendable {
    let directory: String
    private let bin: String

    init() throws {
        guard let bin = PostgreSQLCluster.binDirectory else {
            throw TestFailure("no PostgreSQL binaries (initdb) were found")
        }
        self.bin = bin
        let directory = "/tmp/hearth-pgr-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: false)
        self.directory = directory
        if getuid() == 0 {
            guard chown(directory, 65534, 65534) == 0 else { throw TestFailure("chown \(directory) to nobody failed") }
        }
        try run(
            "initdb",
            ["-D", directory + "/data", "-U", "hearth", "--auth=trust", "-E", "UTF8", "--no-sync", "--no-locale"]
        )
        try start()
    }

    deinit {
        _ = try? run("pg_ctl", ["-D", directory + "/data", "-m", "immediate", "-w", "stop"])
        try? FileManager.default.removeItem(atPath: directory)
    }

    /// The libpq URL of its `postgres` database.
    var url: String { "postgresql:///postgres?host=\(directory)&port=5432&user=hearth" }

    /// Starts the server and returns once it accepts connections.
    func start() throws {
        let options = "-c listen_addresses='' -k \(directory) -p 5432 -c fsync=off"
        try run("pg_ctl", ["-D", directory + "/data", "-o", options, "-l", directory + "/server.log", "-w", "start"])
    }

    /// Stops the server as a crash would (`-m immediate`: no checkpoint, every session cut) and returns once it is
    /// gone.
    func crash() throws {
        try run("pg_ctl", ["-D", directory + "/data", "-m", "immediate", "-w", "stop"])
    }

    private func run(_ program: String, _ arguments: [String]) throws {
        var argv = ["-c", "cd / && exec \"$@\"", "sh"]
        if getuid() == 0 { argv += ["/usr/sbin/runuser", "-u", "nobody", "--"] }
        argv += [bin + "/" + program] + arguments
        let result = try ChildProcess.run("/bin/sh", argv, stderr: .stdout, timeout: .seconds(120))
        guard result.termination.succeeded else {
            throw TestFailure("\(program) \(arguments.joined(separator: " ")) failed: \(result.stdoutText)")
        }
    }
}
