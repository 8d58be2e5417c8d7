import Foundation
import HearthTestSupport
import JSON
import MatterModel
import Registry
import RegistrySQLite
import Synchronization
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `hearth db backup FILE` while `hearth serve` takes EXECUTEs on the same SQLite file: the copy is a registry at
/// one committed instant (each device's state agrees with the last command the change log recorded for it, both
/// written by one transaction), it opens and serves; an existing file is never replaced; a missing registry is
/// refused.
@Suite(.serialized)
struct DatabaseBackupTests {
    static let environment = ["HEARTH_DEVICES_SEED_FILE": ""]
    static let devices = ["hallway", "coffee-maker"]

    @Test func aBackupTakenUnderLoadIsOneCommittedInstant() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let database = directory.path("hearth.sqlite")
        let imported = try HearthCLI.run(
            ["devices", "import", RepositoryRoot.config("devices.json").path, "--database", database],
            in: directory.url,
            environment: Self.environment
        )
        #expect(imported.status == 0, "\(imported)")
        let issued = try HearthCLI.run(
            ["token", "issue", "--user", "demo-user", "--database", database],
            in: directory.url,
            environment: Self.environment
        )
        let token = try #require(issued.lines.last)
        let server = try await ServerProcess(
            ["--database", database],
            in: directory.url,
            environment: Self.environment
        )
        defer { server.kill() }

        // EXECUTEs keep committing on two devices while the backups are taken.
        let port = server.port
        let stop = StopFlag()
        let committed = EventCount()
        let load = Task {
            var index = 0
            while !stop.isSet {
                let device = Self.devices[index % 2]
                let on = (index / 2) % 2 == 0
                let status = try await Self.post(
                    port: port,
                    token: token,
                    #"{"requestId":"r\#(index)","inputs":[{"intent":"action.devices.EXECUTE","payload":{"commands":"#
                        + #"[{"devices":[{"id":"\#(device)"}],"execution":[{"command":"action.devices.commands.OnOff","#
                        + #""params":{"on":\#(on)}}]}]}}]}"#
                )
                #expect(status == 200)
                committed.increment()
                index += 1
            }
            return index
        }
        // The backups start once EXECUTEs are committing (and they go on until the last backup is written).
        #expect(await committed.waitAsync(atLeast: 1))
        var copies: [String] = []
        for number in 0..<3 {
            let copy = directory.path("backup-\(number).sqlite")
            let result = try HearthCLI.run(["db", "backup", copy, "--database", database], in: directory.url)
            #expect(result.status == 0, "\(result)")
            #expect(result.stdout.contains("backed up"), "\(result)")
            copies.append(copy)
        }
        stop.set()
        let executed = try await load.value
        #expect(executed > 0)

        for copy in copies {
            let store = try SQLiteRegistry(path: copy)
            defer { try? store.close() }
            #expect(try store.users().sorted() == ["demo-user", "guest-user"])
            #expect(try store.devices(forUser: "demo-user").count == 30)
            let commands = try store.changes(after: 0, limit: 100_000, users: nil, kinds: [.command])
            for device in Self.devices {
                let state = try #require(try store.devices(forUser: "demo-user", ids: [device])[device])
                let on = state.endpoints[0].cluster(.OnOff).bool("OnOff")
                // The last command recorded for the device is the state the device has in the same copy.
                if let last = commands.last(where: { $0.record.deviceId == device }) {
                    let changed = last.record.data["changed"]?.objectValue?["OnOff"]?.objectValue?["OnOff"]
                    #expect(
                        changed != nil && changed == on.map(JSONValue.bool),
                        "\(device): \(last.record.data), on \(String(describing: on))"
                    )
                }
            }
        }
        // The copy serves: a second server on it answers a QUERY.
        let restored = try await ServerProcess(
            ["--database", copies[0]],
            in: directory.url,
            environment: Self.environment
        )
        defer { restored.kill() }
        let query = try await restored.intent(
            #"{"requestId":"q","inputs":[{"intent":"action.devices.QUERY","payload":{"devices":[{"id":"hallway"}]}}]}"#,
            token: token
        )
        #expect(query.status == 200)
        #expect(query.json?["payload"]?["devices"]?["hallway"]?["online"] == .bool(true), "\(query.text)")
    }

    /// POSTs an intent; the HTTP status.
    static func post(port: Int, token: String, _ body: String) async throws -> Int {
        var request = URLRequest(url: URL(string: "http://127.0.0.1:\(port)/fulfillment")!)
        request.httpMethod = "POST"
        request.httpBody = Data(body.utf8)
        request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        let (_, response) = try await URLSession.shared.data(for: request)
        return (response as? HTTPURLResponse)?.statusCode ?? 0
    }

    @Test func anExistingFileIsNeverReplacedAndAMissingRegistryIsRefused() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let database = directory.path("hearth.sqlite")
        let imported = try HearthCLI.run(
            [
                "devices", "import", RepositoryRoot.config("devices.json").path,
                "--database", database,
            ],
            in: directory.url,
            environment: Self.environment
        )
        #expect(imported.status == 0, "\(imported)")
        let existing = try directory.write("existing.sqlite", "not to be replaced")
        let refused = try HearthCLI.run(["db", "backup", existing, "--database", database], in: directory.url)
        #expect(refused.status == 73, "\(refused)")
        #expect(refused.stderr.contains("exists already"), "\(refused)")
        #expect(try String(contentsOfFile: existing, encoding: .utf8) == "not to be replaced")

        let missing = try HearthCLI.run(
            ["db", "backup", directory.path("copy.sqlite"), "--database", directory.path("nothing.sqlite")],
            in: directory.url
        )
        #expect(missing.status == 66, "\(missing)")
        #expect(!FileManager.default.fileExists(atPath: directory.path("nothing.sqlite")))
        #expect(!FileManager.default.fileExists(atPath: directory.path("copy.sqlite")))
    }
}

/// Tells a loop in another task to end after its current step (cancelling the task would cancel its request).
private final class StopFlag: Sendable {
    private let flag = Atomic(false)

    var isSet: Bool { flag.load(ordering: .acquiring) }

    func set() { flag.store(true, ordering: .releasing) }
}
