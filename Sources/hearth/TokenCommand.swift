import ArgumentParser
import HearthApp

/// `hearth token issue`.
struct TokenCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "token",
        abstract: "Manage bearer tokens (for development; account linking issues them in production).",
        subcommands: [IssueCommand.self]
    )

    /// `hearth token issue --user ID [--ttl SECONDS]`.
    struct IssueCommand: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "issue",
            abstract: "Print a new bearer token for a user; only its SHA-256 hash is stored."
        )

        @Option(name: .long, help: "The agent user id.")
        var user: String

        // `.unconditional`: `--ttl -5` is a value to refuse with a message, not a missing value and an option `-5`.
        @Option(name: .long, parsing: .unconditional, help: "Lifetime in seconds (default: no expiry).")
        var ttl: Int?

        @OptionGroup var common: CommonOptions

        func validate() throws {
            if let ttl, ttl <= 0 { throw ValidationError("--ttl must be a positive number of seconds") }
        }

        func run() throws {
            print(try common.administration().tokens.issue(user: user, ttl: ttl))
        }
    }
}
