import Foundation
import Synchronization

/// One throwaway PostgreSQL cluster per test process, started on first use: `initdb` into a temporary directory,
/// `postgres` listening only on a Unix socket in that directory (no TCP port, so parallel test processes never
/// collide), stopped (`pg_ctl stop -m immediate`) and removed when the process exits. Each test asks for its own
/// database (``createDatabase()``), so tests share the server but never data.
///
/// PostgreSQL refuses to run as root: when the tests run as root (CI does), the directory is given to `nobody` and
/// `initdb`, `pg_ctl` run through `runuser -u nobody`. Authentication is `trust` on the socket only, which only
/// processes on this machine that can reach the private directory can use.
///
/// Without PostgreSQL's binaries the PostgreSQL tests are skipped (``testsEnabled`` is false, with
/// ``skipNote``), unless `HEARTH_REQUIRE_POSTGRES=1` (CI) makes them run and fail instead.
public final class PostgreSQLCluster: Sendable {
    /// The cluster superuser every test connects as.
    public static let user = "hearth"

    /// The directory holding PostgreSQL's programs (`initdb`, `pg_ctl`, `createdb`), if any is installed:
    /// `HEARTH_POSTGRES_BIN`, else the newest `/usr/lib/postgresql/N/bin`, else `pg_config --bindir`'s answer.
    public static let binDirectory: String? = findBinDirectory()

    /// Whether CI demands the PostgreSQL tests (`HEARTH_REQUIRE_POSTGRES=1`).
    public static let required = ProcessInfo.processInfo.environment["HEARTH_REQUIRE_POSTGRES"] == "1"

    /// Whether the PostgreSQL tests run: PostgreSQL is installed, or it is required (and its absence then fails).
    public static let testsEnabled = binDirectory != nil || required

    /// Why PostgreSQL tests were skipped.
    public static let skipNote =
        "PostgreSQL tests skipped: no initdb found (install postgresql, or set HEARTH_POSTGRES_BIN); "
        + "HEARTH_REQUIRE_POSTGRES=1 makes this a failure"

    /// The Unix-socket directory (also the cluster's home).
    public let directory: String
    /// The socket's port number (names the socket file; no TCP listener).
    public let port: Int
    private let binDirectory: String
    private let databases = Mutex(0)

    private static let shared = Mutex<Result<PostgreSQLCluster, any Error>?>(nil)

    /// The process's cluster, started on first call.
    public static func start() throws -> PostgreSQLCluster {
        try shared.withLock { shared in
            if let shared { return try shared.get() }
            let result = Result { try PostgreSQLCluster() }
            shared = result
            if case .success(let cluster) = result {
                stopAtExit.withLock { $0 = (cluster.binDirectory, cluster.directory) }
                atexit {
                    guard let (bin, directory) = PostgreSQLCluster.stopAtExit.withLock({ $0 }) else { return }
                    _ = try? PostgreSQLCluster.run(
                        bin + "/pg_ctl",
                        ["-D", directory + "/data", "-m", "immediate", "-w", "stop"],
                        asClusterOwner: true
                    )
                    try? FileManager.default.removeItem(atPath: directory)
                }
            }
            return try result.get()
        }
    }

    private static let stopAtExit = Mutex<(String, String)?>(nil)

    private init() throws {
        guard let binDirectory = Self.binDirectory else {
            throw TestFailure("HEARTH_REQUIRE_POSTGRES=1 but no PostgreSQL binaries (initdb) were found")
        }
        self.binDirectory = binDirectory
        self.port = 5432
        // Short: a Unix socket path is limited to about 100 bytes.
        let directory = "/tmp/hearth-pg-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: false)
        self.directory = directory
        if getuid() == 0 {
            guard chown(directory, 65534, 65534) == 0 else { throw TestFailure("chown \(directory) to nobody failed") }
        }
        try Self.run(
            binDirectory + "/initdb",
            ["-D", directory + "/data", "-U", Self.user, "--auth=trust", "-E", "UTF8", "--no-sync", "--no-locale"],
            asClusterOwner: true
        )
        let options =
            "-c listen_addresses='' -k \(directory) -p \(port) -c fsync=off -c synchronous_commit=off "
            + "-c full_page_writes=off -c max_connections=200"
        try Self.run(
            binDirectory + "/pg_ctl",
            ["-D", directory + "/data", "-o", options, "-l", directory + "/server.log", "-w", "start"],
            asClusterOwner: true
        )
    }

    /// A new, empty database of its own; returns its libpq URL.
    public func createDatabase() throws -> String {
        let number = databases.withLock { count in
            count += 1
            return count
        }
        let name = "test_\(number)_\(UInt32.random(in: 0...UInt32.max))"
        try Self.run(
            binDirectory + "/createdb",
            ["-h", directory, "-p", String(port), "-U", Self.user, name],
            asClusterOwner: false
        )
        return url(database: name)
    }

    /// The libpq URL of a database of this cluster (over its Unix socket).
    public func url(database: String) -> String {
        "postgresql:///\(database)?host=\(directory)&port=\(port)&user=\(Self.user)"
    }

    /// Runs a PostgreSQL program to its end; throws with its output when it fails.
    ///
    /// Its output goes to a file: `pg_ctl start` leaves a server behind that inherits the child's stdout, so a pipe
    /// would never see its end (and Foundation's `Process.waitUntilExit` was seen never to return after it).
    @discardableResult
    static func run(_ program: String, _ arguments: [String], asClusterOwner: Bool) throws -> String {
        // Programs run as nobody cannot read root's working directory: the shell moves to / first.
        var argv = ["/bin/sh", "-c", "cd / && exec \"$@\"", "sh"]
        if asClusterOwner && getuid() == 0 { argv += ["/usr/sbin/runuser", "-u", "nobody", "--"] }
        argv += [program] + arguments
        let result = try ChildProcess.run(argv[0], Array(argv.dropFirst()), stderr: .stdout, timeout: .seconds(300))
        guard result.termination.succeeded else {
            throw TestFailure("\(argv.joined(separator: " ")) failed (\(result.termination)): \(result.stdoutText)")
        }
        return result.stdoutText
    }

    private static func findBinDirectory() -> String? {
        let manager = FileManager.default
        if let bin = ProcessInfo.processInfo.environment["HEARTH_POSTGRES_BIN"] {
            return manager.isExecutableFile(atPath: bin + "/initdb") ? bin : nil
        }
        let versions = (try? manager.contentsOfDirectory(atPath: "/usr/lib/postgresql")) ?? []
        for version in versions.compactMap(Int.init).sorted(by: >) {
            let bin = "/usr/lib/postgresql/\(version)/bin"
            if manager.isExecutableFile(atPath: bin + "/initdb") { return bin }
        }
        for path in ["/usr/bin", "/usr/local/bin", "/opt/homebrew/bin"]
        where manager.isExecutableFile(atPath: path + "/initdb") {
            return path
        }
        return nil
    }
}
