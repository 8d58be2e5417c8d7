import Clocks
import Foundation
import HearthTestSupport
import RegistrySQLite
import Testing

@testable import Registry

/// `hearth users add|list|remove` as a real process on a real database.
struct UsersCLITests {
    static func run(
        _ directory: TemporaryDirectory,
        _ arguments: [String],
        stdin: String? = nil
    ) throws -> CommandResult {
        try HearthCLI.run(
            arguments + ["--database", directory.path("hearth.sqlite")],
            in: directory.url,
            input: stdin.map { Data($0.utf8) }
        )
    }

    @Test func addListRemove() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let added = try Self.run(
            directory,
            ["users", "add", "--user", "alice", "--login", "alice@example.com"],
            stdin: "s3cret pass\n"
        )
        #expect(added.status == 0, "\(added)")
        let list = try Self.run(directory, ["users", "list"])
        #expect(list.status == 0)
        #expect(list.lines.count == 2)
        #expect(list.lines.last?.hasPrefix("alice") == true && list.lines.last?.contains("alice@example.com") == true)
        #expect(!list.stdout.contains("pbkdf2") && !list.stdout.contains("s3cret"), "never a hash or a password")
        // The stored hash checks the password without its newline.
        let store = try SQLiteRegistry(path: directory.path("hearth.sqlite"))
        let record = try #require(try store.signInRecord(login: "alice@example.com"))
        #expect(record.agentUserId == "alice")
        #expect(record.passwordHash.hasPrefix("pbkdf2-sha256$"))
        #expect(PINHash.verify("s3cret pass", against: record.passwordHash))
        let token = try store.issueToken(forUser: "alice", ttl: nil, now: UnixTime(seconds: 0))
        try store.close()
        let removed = try Self.run(directory, ["users", "remove", "--user", "alice"])
        #expect(removed.status == 0, "\(removed)")
        #expect(try Self.run(directory, ["users", "list"]).lines.count == 1)
        let reopened = try SQLiteRegistry(path: directory.path("hearth.sqlite"))
        defer { try? reopened.close() }
        #expect(try reopened.authenticate(token: token, now: UnixTime(seconds: 1)) == nil, "its tokens are revoked")
        #expect(try Self.run(directory, ["users", "remove", "--user", "alice"]).status != 0)
    }

    @Test func refusesEmptyPasswordAndTakenLogins() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let empty = try Self.run(directory, ["users", "add", "--user", "alice", "--login", "a"], stdin: "\n")
        #expect(empty.status != 0)
        #expect(empty.stderr.contains("no password"))
        let none = try Self.run(directory, ["users", "add", "--user", "alice", "--login", "a"])
        #expect(none.status != 0)
        #expect(try Self.run(directory, ["users", "add", "--user", "alice", "--login", "a"], stdin: "pw").status == 0)
        let taken = try Self.run(directory, ["users", "add", "--user", "bob", "--login", "a"], stdin: "pw2")
        #expect(taken.status != 0)
        #expect(taken.stderr.contains("taken"))
        let twice = try Self.run(directory, ["users", "add", "--user", "alice", "--login", "b"], stdin: "pw3")
        #expect(twice.status != 0)
        #expect(!taken.stderr.contains("pw2") && !twice.stderr.contains("pw3"))
    }

    @Test func thePasswordIsNeverAnArgument() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let result = try Self.run(
            directory,
            ["users", "add", "--user", "alice", "--login", "a", "--password", "x"],
            stdin: "pw"
        )
        #expect(result.status != 0)
    }
}

/// `hearth apikeys create|list|revoke` as a real process on a real database.
struct APIKeysCLITests {
    @Test func createListRevoke() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let created = try UsersCLITests.run(directory, ["apikeys", "create", "--name", "backend"])
        #expect(created.status == 0, "\(created)")
        let key = try #require(created.lines.last)
        #expect(key.hasPrefix("hk_"))
        let duplicate = try UsersCLITests.run(directory, ["apikeys", "create", "--name", "backend"])
        #expect(duplicate.status == 65, "\(duplicate)")
        #expect(duplicate.stderr.contains("exists already"))
        let list = try UsersCLITests.run(directory, ["apikeys", "list"])
        #expect(list.status == 0)
        #expect(list.lines.count == 2)
        #expect(list.lines.last?.hasPrefix("backend") == true && list.lines.last?.hasSuffix("never") == true)
        #expect(!list.stdout.contains(key), "never the key")
        let store = try SQLiteRegistry(path: directory.path("hearth.sqlite"))
        #expect(try store.apiKey(forKey: key, now: UnixTime(seconds: 1)) == "backend")
        try store.close()
        #expect(try UsersCLITests.run(directory, ["apikeys", "revoke", "--name", "backend"]).status == 0)
        #expect(try UsersCLITests.run(directory, ["apikeys", "revoke", "--name", "backend"]).status == 65)
        let reopened = try SQLiteRegistry(path: directory.path("hearth.sqlite"))
        defer { try? reopened.close() }
        #expect(try reopened.apiKey(forKey: key, now: UnixTime(seconds: 2)) == nil)
    }
}
