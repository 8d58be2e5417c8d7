import ArgumentParser
import Foundation
import HearthApp

/// `hearth users add|list|remove`: the sign-in accounts of account linking.
struct UsersCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "users",
        abstract: "Manage sign-in accounts for account linking (one login per agent user).",
        subcommands: [AddCommand.self, ListCommand.self, RemoveCommand.self]
    )

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
            let password = try UserAdministration.password(from: FileHandle.standardInput.readDataToEndOfFile())
            try common.administration().users.add(user: user, login: login, password: password)
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
            var rows = [["USER", "LOGIN", "CREATED"]]
            let formatter = ISO8601DateFormatter()
            for account in try common.administration().users.list() {
                rows.append([account.user, account.login, formatter.string(from: account.created)])
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
            try common.administration().users.remove(user: user)
            print("removed the login of user \(user); its tokens are revoked")
        }
    }
}
