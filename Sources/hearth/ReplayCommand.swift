import ArgumentParser
import Foundation
import HearthApp

/// `hearth replay FILE|DIR… --url URL --token TOKEN [--junit FILE] [--ignore JSONPATH…] [--pin PIN]`.
struct ReplayCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Send recorded intents to a running deployment and compare its answers with the recordings.",
        discussion: """
            Files are sent in the order given, a directory's .json files sorted by name (recording order for \
            hearth serve --record). Answers are compared as Google reads them: object members in any order, numbers \
            by value, requestId against the request, SYNC devices by id, EXECUTE results by their ids. Exits 0 when \
            every answer agrees, 1 when any differs (each difference is printed with its JSON path), 69 when the \
            deployment cannot be reached, 65/66 when a file is not JSON or cannot be read.
            """
    )

    @Argument(help: "Recorded fixture files, or directories of them.")
    var paths: [String]

    @Option(name: .long, help: "The deployment's base URL (or its /fulfillment URL).")
    var url: String

    // Unconditional: a token is base64url and may begin with `-` (`--token -x3…` is a value, not an option).
    @Option(
        name: .long,
        parsing: .unconditional,
        help: "A bearer token of the user the intents were recorded for."
    )
    var token: String

    @Option(name: .long, help: "Also write a JUnit XML report to FILE.")
    var junit: String?

    @Option(
        name: .long,
        help:
            "A JSON path not to compare, with everything below it, e.g. '$.payload.devices[*].deviceInfo' (repeatable)."
    )
    var ignore: [String] = []

    @Option(
        name: .long,
        parsing: .unconditional,
        help: "The PIN to send where a recording's challenge.pin was redacted."
    )
    var pin: String?

    func validate() throws {
        for pattern in ignore where !ReplayRun.isJSONPath(pattern) {
            throw ValidationError("--ignore \(pattern) is not a JSON path like $.payload.devices[*].deviceInfo")
        }
    }

    func run() async throws {
        let replay = try ReplayRun(url: url, token: token, ignoring: ignore, pin: pin)
        let outcome = try await replay.run(paths: paths) { text in
            print(text)
            fflush(nil)
        }
        print(outcome.line)
        if let junit {
            try outcome.writeJUnitReport(to: junit)
        }
        if outcome.status != .success {
            throw outcome.status.exitCode
        }
    }
}
