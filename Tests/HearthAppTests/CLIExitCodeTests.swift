import Foundation
import HearthTestSupport
import MicroHTTPD
import Testing

/// How `hearth` exits and words its failures, as a user meets them: the real binary in a scratch directory (no
/// `Config/hearth.json` there), its exit status, its standard error, and the files it left behind. The codes are
/// the README's "Exit codes" table.
struct CLIExitCodeTests {
    /// A scratch directory; `hearth` runs in it.
    struct Scratch {
        let directory: TemporaryDirectory

        init() throws {
            directory = try TemporaryDirectory()
        }

        func path(_ name: String) -> String {
            directory.path(name)
        }

        func hearth(_ arguments: [String], environment: [String: String] = [:]) throws -> CommandResult {
            try HearthCLI.run(arguments, in: directory.url, environment: environment)
        }

        /// Every file in the directory (a failed start must not have created a database).
        var files: [String] {
            (try? FileManager.default.contentsOfDirectory(atPath: directory.url.path).sorted()) ?? []
        }
    }

    /// No seed (the scratch directory has no `Config/devices.json`), unless a test sets one.
    static let noSeed = ["HEARTH_DEVICES_SEED_FILE": ""]

    /// A runtime failure: its code, one `Error:` line, no usage block (that is for command-line mistakes).
    static func expectRuntimeFailure(_ result: CommandResult, _ status: Int32, mentioning fragments: [String]) {
        #expect(result.reason == .exit && result.status == status, "expected exit \(status): \(result)")
        #expect(!result.stderr.contains("Usage:"), "a runtime failure shows no usage block: \(result)")
        #expect(result.stderr.hasPrefix("Error: "), "\(result)")
        for fragment in fragments {
            #expect(result.stderr.contains(fragment), "\(fragment) in \(result)")
        }
        #expect(!result.stderr.contains("SQLite error"), "SQLite's code is put in words: \(result)")
    }

    // MARK: - Commands on a registry

    @Test(arguments: [
        ["devices", "list", "--user", "alice"],
        ["devices", "validate", "--user", "alice"],
        ["token", "issue", "--user", "alice"],
        ["devices", "set", "--user", "alice", "--device", "lamp", "OnOff.OnOff=true"],
    ])
    func aCommandWithoutADatabaseExits66NamingThePathAndCreatesNothing(_ command: [String]) throws {
        let scratch = try Scratch()
        defer { scratch.directory.remove() }
        let result = try scratch.hearth(command + ["--database", "missing.sqlite"])
        Self.expectRuntimeFailure(
            result,
            66,
            mentioning: ["no database at missing.sqlite", scratch.directory.url.path, "hearth devices import FILE"]
        )
        #expect(scratch.files.isEmpty, "nothing created: \(scratch.files)")
    }

    /// `--help` on any command prints its help and exits 0 (it used to end in "an internal error", exit 70).
    @Test(arguments: [
        ["--help"], ["serve", "--help"], ["apikeys", "create", "--help"], ["devices", "set", "--help"],
    ])
    func helpExitsZero(arguments: [String]) throws {
        let scratch = try Scratch()
        defer { scratch.directory.remove() }
        let result = try scratch.hearth(arguments)
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.contains("USAGE: hearth"), "\(result)")
        #expect(!result.stderr.contains("internal error"), "\(result)")
    }

    @Test func anUnknownUserExits67() throws {
        let scratch = try Scratch()
        defer { scratch.directory.remove() }
        let file = try scratch.directory.write("home.json", TestHomes.twoUsers)
        try #require(try scratch.hearth(["devices", "import", file, "--database", "h.sqlite"]).status == 0)
        let result = try scratch.hearth(["devices", "list", "--user", "mallory", "--database", "h.sqlite"])
        Self.expectRuntimeFailure(result, 67, mentioning: [#"no user "mallory""#, "check --user"])
    }

    @Test func devicesSetTellsAMalformedArgumentFromAChangeTheDeviceCannotTake() throws {
        let scratch = try Scratch()
        defer { scratch.directory.remove() }
        let file = try scratch.directory.write("home.json", TestHomes.twoUsers)
        try #require(try scratch.hearth(["devices", "import", file, "--database", "h.sqlite"]).status == 0)
        func set(_ device: String, _ assignment: String) throws -> CommandResult {
            try scratch.hearth([
                "devices", "set", "--user", "bob", "--device", device, assignment, "--database", "h.sqlite",
            ])
        }
        let malformed = try set("bob-light", "OnOff")
        #expect(malformed.status == 64 && malformed.stderr.contains("expected Cluster.Attribute=VALUE"), "\(malformed)")
        #expect(malformed.stderr.contains("Usage:"), "\(malformed)")
        Self.expectRuntimeFailure(
            try set("nothing-here", "OnOff.OnOff=true"),
            65,
            mentioning: [#"user "bob" has no device "nothing-here""#, "hearth devices list --user bob"]
        )
        Self.expectRuntimeFailure(
            try set("bob-light", "Thermostat.SystemMode=4"),
            65,
            mentioning: ["the device has no Thermostat cluster"]
        )
    }

    // MARK: - devices validate

    @Test func validateExitsZeroOneSixtyFiveOrSixtySix() throws {
        let scratch = try Scratch()
        defer { scratch.directory.remove() }
        let fine = try scratch.directory.write(
            "fine.json",
            #"{"users":[{"agentUserId":"u","devices":[{"id":"l","name":"L","deviceTypes":["OnOffLight"],"room":"Hall"}]}]}"#
        )
        let rejected = try scratch.directory.write(
            "rejected.json",
            #"{"users":[{"agentUserId":"u","devices":[{"id":"l","name":"L","deviceTypes":["OnOffLight"],"room":"Hall","#
                + #""basicInformation":{"vendorID":1,"productID":2,"uniqueID":""}}]}]}"#
        )
        let invalid = try scratch.directory.write(
            "invalid.json",
            #"{"users":[{"agentUserId":"u","devices":[{"id":1}]}]}"#
        )
        let notJSON = try scratch.directory.write("notes.txt", "users: u\n")

        #expect(try scratch.hearth(["devices", "validate", fine]).status == 0)
        let rejection = try scratch.hearth(["devices", "validate", rejected])
        #expect(rejection.status == 1 && rejection.stdout.contains("REJECTED"), "\(rejection)")
        Self.expectRuntimeFailure(try scratch.hearth(["devices", "validate", invalid]), 65, mentioning: [invalid])
        Self.expectRuntimeFailure(try scratch.hearth(["devices", "validate", notJSON]), 65, mentioning: ["JSON"])
        Self.expectRuntimeFailure(
            try scratch.hearth(["devices", "validate", "absent.json"]),
            66,
            mentioning: ["absent.json", "does not exist", "relative to the working directory"]
        )
        // A directory exists but cannot be read as a file.
        Self.expectRuntimeFailure(
            try scratch.hearth(["devices", "validate", scratch.directory.url.path]),
            66,
            mentioning: ["cannot be read"]
        )
    }

    @Test func validateWithoutAFileOrAUserIsAUsageError() throws {
        let scratch = try Scratch()
        defer { scratch.directory.remove() }
        let result = try scratch.hearth(["devices", "validate"])
        #expect(result.status == 64, "\(result)")
        #expect(result.stderr.contains("Error: give a device FILE or --user ID"), "\(result)")
        #expect(!result.stderr.contains("not both"), "\(result)")
        #expect(result.stderr.contains("Usage: hearth devices validate"), "a usage error shows the usage: \(result)")
    }

    // MARK: - serve: everything checked before anything is written

    @Test func serveWithADatabaseInAMissingDirectoryExits73NamingIt() throws {
        let scratch = try Scratch()
        defer { scratch.directory.remove() }
        let database = scratch.path("no-such-dir/h.sqlite")
        let result = try scratch.hearth(["serve", "--port", "0", "--database", database], environment: Self.noSeed)
        Self.expectRuntimeFailure(
            result,
            73,
            mentioning: [database, "the directory \(scratch.path("no-such-dir")) does not exist"]
        )
        #expect(!result.stdout.contains("listening"), "\(result)")
        #expect(scratch.files.isEmpty, "\(scratch.files)")
    }

    @Test func serveWithAMissingSeedFileSaysItIsTheSeedRelativeToTheWorkingDirectory() throws {
        let scratch = try Scratch()
        defer { scratch.directory.remove() }
        // The default devices.seedFile, Config/devices.json, is not in this working directory.
        let result = try scratch.hearth(["serve", "--port", "0", "--database", "h.sqlite"])
        Self.expectRuntimeFailure(
            result,
            66,
            mentioning: [
                "devices.seedFile Config/devices.json",
                "relative to the working directory \(scratch.directory.url.path)",
                #"or to "" to start empty"#,
            ]
        )
        #expect(scratch.files.isEmpty, "no database created before the seed was found missing: \(scratch.files)")
    }

    @Test func serveWithAnInvalidSeedFileExits65AndCreatesNoDatabase() throws {
        let scratch = try Scratch()
        defer { scratch.directory.remove() }
        let seed = try scratch.directory.write(
            "seed.json",
            #"{"users":[{"agentUserId":"u","devices":[{"id":"x","name":"X","deviceTypes":["Toaster"]}]}]}"#
        )
        let result = try scratch.hearth(
            ["serve", "--port", "0", "--database", "h.sqlite"],
            environment: ["HEARTH_DEVICES_SEED_FILE": seed]
        )
        Self.expectRuntimeFailure(result, 65, mentioning: [seed, "Toaster", "devices.seedFile"])
        #expect(scratch.files == ["seed.json"], "\(scratch.files)")
    }

    @Test func serveOnABusyPortExits69BeforeSeedingADatabase() throws {
        let scratch = try Scratch()
        defer { scratch.directory.remove() }
        let seed = try scratch.directory.write("seed.json", TestHomes.twoUsers)
        let occupied = try ListeningSocket(host: "127.0.0.1", port: 0)
        defer { occupied.close() }
        let result = try scratch.hearth(
            ["serve", "--host", "127.0.0.1", "--port", "\(occupied.port)", "--database", "h.sqlite"],
            environment: ["HEARTH_DEVICES_SEED_FILE": seed]
        )
        Self.expectRuntimeFailure(
            result,
            69,
            mentioning: ["127.0.0.1:\(occupied.port)", "Address already in use", "choose another port"]
        )
        #expect(scratch.files == ["seed.json"], "the seed import did not run: \(scratch.files)")
    }

    @Test(arguments: ["example.com", "10.0.0.1.5", "fe80::1%lo"])
    func serveWithABadHostFlagIsAUsageErrorAndCreatesNothing(_ host: String) throws {
        let scratch = try Scratch()
        defer { scratch.directory.remove() }
        let result = try scratch.hearth(["serve", "--host", host, "--port", "0", "--database", "h.sqlite"])
        #expect(result.status == 64, "\(result)")
        #expect(result.stderr.contains("--host \"\(host)\" is not an IP address"), "\(result)")
        #expect(result.stderr.contains("::1"), "says what is accepted: \(result)")
        #expect(scratch.files.isEmpty, "\(scratch.files)")
    }

    @Test func serveWithABadConfiguredHostOrAnAddressNotOfThisMachineExits78AndCreatesNothing() throws {
        let scratch = try Scratch()
        defer { scratch.directory.remove() }
        let config = try scratch.directory.write("hearth.json", #"{"http": {"host": "example.com"}}"#)
        let named = try scratch.hearth(
            ["serve", "--config", config, "--port", "0", "--database", "h.sqlite"],
            environment: Self.noSeed
        )
        Self.expectRuntimeFailure(named, 78, mentioning: [#""example.com" is not an IP address"#])
        // 192.0.2.1 (TEST-NET-1, RFC 5737) is no address of this machine.
        let foreign = try scratch.hearth(
            ["serve", "--host", "192.0.2.1", "--port", "0", "--database", "h.sqlite"],
            environment: Self.noSeed
        )
        Self.expectRuntimeFailure(foreign, 78, mentioning: ["192.0.2.1", "address of this machine"])
        #expect(scratch.files == ["hearth.json"], "\(scratch.files)")
    }

    @Test func aConfigurationMistakeExits78() throws {
        let scratch = try Scratch()
        defer { scratch.directory.remove() }
        let config = try scratch.directory.write("hearth.json", #"{"database": {"pth": "other.sqlite"}}"#)
        let result = try scratch.hearth(["devices", "list", "--user", "u", "--config", config])
        Self.expectRuntimeFailure(result, 78, mentioning: ["database.pth"])
    }

    // MARK: - IPv6

    /// Whether this machine can listen on the IPv6 loopback.
    static var hasIPv6Loopback: Bool {
        (try? ListeningSocket(host: "::1", port: 0)) != nil
    }

    /// `curl -g URL` (the brackets of an IPv6 literal are not a glob): the body, or nil when curl failed.
    /// The body of a 2xx answer to `GET url` (`-g`: IPv6 literals in brackets), `nil` for anything else.
    static func curl(_ url: String) throws -> String? {
        let result = try Curl.run(["-g", url])
        return (200..<300).contains(result.status) ? result.body : nil
    }

    @Test(arguments: [("::1", ["[::1]"]), ("::", ["[::1]", "127.0.0.1"])])
    func serveListensOnIPv6AndPrintsABracketedURL(host: String, reachableAt clients: [String]) async throws {
        guard Self.hasIPv6Loopback else {
            print("skipped: this machine has no IPv6 loopback (::1)")
            return
        }
        let scratch = try Scratch()
        defer { scratch.directory.remove() }
        // `--host` given twice: the last one wins over ServerProcess's 127.0.0.1.
        let server = try await ServerProcess(
            ["--host", host, "--database", scratch.path("h.sqlite")],
            in: scratch.directory.url,
            environment: Self.noSeed
        )
        defer { server.kill() }
        #expect(server.stdout.contains("hearth listening on http://[\(host)]:\(server.port)\n"), "\(server.stdout)")
        for client in clients {
            let body = try Self.curl("http://\(client):\(server.port)/healthz")
            #expect(body == #"{"status":"ok"}"#, "GET http://\(client):\(server.port)/healthz")
        }
        #expect(server.stop() == ServerProcess.Termination(reason: .exit, status: 0), "\(server.stderr)")
    }
}
