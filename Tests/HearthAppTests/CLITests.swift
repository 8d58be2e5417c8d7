import Clocks
import Foundation
import HearthTestSupport
import JSON
import MatterModel
import RegistrySQLite
import Testing

@testable import Registry

/// One test's scratch directory and database, and `hearth` run in that directory against that database (no
/// `Config/hearth.json` there, so only defaults and flags apply).
private struct Workspace {
    let directory: TemporaryDirectory
    let database: String

    init() throws {
        directory = try TemporaryDirectory()
        database = directory.path("hearth.sqlite")
    }

    /// `hearth arguments… --database <this test's database>`.
    func hearth(_ arguments: String..., environment: [String: String] = [:]) throws -> CommandResult {
        try HearthCLI.run(arguments + ["--database", database], in: directory.url, environment: environment)
    }

    /// `hearth` exactly as given.
    func hearthWithoutDatabase(_ arguments: String..., environment: [String: String] = [:]) throws -> CommandResult {
        try HearthCLI.run(arguments, in: directory.url, environment: environment)
    }

    /// Imports a device file given as text; the import must succeed.
    @discardableResult
    func importDevices(_ text: String, name: String = "devices.json") throws -> CommandResult {
        let file = try directory.write(name, text)
        let result = try hearth("devices", "import", file)
        try #require(result.status == 0, "import of \(name) failed: \(result)")
        return result
    }

    /// `hearth devices list --user ID` as rows by device id (the header dropped); the command must succeed.
    func list(_ user: String) throws -> [String: String] {
        let result = try hearth("devices", "list", "--user", user)
        try #require(result.status == 0, "devices list --user \(user) failed: \(result)")
        var rows: [String: String] = [:]
        for line in result.lines.dropFirst() {
            guard let id = line.split(separator: " ").first else { continue }
            rows[String(id)] = line
        }
        return rows
    }

    func remove() {
        directory.remove()
    }
}

/// A device file with one user and the given device objects.
private func deviceFile(user: String, _ devices: String...) -> String {
    #"{"users":[{"agentUserId":"\#(user)","devices":[\#(devices.joined(separator: ","))]}]}"#
}

/// A bad device file, and what the refusal must name.
struct RefusedDevice: CustomTestStringConvertible, Sendable {
    let name: String
    /// A device object that is wrong in exactly one field.
    let json: String
    let device: String
    let field: String

    var testDescription: String { name }

    static let all = [
        RefusedDevice(
            name: "unknown device type",
            json: #"{"id":"bad","name":"Bad","deviceTypes":["Toaster"]}"#,
            device: "bad",
            field: "deviceTypes[0]"
        ),
        RefusedDevice(
            name: "attribute outside its Matter range",
            json: #"""
                {"id":"bad","name":"Bad","deviceTypes":["DimmableLight"],
                 "clusters":{"LevelControl":{"CurrentLevel":300}}}
                """#,
            device: "bad",
            field: "clusters.LevelControl.CurrentLevel"
        ),
        RefusedDevice(
            name: "duplicate device id",
            json: #"{"id":"new-valid","name":"Again","deviceTypes":["OnOffLight"]}"#,
            device: "new-valid",
            field: "id"
        ),
        RefusedDevice(
            name: "missing name",
            json: #"{"id":"bad","deviceTypes":["OnOffLight"]}"#,
            device: "bad",
            field: "name"
        ),
        RefusedDevice(
            name: "unknown attribute",
            json: #"{"id":"bad","name":"Bad","deviceTypes":["OnOffLight"],"clusters":{"OnOff":{"Brightness":3}}}"#,
            device: "bad",
            field: "clusters.OnOff.Brightness"
        ),
        RefusedDevice(
            name: "thermostat user limit beyond its absolute limit",
            json: #"""
                {"id":"bad","name":"Bad","deviceTypes":["Thermostat"],
                 "clusters":{"Thermostat":{"AbsMaxHeatSetpointLimit":2800,"MaxHeatSetpointLimit":2900}}}
                """#,
            device: "bad",
            field: "clusters.Thermostat.MaxHeatSetpointLimit"
        ),
        RefusedDevice(
            name: "thermostat mode the sequence makes impossible",
            json:
                #"{"id":"bad","name":"Bad","deviceTypes":["Thermostat"],"clusters":{"Thermostat":{"ControlSequenceOfOperation":2,"SystemMode":3}}}"#,
            device: "bad",
            field: "clusters.Thermostat.SystemMode"
        ),
        RefusedDevice(
            name: "wrong type",
            json: #"{"id":"bad","name":"Bad","deviceTypes":["OnOffLight"],"online":"yes"}"#,
            device: "bad",
            field: "online"
        ),
    ]
}

/// `hearth devices …` and `hearth token …` as a user runs them: the real binary on a real SQLite file.
struct CLITests {
    /// A valid new device, put before the bad one so that a partial import would leave it behind.
    static let newValid = #"{"id":"new-valid","name":"New valid","deviceTypes":["OnOffLight"]}"#
    /// A valid update of alice's existing `lamp`, which a partial import would apply.
    static let renamedLamp = #"{"id":"lamp","name":"Renamed lamp","deviceTypes":["DimmableLight"]}"#

    // MARK: - devices import

    /// `devices list` pads its columns by characters: a name with an emoji (outside the Basic Multilingual Plane) is
    /// printed whole, and the next column starts at the same character offset on every line.
    @Test func listPrintsNamesOutsideTheBasicPlaneWholeAndAligned() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        _ = try workspace.importDevices(
            deviceFile(
                user: "alice",
                #"{"id":"lamp","name":"Küche 💡","room":"Küche","deviceTypes":["OnOffLight"]}"#,
                #"{"id":"plug-with-a-long-id","name":"Plug","deviceTypes":["OnOffPlugInUnit"]}"#
            )
        )
        let result = try workspace.hearth("devices", "list", "--user", "alice")
        try #require(result.status == 0, "\(result)")
        let lines = result.lines.filter { !$0.isEmpty }
        #expect(lines.count == 3, "\(result)")
        let lamp = try #require(lines.first { $0.hasPrefix("lamp ") }, "\(result)")
        #expect(lamp.contains("Küche 💡  "), "\(lamp)")
        #expect(!lamp.contains("\u{FFFD}"), "\(lamp)")
        // The type column ("TYPE" in the header, the device types below) starts at one character offset.
        let offsets = lines.compactMap { line in
            ["TYPE", "OnOffLight", "OnOffPlugInUnit"].lazy.compactMap { line.range(of: $0) }.first.map {
                line.distance(from: line.startIndex, to: $0.lowerBound)
            }
        }
        #expect(offsets.count == 3 && Set(offsets).count == 1, "\(offsets): \(result)")
    }

    @Test func importPrintsASummary() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let file = try workspace.directory.write("home.json", TestHomes.twoUsers)
        let result = try workspace.hearth("devices", "import", file)
        #expect(result.status == 0, "\(result)")
        #expect(result.lines == ["imported \(file): 2 user(s), 6 device(s) added, 0 updated"])
        #expect(try workspace.list("alice").count == 5)
        #expect(try workspace.list("bob").keys.sorted() == ["bob-light"])
    }

    @Test func reimportUpsertsChangedDevices() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        try workspace.importDevices(TestHomes.twoUsers)
        #expect(try workspace.list("alice")["lamp"]?.contains("Lamp") == true)

        let changed = TestHomes.twoUsers.replacingOccurrences(of: #""name": "Lamp""#, with: #""name": "Desk lamp""#)
        try #require(changed != TestHomes.twoUsers)
        let file = try workspace.directory.write("changed.json", changed)
        let result = try workspace.hearth("devices", "import", file)
        #expect(result.status == 0, "\(result)")
        #expect(result.lines == ["imported \(file): 2 user(s), 0 device(s) added, 6 updated"])
        let rows = try workspace.list("alice")
        #expect(rows.count == 5, "re-import must not duplicate devices: \(rows)")
        #expect(rows["lamp"]?.contains("Desk lamp") == true, "\(rows)")
    }

    @Test func importOfAnotherFileKeepsEarlierDevices() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        try workspace.importDevices(
            deviceFile(user: "carol", #"{"id":"first","name":"First","deviceTypes":["OnOffLight"]}"#),
            name: "first.json"
        )
        let second = try workspace.importDevices(
            deviceFile(user: "carol", #"{"id":"second","name":"Second","deviceTypes":["OnOffPlugInUnit"]}"#),
            name: "second.json"
        )
        #expect(second.stdout.contains("1 user(s), 1 device(s) added, 0 updated"), "\(second)")
        let rows = try workspace.list("carol")
        #expect(rows.keys.sorted() == ["first", "second"])
        #expect(rows["second"]?.contains("OnOffPlugInUnit") == true)
    }

    @Test(arguments: RefusedDevice.all)
    func importRefusesABadFileWhole(_ bad: RefusedDevice) throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        try workspace.importDevices(TestHomes.twoUsers)
        let file = try workspace.directory.write(
            "bad.json",
            deviceFile(user: "alice", Self.renamedLamp, Self.newValid, bad.json)
        )

        let result = try workspace.hearth("devices", "import", file)
        #expect(result.status != 0, "\(result)")
        #expect(result.stdout.isEmpty, "no summary for a refused file: \(result)")
        #expect(result.stderr.contains(#"user "alice""#), "\(result)")
        #expect(result.stderr.contains(#"device "\#(bad.device)""#), "\(result)")
        #expect(result.stderr.contains(#"field "\#(bad.field)""#), "\(result)")

        let rows = try workspace.list("alice")
        #expect(rows["new-valid"] == nil, "all or nothing: the valid device before the bad one was imported")
        #expect(rows.count == 5)
        #expect(rows["lamp"]?.contains("Renamed lamp") == false, "all or nothing: the update was applied")
    }

    /// `devices set` checks a thermostat like an import: a mode Matter does not allow (the reserved 2), or a user
    /// limit beyond its absolute one, is refused naming the attribute and changes nothing; Sleep, which Matter
    /// allows, and a limit inside are kept.
    @Test func devicesSetChecksThermostatModesAndLimits() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        try workspace.importDevices(
            deviceFile(user: "alice", #"{"id":"t","name":"T","deviceTypes":["Thermostat"]}"#)
        )
        func set(_ assignment: String) throws -> CommandResult {
            try workspace.hearth("devices", "set", "--user", "alice", "--device", "t", assignment)
        }
        let reserved = try set("Thermostat.SystemMode=2")
        #expect(reserved.status != 0, "\(reserved)")
        #expect(reserved.stderr.contains("Thermostat.SystemMode: 2 is reserved"), "\(reserved)")
        let sleep = try set("Thermostat.SystemMode=9")
        #expect(sleep.status == 0, "Sleep is a mode Matter allows: \(sleep)")
        let beyond = try set("Thermostat.MaxHeatSetpointLimit=3100")
        #expect(beyond.status != 0, "\(beyond)")
        #expect(beyond.stderr.contains("Thermostat.MaxHeatSetpointLimit: 3100 is outside"), "\(beyond)")
        let inside = try set("Thermostat.MaxHeatSetpointLimit=2500")
        #expect(inside.status == 0, "\(inside)")
        let store = try SQLiteRegistry(path: workspace.database)
        defer { try? store.close() }
        let devices = try store.devices(forUser: "alice")
        let thermostat = try #require(devices.first { $0.id == "t" }).endpoints[0].cluster(.Thermostat)
        #expect(thermostat.int("SystemMode") == 9)
        #expect(thermostat.int("MaxHeatSetpointLimit") == 2500)
    }

    /// `devices set` records a `state` change by `cli` in the change log, in its own transaction; a refused set
    /// records nothing.
    @Test func devicesSetRecordsAStateChangeByCLI() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        try workspace.importDevices(
            deviceFile(user: "alice", #"{"id":"p","name":"P","deviceTypes":["OnOffPlugInUnit"]}"#)
        )
        #expect(
            try workspace.hearth("devices", "set", "--user", "alice", "--device", "p", "OnOff.OnOff=true").status == 0
        )
        #expect(try workspace.hearth("devices", "set", "--user", "alice", "--device", "p", "OnOff.Nope=1").status != 0)
        let store = try SQLiteRegistry(path: workspace.database)
        defer { try? store.close() }
        let states = try store.changes(after: 0, limit: 10, users: nil, kinds: [.state])
        #expect(states.count == 1)
        #expect(states.first?.record.deviceId == "p")
        #expect(states.first?.record.data["by"] == "cli")
        #expect(states.first?.record.data["clusters"] == ["OnOff": ["OnOff": true]])
    }

    @Test func importRefusesAFileWhoseSecondUserIsBad() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let file = try workspace.directory.write(
            "bad.json",
            #"""
            {"users": [
              {"agentUserId": "alice", "devices": [\#(Self.newValid)]},
              {"agentUserId": "bob", "devices": [{"id": "bob-light", "name": "", "deviceTypes": ["OnOffLight"]}]}
            ]}
            """#
        )
        let result = try workspace.hearth("devices", "import", file)
        #expect(result.status != 0, "\(result)")
        #expect(result.stderr.contains(#"user "bob", device "bob-light", field "name""#), "\(result)")
        let list = try workspace.hearth("devices", "list", "--user", "alice")
        #expect(list.status != 0, "alice must not exist after a refused import: \(list)")
    }

    @Test func importRefusesAFileThatIsNotJSON() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        try workspace.importDevices(TestHomes.twoUsers)
        let file = try workspace.directory.write("notes.txt", "users: alice\n  - lamp\n")
        let result = try workspace.hearth("devices", "import", file)
        #expect(result.status != 0, "\(result)")
        #expect(result.stderr.contains(file), "the message names the file: \(result)")
        #expect(result.stderr.contains("malformed JSON"), "\(result)")
        #expect(try workspace.list("alice").count == 5)
    }

    /// Deploy/README imports the real home through a pipe (`systemd-run --pipe`, `docker exec -i`): the file needs
    /// no path the service's user can read.
    @Test func importAndValidateReadAPipe() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let validated = try HearthCLI.run(
            ["devices", "validate", "/dev/stdin"],
            in: workspace.directory.url,
            input: Data(TestHomes.twoUsers.utf8)
        )
        #expect(validated.status == 0, "\(validated)")
        let imported = try HearthCLI.run(
            ["devices", "import", "/dev/stdin", "--database", workspace.database],
            in: workspace.directory.url,
            input: Data(TestHomes.twoUsers.utf8)
        )
        #expect(imported.status == 0, "\(imported)")
        #expect(try !workspace.list("alice").isEmpty, "alice's devices were imported")
    }

    @Test func importRefusesAMissingFile() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let missing = workspace.directory.path("no-such-file.json")
        let result = try workspace.hearth("devices", "import", missing)
        #expect(result.status == 66, "EX_NOINPUT: \(result)")
        #expect(result.stderr.contains("no-such-file.json") && result.stderr.contains("does not exist"), "\(result)")
        #expect(!FileManager.default.fileExists(atPath: workspace.database), "nothing imported: no database")
        #expect(result.stdout.isEmpty)
    }

    // MARK: - devices list

    @Test func listShowsDevicesConnectivityAndMatterState() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let result = try workspace.hearth("devices", "import", RepositoryRoot.config("devices.json").path)
        try #require(result.status == 0, "\(result)")
        #expect(result.stdout.contains("2 user(s), 33 device(s) added, 0 updated"), "\(result)")

        let rows = try workspace.list("demo-user")
        let expected = [
            "kitchen-ceiling", "kitchen-counter", "living-room-lamp", "living-room-ceiling", "hallway", "porch",
            "bedroom-ceiling", "bedside-left", "office-desk", "coffee-maker", "tv-plug", "garden-lights",
            "ceiling-fan", "air-purifier", "hallway-thermostat", "bedroom-ac", "balcony-temperature",
            "bathroom-humidity", "living-room-blinds", "front-door", "hall-window-contact", "hallway-motion",
            "kitchen-leak", "hallway-smoke-co", "hall-dimmer-plug", "patio-speaker", "robot-vacuum", "laundry-washer",
            "kitchen-dishwasher", "living-room-speaker-lamp",
        ]
        #expect(rows.keys.sorted() == expected.sorted())
        for (id, row) in rows {
            let words = row.split(separator: " ").map(String.init)
            if id == "porch" {
                #expect(words.contains("offline") && !words.contains("online"), "\(row)")
            } else if id == "living-room-speaker-lamp" {
                #expect(words.contains("partiallyOnline") && words.contains("Speaker+DimmableLight"), "\(row)")
            } else {
                #expect(words.contains("online") && !words.contains("offline"), "\(row)")
            }
        }
        let kitchen = try #require(rows["kitchen-ceiling"])
        for fragment in [
            "Kitchen ceiling", "ExtendedColorLight", "Kitchen", "OnOff=true", "CurrentLevel=254",
            "ColorTemperatureMireds=370", "ColorMode=2",
        ] {
            #expect(kitchen.contains(fragment), "\(fragment) in \(kitchen)")
        }
        #expect(rows["kitchen-counter"]?.contains("CurrentHue=170") == true)
        #expect(rows["hallway"]?.contains("OnOff=false") == true)
        #expect(try workspace.list("guest-user").keys.sorted() == ["guest-ceiling", "guest-heater-plug", "guest-lamp"])
    }

    @Test func listShowsTheThreeConnectivityStatesAndStatePerEndpoint() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        func composed(_ id: String, first: Bool, second: Bool) -> String {
            """
            {"id": "\(id)", "name": "Composed \(id)", "endpoints": [
              {"deviceType": "OnOffPlugInUnit", "online": \(first), "clusters": {"OnOff": {"OnOff": true}}},
              {"deviceType": "DimmableLight", "online": \(second), "clusters": {"LevelControl": {"CurrentLevel": 77}}}]}
            """
        }
        try workspace.importDevices(
            deviceFile(
                user: "carol",
                composed("all", first: true, second: true),
                composed("some", first: true, second: false),
                composed("none", first: false, second: false)
            )
        )
        let rows = try workspace.list("carol")
        func words(_ id: String) -> [String] { (rows[id] ?? "").split(separator: " ").map(String.init) }
        #expect(words("all").contains("online"), "\(rows)")
        #expect(words("some").contains("partiallyOnline"), "\(rows)")
        #expect(words("none").contains("offline"), "\(rows)")
        #expect(words("all").contains("OnOffPlugInUnit+DimmableLight"), "\(rows)")
        #expect(words("all").contains("1:OnOff=true") && words("all").contains("2:CurrentLevel=77"), "\(rows)")
        #expect(words("some").contains("2:offline"), "\(rows)")
    }

    // MARK: - devices validate

    @Test func validateSaysWhatGoogleWouldRejectAndExitsNonZero() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let file = try workspace.directory.write(
            "devices.json",
            deviceFile(
                user: "carol",
                #"{"id": "fine", "name": "Fine", "deviceTypes": ["OnOffLight"], "room": "Hall"}"#,
                #"{"id": "empty-unique", "name": "E", "deviceTypes": ["OnOffLight"], "room": "Hall", "#
                    + #""basicInformation": {"vendorID": 1, "productID": 2, "uniqueID": ""}}"#
            )
        )
        let result = try workspace.hearth("devices", "validate", file)
        #expect(result.status == 1, "\(result)")
        #expect(result.lines.contains("carol/fine: ok"), "\(result)")
        #expect(result.lines.contains("carol/empty-unique: REJECTED"), "\(result)")
        #expect(result.lines.contains { $0.hasPrefix("  matterUniqueId:") }, "\(result)")
        #expect(
            result.lines.last == "2 device(s) checked, 1 would be rejected by Google, 0 with problems",
            "\(result)"
        )
    }

    /// A device type Hearth maps to no Google type is kept and listed as such; it does not fail validation, and
    /// `devices set` changes its unmodelled clusters by their Matter types.
    @Test func validateListsAnUnmappedDeviceAsKeptAndSetChangesItByType() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let file = try workspace.directory.write(
            "valve.json",
            deviceFile(
                user: "erin",
                #"{"id": "lamp", "name": "Lamp", "deviceTypes": ["OnOffLight"]}"#,
                #"{"id": "valve", "name": "Valve", "deviceType": "WaterValve", "clusters": {"#
                    + #""ValveConfigurationAndControl": {"OpenDuration": null, "DefaultOpenDuration": null, "#
                    + #""RemainingDuration": null, "CurrentState": 0, "TargetState": 0}}}"#,
                #"{"id": "freeze", "name": "Freeze", "deviceType": "WaterFreezeDetector", "clusters": {"#
                    + #""BooleanState": {"StateValue": false}}}"#
            )
        )
        let result = try workspace.hearth("devices", "validate", file)
        #expect(result.status == 0, "\(result)")
        #expect(
            result.lines.contains {
                $0.hasPrefix("erin/freeze: kept, not exposed to Google: no Google type for WaterFreezeDetector")
            },
            "\(result)"
        )
        #expect(
            result.lines.last
                == "3 device(s) checked, 0 would be rejected by Google, 0 with problems, 1 kept but not exposed to Google",
            "\(result)"
        )
        let imported = try workspace.hearth("devices", "import", file)
        #expect(imported.status == 0, "\(imported)")
        let set = try workspace.hearth(
            "devices",
            "set",
            "--user",
            "erin",
            "--device",
            "valve",
            "ValveConfigurationAndControl.TargetState=1"
        )
        #expect(set.status == 0, "\(set)")
        let refused = try workspace.hearth(
            "devices",
            "set",
            "--user",
            "erin",
            "--device",
            "valve",
            "ValveConfigurationAndControl.TargetState=7"
        )
        #expect(refused.status != 0, "\(refused)")
        #expect(refused.stderr.contains("ValveStateEnum"), "\(refused)")
    }

    /// A manufacturer cluster declared in the imported file is stored with it: a new `hearth` process (which knows
    /// the cluster only from the registry) sets its attribute by name and refuses a value its type does not allow.
    @Test func importStoresAManufacturerClusterThatANewProcessSetsByType() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let file = try workspace.directory.write(
            "acme.json",
            #"{"manufacturerClusters": [{"id": "0xFFF1FC01", "name": "AcmeFilterLife", "attributes": ["#
                + #"{"id": 0, "name": "FilterLifePercent", "type": "percent", "mandatory": true, "default": 100}]}],"#
                + #""users": [{"agentUserId": "erin", "devices": [{"id": "purifier", "name": "Purifier", "#
                + #""deviceTypes": ["DimmableLight"], "clusters": {"AcmeFilterLife": {}}}]}]}"#
        )
        let imported = try workspace.hearth("devices", "import", file)
        #expect(imported.status == 0, "\(imported)")
        let set = try workspace.hearth(
            "devices",
            "set",
            "--user",
            "erin",
            "--device",
            "purifier",
            "AcmeFilterLife.FilterLifePercent=40"
        )
        #expect(set.status == 0, "\(set)")
        let refused = try workspace.hearth(
            "devices",
            "set",
            "--user",
            "erin",
            "--device",
            "purifier",
            "AcmeFilterLife.FilterLifePercent=101"
        )
        #expect(refused.status != 0, "\(refused)")
        #expect(refused.stderr.contains("percent"), "\(refused)")
        #expect(refused.stderr.contains("101"), "\(refused)")
    }

    /// Matter ids without a room: Google accepts the SYNC but cannot deduplicate the device (its dedup page: "SYNC
    /// responses must contain roomHint"), so validate says PROBLEM and fails. A lock whose `ack` cannot unlock is
    /// only a warning, until `fulfillment.allowAckUnlock` makes it unlock on a yes.
    @Test func validateFailsForAProblemAndWarnsAboutAnAckLock() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let roomless = try workspace.directory.write(
            "roomless.json",
            deviceFile(
                user: "erin",
                #"{"id": "bulb", "name": "Bulb", "deviceTypes": ["OnOffLight"], "#
                    + #""basicInformation": {"vendorID": 65521, "productID": 2, "uniqueID": "acme-2"}}"#
            )
        )
        let problem = try workspace.hearth("devices", "validate", roomless)
        #expect(problem.status == 1, "\(problem)")
        #expect(problem.lines.contains("erin/bulb: PROBLEM"), "\(problem)")
        #expect(problem.lines.contains { $0.hasPrefix("  problem: roomHint: ") && $0.contains("room") }, "\(problem)")
        #expect(problem.lines.last == "1 device(s) checked, 0 would be rejected by Google, 1 with problems")

        let ackLock = try workspace.directory.write(
            "ack-lock.json",
            deviceFile(
                user: "erin",
                #"{"id": "door", "name": "Door", "deviceTypes": ["DoorLock"], "challenge": "ack"}"#
            )
        )
        let refused = try workspace.hearth("devices", "validate", ackLock)
        #expect(refused.status == 0, "\(refused)")
        #expect(refused.lines.contains("erin/door: ok"), "\(refused)")
        #expect(
            refused.lines.contains { $0.hasPrefix("  warning: challenge: ") && $0.contains("allowAckUnlock is false") },
            "\(refused)"
        )
        let allowed = try workspace.hearth(
            "devices",
            "validate",
            ackLock,
            environment: ["HEARTH_FULFILLMENT_ALLOW_ACK_UNLOCK": "true"]
        )
        #expect(allowed.status == 1, "\(allowed)")
        #expect(allowed.lines.contains("erin/door: PROBLEM"), "\(allowed)")
        #expect(allowed.lines.contains { $0.hasPrefix("  problem: challenge: ") && $0.contains("pinNeeded") })
    }

    @Test func validateOfTheExampleHomeAndOfARegistryUserPasses() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let example = try workspace.hearth("devices", "validate", RepositoryRoot.config("devices.json").path)
        #expect(example.status == 0, "\(example)")
        #expect(
            example.lines.last?.hasSuffix(", 0 would be rejected by Google, 0 with problems") == true,
            "\(example)"
        )
        try workspace.importDevices(
            deviceFile(user: "dave", #"{"id": "l", "name": "L", "deviceTypes": ["OnOffLight"]}"#)
        )
        let registry = try workspace.hearth("devices", "validate", "--user", "dave")
        #expect(registry.status == 0, "\(registry)")
        #expect(registry.lines.first == "dave/l: ok", "\(registry)")
    }

    @Test func validateRefusesAFileThatDoesNotParseNamingTheField() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let file = try workspace.directory.write(
            "bad.json",
            deviceFile(user: "carol", #"{"id": "x", "name": "X", "deviceTypes": ["Toaster"]}"#)
        )
        let result = try workspace.hearth("devices", "validate", file)
        #expect(result.status == 65, "EX_DATAERR: \(result)")
        #expect(result.stderr.contains("deviceTypes[0]") && result.stderr.contains("Toaster"), "\(result)")
        #expect(!result.stderr.contains("Usage:"), "not a usage error: \(result)")
        let both = try workspace.hearth("devices", "validate", file, "--user", "carol")
        #expect(both.status == 64 && both.stderr.contains("give either a device FILE or --user, not both"), "\(both)")
    }

    @Test func listRefusesAnUnknownUser() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        try workspace.importDevices(TestHomes.twoUsers)
        let result = try workspace.hearth("devices", "list", "--user", "mallory")
        #expect(result.status != 0, "\(result)")
        #expect(result.stderr.contains(#"no user "mallory""#), "\(result)")
        #expect(!result.stdout.contains("lamp"), "no other user's devices: \(result)")
    }

    // MARK: - token issue

    @Test func tokenIssuePrintsOneTokenAndStoresOnlyItsHash() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        try workspace.importDevices(TestHomes.twoUsers)
        let result = try workspace.hearth("token", "issue", "--user", "alice")
        #expect(result.status == 0, "\(result)")
        #expect(result.lines.count == 1, "\(result)")
        let token = try #require(result.lines.first)
        #expect(token.count == 43, "\(token)")
        #expect(token.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }, "\(token)")

        // The bytes as they are on disk, before anything else opens the database.
        let files = ["", "-wal", "-shm"].compactMap { FileManager.default.contents(atPath: workspace.database + $0) }
        try #require(!files.isEmpty)
        for bytes in files {
            #expect(bytes.range(of: Data(token.utf8)) == nil, "the token is stored in plaintext")
        }
        #expect(
            files.contains { $0.range(of: tokenHash(token).data) != nil },
            "its SHA-256 hash is stored (shows the search above reads the right bytes)"
        )

        let store = try SQLiteRegistry(path: workspace.database)
        defer { try? store.close() }
        let now = UnixTime(seconds: Int64(Date().timeIntervalSince1970))
        #expect(try store.authenticate(token: token, now: now) == "alice")
    }

    @Test func tokenIssueGivesADifferentTokenEachTime() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        try workspace.importDevices(TestHomes.twoUsers)
        let first = try workspace.hearth("token", "issue", "--user", "bob", "--ttl", "60")
        let second = try workspace.hearth("token", "issue", "--user", "bob", "--ttl", "60")
        #expect(first.status == 0 && second.status == 0, "\(first)\n\(second)")
        #expect(first.stdout != second.stdout)
    }

    @Test(arguments: [["--ttl=0"], ["--ttl=-5"], ["--ttl", "-5"], ["--ttl", "0"]])
    func tokenIssueRefusesANonPositiveTTL(_ ttl: [String]) throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        try workspace.importDevices(TestHomes.twoUsers)
        let result = try HearthCLI.run(
            ["token", "issue", "--user", "alice"] + ttl + ["--database", workspace.database],
            in: workspace.directory.url
        )
        #expect(result.status == 64, "EX_USAGE: \(result)")
        #expect(result.stdout.isEmpty, "no token printed: \(result)")
        #expect(result.stderr.contains("--ttl must be a positive number of seconds"), "\(result)")
    }

    @Test func tokenIssueDoesNotCrashOnATTLPastTheEndOfTime() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        try workspace.importDevices(TestHomes.twoUsers)
        // `--ttl` is an Int; now + ttl overflows Int64 for values near Int.max.
        let result = try workspace.hearth(
            "token",
            "issue",
            "--user",
            "alice",
            "--ttl",
            "9223372036854775807",
            environment: ["SWIFT_BACKTRACE": "enable=no"]
        )
        #expect(result.reason == .exit, "the CLI crashed: \(result)")
        // Refused with a message, or issued: either way an answer, never a crash.
        if result.reason == .exit {
            #expect(result.status == 0 ? result.lines.count == 1 : result.stderr.contains("--ttl"), "\(result)")
        }
    }

    @Test func tokenIssueRefusesAnUnknownUser() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        try workspace.importDevices(TestHomes.twoUsers)
        let result = try workspace.hearth("token", "issue", "--user", "mallory")
        #expect(result.status != 0, "\(result)")
        #expect(result.stdout.isEmpty, "no token printed: \(result)")
        #expect(result.stderr.contains(#"no user "mallory""#), "\(result)")
        let list = try workspace.hearth("devices", "list", "--user", "mallory")
        #expect(list.status != 0, "a refused token must not create the user: \(list)")
    }

    // MARK: - Configuration on the command line

    @Test func serveRefusesAPortOutOfRange() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let result = try workspace.hearth("serve", "--port", "70000")
        #expect(result.status != 0, "\(result)")
        #expect(!result.stdout.contains("listening"), "\(result)")
        #expect(result.stderr.contains("http.port") && result.stderr.contains("70000"), "\(result)")
    }

    @Test func commandsWarnAboutAnUnknownHearthEnvironmentVariableAndGoOn() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        try workspace.importDevices(TestHomes.twoUsers)
        let result = try workspace.hearth("devices", "list", "--user", "alice", environment: ["HEARTH_HTTP_PROT": "1"])
        #expect(result.status == 0, "\(result)")
        #expect(!result.lines.isEmpty, "the devices are listed: \(result)")
        #expect(
            result.stderr.contains("hearth: warning: ignored the environment variable HEARTH_HTTP_PROT")
                && result.stderr.contains("Did you mean HEARTH_HTTP_PORT?"),
            "\(result)"
        )
    }

    @Test func commandsRefuseAConfigFileWithAnUnknownKey() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let config = try workspace.directory.write("hearth.json", #"{"database": {"pth": "other.sqlite"}}"#)
        let file = try workspace.directory.write("home.json", TestHomes.twoUsers)
        let result = try workspace.hearth("devices", "import", file, "--config", config)
        #expect(result.status != 0, "\(result)")
        #expect(result.stderr.contains("database.pth"), "\(result)")
        #expect(!FileManager.default.fileExists(atPath: workspace.database), "nothing imported anywhere")
    }

    @Test func databaseFlagOverridesTheEnvironment() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let file = try workspace.directory.write("home.json", TestHomes.twoUsers)
        let other = workspace.directory.path("from-environment.sqlite")
        let result = try workspace.hearth("devices", "import", file, environment: ["HEARTH_DATABASE_PATH": other])
        #expect(result.status == 0, "\(result)")
        #expect(FileManager.default.fileExists(atPath: workspace.database))
        #expect(!FileManager.default.fileExists(atPath: other))
        let fromEnvironment = try workspace.hearthWithoutDatabase(
            "devices",
            "list",
            "--user",
            "alice",
            environment: ["HEARTH_DATABASE_PATH": workspace.database]
        )
        #expect(fromEnvironment.status == 0 && fromEnvironment.stdout.contains("lamp"), "\(fromEnvironment)")
    }
}
