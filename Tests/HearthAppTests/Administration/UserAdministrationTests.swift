import Foundation
import HearthApp
import HearthTestSupport
import Testing

/// `hearth users`' work in the app layer: the password read from standard input, and accounts added, listed and
/// removed in a real SQLite registry.
struct UserAdministrationTests {
    @Test(arguments: [("secret\n", "secret"), ("secret\r\n", "secret"), ("secret", "secret"), ("a b\n\n", "a b\n")])
    func thePasswordLosesOneTrailingNewline(input: String, password: String) throws {
        #expect(try UserAdministration.password(from: Data(input.utf8)) == password)
    }

    @Test(arguments: ["", "\n", "\r\n"])
    func anEmptyPasswordIsMissingInput(input: String) {
        #expect(failureStatus { _ = try UserAdministration.password(from: Data(input.utf8)) } == .noInput)
    }

    @Test func aPasswordThatIsNotUTF8IsBadData() {
        #expect(failureStatus { _ = try UserAdministration.password(from: Data([0x70, 0xFF, 0x0A])) } == .dataError)
    }

    @Test func anAccountIsAddedListedAndRemoved() throws {
        let scratch = try AdministrationScratch()
        defer { scratch.remove() }
        let users = try scratch.administration().users
        try users.add(user: "demo-user", login: "alice", password: "correct horse")
        #expect(
            try users.list() == [UserAdministration.Account(user: "demo-user", login: "alice", created: scratch.now)]
        )

        #expect(failureStatus { try users.add(user: "other-user", login: "alice", password: "x") } == .dataError)

        try users.remove(user: "demo-user")
        #expect(try users.list().isEmpty)
        #expect(failureStatus { try users.remove(user: "demo-user") } == .noUser)
    }
}
