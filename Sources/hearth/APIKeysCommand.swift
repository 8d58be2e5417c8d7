import ArgumentParser
import Foundation
import HearthApp

/// `hearth apikeys create|list|revoke`: the device backend's keys for `/v1`.
struct APIKeysCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "apikeys",
        abstract: "Manage API keys for the device backend's /v1 API (only their SHA-256 hashes are stored).",
        subcommands: [CreateCommand.self, ListCommand.self, RevokeCommand.self]
    )

    /// `hearth apikeys create --name NAME`.
    struct CreateCommand: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "create",
            abstract: "Create an API key and print it once, as the last line of standard output."
        )

        @Option(name: .long, help: "A unique label for the key (1–128 characters).")
        var name: String

        @OptionGroup var common: CommonOptions

        func validate() throws {
            if name.isEmpty || name.count > 128 { throw ValidationError("--name must be 1–128 characters") }
        }

        func run() throws {
            let key = try common.administration().apiKeys.create(name: name)
            print("created API key \(name); it is shown only now, keep it secret:")
            print(key)
        }
    }

    /// `hearth apikeys list`.
    struct ListCommand: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list",
            abstract: "List every API key: name, created and last used (UTC, to the minute). Never a key."
        )

        @OptionGroup var common: CommonOptions

        func run() throws {
            var rows = [["NAME", "CREATED", "LAST USED"]]
            let formatter = ISO8601DateFormatter()
            for key in try common.administration().apiKeys.list() {
                rows.append([
                    key.name, formatter.string(from: key.created), key.lastUsed.map(formatter.string) ?? "never",
                ])
            }
            print(TextTable.render(rows))
        }
    }

    /// `hearth apikeys revoke --name NAME`.
    struct RevokeCommand: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "revoke",
            abstract: "Revoke an API key: requests bearing it get 401 from now on."
        )

        @Option(name: .long, help: "The key's name.")
        var name: String

        @OptionGroup var common: CommonOptions

        func run() throws {
            try common.administration().apiKeys.revoke(name: name)
            print("revoked API key \(name)")
        }
    }
}
