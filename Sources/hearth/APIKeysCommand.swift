import ArgumentParser
import Clocks
import Foundation
import HearthApp
import Registry

/// `hearth apikeys create|list|revoke`: the device backend's keys for `/v1`.
struct APIKeysCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "apikeys",
        abstract: "Manage API keys for the device backend's /v1 API (only their SHA-256 hashes are stored).",
        subcommands: [CreateCommand.self, ListCommand.self, RevokeCommand.self]
    )

    /// Opens the registry, creating it when it does not exist yet (a key may come before any device).
    static func openStore(_ common: CommonOptions) throws -> any ServingStore {
        try Storage.open(try common.load())
    }

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
            let store = try APIKeysCommand.openStore(common)
            defer { try? store.close() }
            let key: String
            do {
                key = try store.create(name: name, now: SystemClock().unixTime)
            } catch let error as RegistryError where error.code == .conflict {
                throw CommandFailure(
                    .dataError,
                    "\(error.message); choose another --name, or revoke the old key (`hearth apikeys revoke`)"
                )
            }
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
            let store = try APIKeysCommand.openStore(common)
            defer { try? store.close() }
            var rows = [["NAME", "CREATED", "LAST USED"]]
            let formatter = ISO8601DateFormatter()
            func text(_ time: UnixTime) -> String {
                formatter.string(from: Date(timeIntervalSince1970: Double(time.seconds)))
            }
            for key in try store.list() {
                rows.append([key.name, text(key.created), key.lastUsed.map(text) ?? "never"])
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
            let store = try APIKeysCommand.openStore(common)
            defer { try? store.close() }
            guard try store.revoke(name: name) else {
                throw CommandFailure(.dataError, "no API key named \"\(name)\": check --name (`hearth apikeys list`)")
            }
            print("revoked API key \(name)")
        }
    }
}
