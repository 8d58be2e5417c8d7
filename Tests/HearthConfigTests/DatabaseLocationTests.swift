import Foundation
import HearthConfig
import Testing

/// `database.url` / `--database`: which engine each form names, and the password's sources (the pool size: `StorageTests`).
struct DatabaseLocationTests {
    @Test func eachFormNamesItsEngine() {
        #expect(DatabaseLocation("hearth.sqlite") == .sqlite(path: "hearth.sqlite"))
        #expect(DatabaseLocation("/var/lib/hearth/h.sqlite") == .sqlite(path: "/var/lib/hearth/h.sqlite"))
        #expect(DatabaseLocation("sqlite:/var/lib/hearth/h.sqlite") == .sqlite(path: "/var/lib/hearth/h.sqlite"))
        let url = "postgres://hearth@db.example:5432/hearth?sslmode=verify-full"
        #expect(DatabaseLocation(url) == .postgres(url: url))
        #expect(
            DatabaseLocation("postgresql:///h?host=/run/postgresql")
                == .postgres(url: "postgresql:///h?host=/run/postgresql")
        )
    }

    @Test func aPasswordWrittenIntoTheURLIsNeverShown() {
        let location = DatabaseLocation("postgres://hearth:s3cret@db.example/hearth")
        #expect(!location.description.contains("s3cret"))
        #expect(location.description == "postgres://hearth:***@db.example/hearth")
    }

    @Test func databaseURLWinsOverThePathAndTheEnvironmentSetsIt() throws {
        let url = "postgres://hearth@127.0.0.1:5432/hearth"
        let fromEnvironment = HearthConfiguration(
            try ConfigurationTests.load(environment: ["HEARTH_DATABASE_URL": url, "HEARTH_DATABASE_POOL_SIZE": "7"])
        )
        #expect(fromEnvironment.database == .postgres(url: url))
        #expect(fromEnvironment.databasePoolSize == 7)
        #expect(fromEnvironment.warnings.isEmpty)
        let byDefault = HearthConfiguration(try ConfigurationTests.load(file: #"{"database": {"path": "x.sqlite"}}"#))
        #expect(byDefault.database == .sqlite(path: "x.sqlite"))
    }

    @Test func thePasswordVariableIsKnownNotAConfigurationKey() throws {
        let values = try ConfigurationTests.load(environment: ["HEARTH_DATABASE_PASSWORD": "from-the-environment"])
        #expect(HearthConfiguration(values).warnings.isEmpty, "HEARTH_DATABASE_PASSWORD is not an unknown variable")
    }
}
