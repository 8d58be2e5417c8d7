import Foundation
import HearthTestSupport
import MatterModel
import Registry
import RegistrySQLite
import Testing

/// A device file whose strings hold `\u0000` is refused by `hearth devices validate` and `hearth devices import` as
/// any invalid file is (exit 65, naming the user, the device and the field), and the import writes nothing; the same
/// file with other non-ASCII text imports and lists it exactly.
struct StoredTextCLITests {
    static func home(name: String) -> String {
        #"{"users": [{"agentUserId": "u", "devices": ["#
            + #"{"id": "plug", "name": "Plug", "room": "Hall", "deviceTypes": ["OnOffPlugInUnit"]},"#
            + #"{"id": "lamp", "name": "\#(name)", "room": "Küche", "deviceTypes": ["OnOffLight"]}]}]}"#
    }

    @Test func validateAndImportRefuseANULNamingTheField() throws {
        let scratch = try CLIExitCodeTests.Scratch()
        defer { scratch.directory.remove() }
        let file = try scratch.directory.write("nul.json", Self.home(name: #"Lamp\u0000evil"#))
        let expected = [#"user "u", device "lamp", field "name""#, "U+0000", file]
        let validation = try scratch.hearth(["devices", "validate", file])
        CLIExitCodeTests.expectRuntimeFailure(validation, 65, mentioning: expected)
        let database = scratch.path("h.sqlite")
        let good = try scratch.directory.write("good.json", Self.home(name: "Küche 💡"))
        try #require(try scratch.hearth(["devices", "import", good, "--database", database]).status == 0)
        let refused = try scratch.hearth(["devices", "import", file, "--database", database])
        CLIExitCodeTests.expectRuntimeFailure(refused, 65, mentioning: expected)
        #expect(!refused.stderr.utf8.contains(0), "the value is not echoed")
        let store = try SQLiteRegistry(path: database)
        defer { try? store.close() }
        let names = try store.devices(forUser: "u").map(\.name)
        #expect(names == ["Plug", "Küche 💡"], "the earlier import is intact and exact")
    }
}
