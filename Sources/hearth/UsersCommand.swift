import ArgumentParser
import Clocks
import Foundation
import HearthApp
import Registry

/// `hearth users add|list|remove`: the sign-in accounts of account linking.
struct UsersCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "users",
        abstract: "Manage sign-in accounts for account linking (one login per agent user).",
        subcommands: [AddCommand.self, ListCommand.self, RemoveCommand.self]
    )

    /// Opens the registry, creating it when it does not exist yet (an account may come before any device).
    static func openStore(_ common: CommonOptions) throws -> any ServingStore {
        try Storage.open(try common.load())
    }

    /// `hearth users add --user ID --login NAME`, the password on standard input.
    struct AddCommand: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "add",
            abstract: "Create a user's login; the password is read from standard input, never from an argument.",
            discussion: """
                The password is all of standard input without its trailing newline (one line typed or piped: \
                `printf '%s' "$PASSWORD" | hearth users add …`). It is stored only as a PBKDF2-HMAC-SHA256 hash.
                """
        )

        @Option(name: .long, help: "The agent user id the login signs in as.")
        var user: String

        @Option(name: .long, help: "The login name (unique).")
        var login: String

        @OptionGroup var common: CommonOptions

        func validate() throws {
            if user.isEmpty { throw ValidationError("--user must not be empty") }
            if login.isEmpty || login.count > 256 { throw ValidationError("--login must be 1–256 characters") }
        }

        func run() throws {
            let password = try PasswordInput.read(FileHandle.standardInput.readDataToEndOfFile())
            let store = try UsersCommand.openStore(common)
            defer { try? store.close() }
            do {
                try store.addAccount(
                    user: user,
                    login: login,
                    password: password,
                    now: SystemClock().unixTime
                )
            } catch let error as RegistryError where error.code == .conflict {
                throw CommandFailure(.dataError, "\(error.message); choose another --login, or remove the old one")
            }
            print("added login \(login) for user \(user)")
        }
    }

    /// `hearth users list`.
    struct ListCommand: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list",
            abstract: "List every account: user, login, created (UTC). Never a hash."
        )

        @OptionGroup var common: CommonOptions

        func run() throws {
            let store = try UsersCommand.openStore(common)
            defer { try? store.close() }
            var rows = [["USER", "LOGIN", "CREATED"]]
            let formatter = ISO8601DateFormatter()
            for account in try store.accounts() {
                let created = formatter.string(from: Date(timeIntervalSince1970: Double(account.created.seconds)))
                rows.append([account.agentUserId, account.login, created])
            }
            print(TextTable.render(rows))
        }
    }

    /// `hearth users remove --user ID`.
    struct RemoveCommand: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "remove",
            abstract: "Remove a user's login and revoke all its tokens; the devices stay."
        )

        @Option(name: .long, help: "The agent user id.")
        var user: String

        @OptionGroup var common: CommonOptions

        func run() throws {
            let store = try UsersCommand.openStore(common)
            defer { try? store.close() }
            guard try store.removeAccount(user: user) else {
                throw CommandFailure(.noUser, "user \"\(user)\" has no login: check --user (`hearth users list`)")
            }
            print("removed the login of user \(user); its tokens are revoked")
        }
    }
}

/// The password given on standard input.
enum PasswordInput {
    /// All of `data` without one trailing newline (`\n` or `\r\n`); refuses an empty password and invalid UTF-8.
    static func read(_ data: Data) throws -> String {
        var bytes = Array(data)
        if bytes.last == UInt8(ascii: "\n") { bytes.removeLast() }
        if bytes.last == UInt8(ascii: "\r") { bytes.removeLast() }
        guard let password = String(validating: bytes, as: UTF8.self) else {
            throw CommandFailure(.dataError, "the password on standard input is not UTF-8; give it as UTF-8 text")
        }
        guard !password.isEmpty else {
            throw CommandFailure(
                .noInput,
                "no password on standard input (pipe it in: printf '%s' \"$PASSWORD\" | hearth users add …)"
            )
        }
        return password
    }
}
