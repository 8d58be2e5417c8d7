import Clocks
import GRDB
import HearthTestSupport
import MatterModel
import PostgreSQL
import Registry
import RegistryTestSupport
import Testing

@testable import RegistryPostgreSQL
@testable import RegistrySQLite

/// Every kind of Matter value (``AttributeValue``) through each engine's store: imported, read back equal, kept
/// across closing and opening the store again (a SQLite file; PostgreSQL through a new connection pool), changed by
/// an update, carried unchanged by `hearth db copy` (``RegistryCopy``), and a row no encoding writes reported as a
/// corrupt registry naming the attribute.
struct AttributeKindsStoreTests {
    static let id = "every-kind"

    /// A device whose clusters hold every kind of value, nested ones included, with the edges of each kind.
    /// Attribute names need not be ones the cluster defines: the store keeps what it is given (as ``Fixtures``'
    /// `Extreme` and `Negative`).
    static let everyKind = Device(
        id: id,
        name: "Every kind",
        deviceTypes: [.ExtendedColorLight],
        clusters: [
            .OnOff: ClusterState(["OnOff": .bool(true), "Off": .bool(false)]),
            .LevelControl: ClusterState([
                "CurrentLevel": .null, "Min": .int(Int.min), "Max": .int(Int.max), "Big": .unsigned(UInt64.max),
                "JustAboveInt": .unsigned(UInt64(Int.max) + 1),
            ]),
            .ColorControl: ClusterState([
                "Tenth": .double(0.1), "Tiny": .double(1e-300), "SingleMax": .double(3.4028234663852886e38),
                "NegativeZero": .double(-0.0), "Whole": .double(20),
                "Label": .string("the \"main\" one, lumière 💡\n"), "Empty": .string(""),
                "Octets": .octets([0x00, 0xFF, 0x10]), "NoOctets": .octets([]),
                "EmptyList": .list([]), "EmptyStruct": .structure([:]),
                "List": .list([
                    .null, .bool(false), .int(-1), .unsigned(UInt64.max), .double(0.1), .string("a \"b\""),
                    .octets([1, 2]), .list([.list([])]), .structure(["Label": .string("x")]),
                ]),
                "Struct": .structure([
                    "Label": .string("Kitchen"), "Value": .int(3), "Nullable": .null, "Big": .unsigned(UInt64.max),
                    "Ratio": .double(0.25), "Key": .octets([0xAB]), "Flag": .bool(true),
                    "ModeTags": .list([.structure(["MfgCode": .int(4996), "Value": .int(0)])]),
                    "Inner": .structure([:]),
                ]),
            ]),
        ]
    )

    /// ``everyKind`` after ``update(_:)``: a null became a double, a list and a struct changed, an octet string
    /// became a string, and one attribute went.
    static var updated: Device {
        var device = everyKind
        device.endpoints[0].clusters[.LevelControl]?["CurrentLevel"] = .double(0.5)
        device.endpoints[0].clusters[.ColorControl]?["List"] = .list([.structure(["Label": .octets([9])])])
        device.endpoints[0].clusters[.ColorControl]?["Struct"] = .structure(["Value": .unsigned(UInt64.max - 1)])
        device.endpoints[0].clusters[.ColorControl]?["Octets"] = .string("00ff10")
        device.endpoints[0].clusters[.ColorControl]?["EmptyList"] = nil
        return device
    }

    static func update(_ store: any ServingStore) throws {
        try store.updateDevices(forUser: "u", ids: [id]) { devices in
            devices[id] = updated
        }
    }

    @Test(arguments: StoreFactory.persistent)
    func everyKindOfValueIsStoredKeptAndUpdated(factory: StoreFactory) throws {
        let directory = try ScratchDirectory()
        let store = try factory.open(in: directory)
        _ = try store.importDevices(Fixtures.file([("u", [Self.everyKind])]))
        #expect(try store.devices(forUser: "u") == [Self.everyKind])
        try factory.close(store)

        let reopened = try factory.open(in: directory)
        let read = try reopened.devices(forUser: "u")
        #expect(read == [Self.everyKind])
        let negativeZero = read.first?.endpoints[0].clusters[.ColorControl]?["NegativeZero"]?.doubleValue
        #expect(negativeZero?.sign == .minus)
        try Self.update(reopened)
        #expect(try reopened.devices(forUser: "u") == [Self.updated])
        try factory.close(reopened)

        let again = try factory.open(in: directory)
        #expect(try again.devices(forUser: "u") == [Self.updated])
        #expect(try again.devices(forUser: "u") != [Self.everyKind])
        try factory.close(again)
    }

    /// SQLite → PostgreSQL → SQLite: every attribute row is the same on each side, and each side reads the device
    /// back equal.
    @Test(.enabled(if: PostgreSQLCluster.testsEnabled, Comment(rawValue: PostgreSQLCluster.skipNote)))
    func theCopyBetweenEnginesCarriesEveryKind() throws {
        let directory = try ScratchDirectory()
        let first = try SQLiteRegistry(path: directory.path("first.sqlite"))
        defer { try? first.close() }
        _ = try first.importDevices(Fixtures.file([("u", [Self.everyKind])]))
        let original = try RegistryCopyTests.tables(first)
        let tags = Set(original["attribute"]?.compactMap { $0["type"] } ?? [])
        #expect(tags == Set(StoredAttributeValue.tags.map(RegistryCopy.Value.text)))

        let postgres = try PostgreSQLRegistry(url: PostgreSQLCluster.start().createDatabase())
        defer { postgres.close() }
        _ = try RegistryCopy.copy(from: first, to: postgres)
        let copied = try RegistryCopyTests.tables(postgres)
        #expect(copied == original, "\(RegistryCopyTests.differences(copied, original))")
        #expect(try postgres.devices(forUser: "u") == [Self.everyKind])

        let back = try SQLiteRegistry(path: directory.path("back.sqlite"))
        defer { try? back.close() }
        _ = try RegistryCopy.copy(from: postgres, to: back)
        let returned = try RegistryCopyTests.tables(back)
        #expect(returned == original, "\(RegistryCopyTests.differences(returned, original))")
        #expect(try back.devices(forUser: "u") == [Self.everyKind])
        // SQLite keeps `int` and `bool` as integers again after the round trip, every other kind as text.
        let storage = try back.pool.read { db in
            try String.fetchAll(db, sql: "SELECT DISTINCT type || ':' || typeof(value) FROM attribute ORDER BY 1")
        }
        #expect(
            storage == [
                "bool:integer", "double:text", "int:integer", "list:text", "null:text", "octstr:text", "string:text",
                "struct:text", "uint64:text",
            ]
        )
    }

    /// Rows no encoding writes: an unknown tag (past the CHECK constraint), and known tags over texts they cannot
    /// hold. Each is reported as a corrupt registry naming the attribute, on every engine.
    static let corruptRows: [(tag: String, value: String)] = [
        ("float", "1.5"), ("int", "1.5"), ("bool", "yes"), ("uint64", "-1"), ("double", "nan"), ("octstr", "ABC"),
        ("list", #"{"s":{}}"#), ("struct", #"{"s":{"a":1},"l":[]}"#), ("null", "0"),
    ]

    @Test(arguments: StoreFactory.allCases)
    func aCorruptAttributeRowIsReportedNamingTheAttribute(factory: StoreFactory) throws {
        let directory = try ScratchDirectory()
        let store = try factory.open(in: directory)
        _ = try store.importDevices(Fixtures.file([("u", [Self.everyKind])]))
        for row in Self.corruptRows {
            try Self.overwrite(store, attribute: "Tenth", tag: row.tag, value: row.value)
            let error = #expect(throws: RegistryError.self, "\(row)") { try store.devices(forUser: "u") }
            #expect(error?.code == .corruptData)
            #expect(error?.message.contains("ColorControl.Tenth") == true, "\(error?.message ?? "")")
            #expect(error?.message.contains("type \(row.tag)") == true, "\(error?.message ?? "")")
        }
        // Put right, the device reads again: the error was the row's, not the store's.
        try Self.overwrite(store, attribute: "Tenth", tag: "double", value: "0.1")
        #expect(try store.devices(forUser: "u") == [Self.everyKind])
        try factory.close(store)
    }

    /// Writes a raw attribute row of ``everyKind``, past the `type` CHECK constraint (an unknown tag must be
    /// storable to be tested), and drops the store's cached devices so that the next read reads the row.
    static func overwrite(_ store: any ServingStore, attribute: String, tag: String, value: String) throws {
        switch store {
        case let sqlite as SQLiteRegistry:
            try sqlite.pool.writeWithoutTransaction { db in
                try db.execute(sql: "PRAGMA ignore_check_constraints = ON")
                defer { try? db.execute(sql: "PRAGMA ignore_check_constraints = OFF") }
                try db.execute(
                    sql: "UPDATE attribute SET type = ?, value = ? WHERE deviceId = ? AND name = ?",
                    arguments: [tag, value, id, attribute]
                )
            }
            sqlite.invalidateCache()
        case let postgres as PostgreSQLRegistry:
            try postgres.pool.withConnection { connection in
                try connection.execute("ALTER TABLE attribute DROP CONSTRAINT IF EXISTS attribute_type_check")
                try connection.query(
                    "UPDATE attribute SET type = $1, value = $2 WHERE deviceId = $3 AND name = $4",
                    [.text(tag), .text(value), .text(id), .text(attribute)]
                )
            }
            postgres.invalidateCache()
        default:
            throw TestFailure("no raw writes for \(type(of: store))")
        }
    }
}
