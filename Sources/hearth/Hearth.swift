import ArgumentParser
import Foundation
import HearthApp

/// `hearth`: the command line.
@main
struct Hearth: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "hearth",
        abstract: "Google Home Cloud-to-cloud fulfillment for Matter-style devices.",
        discussion: """
            Exit codes: 0 success; 1 devices validate found what Google would reject, or replay found an answer that differs; 64 usage (the command line); \
            65 bad input data; 66 an input is missing or unreadable; 67 no such user; 69 unavailable (port taken); \
            70 internal error; 71 the system refused; 73 cannot create the database; 74 I/O error; 75 database \
            locked, try again; 77 permission denied; 78 configuration error. See "Exit codes" in the Command line reference (Sources/HearthApp/HearthApp.docc/Reference/CommandLine.md).
            """,
        subcommands: [
            ServeCommand.self, DevicesCommand.self, TokenCommand.self, FakeHomeGraphCommand.self,
            FakeDeviceBackendCommand.self, UsersCommand.self, APIKeysCommand.self, DatabaseCommand.self,
            ReplayCommand.self,
        ]
    )

    /// Parses, runs, and exits with the code the Command line reference documents: command-line mistakes as the argument parser
    /// reports them (64, with the usage block), every other failure as one `Error:` line and its sysexits code.
    static func main() async {
        let command: any ParsableCommand
        do {
            command = try parseAsRoot()
        } catch {
            exit(withError: error)
        }
        do {
            if var command = command as? any AsyncParsableCommand {
                try await command.run()
            } else {
                var command = command
                try command.run()
            }
        } catch let error where error is ValidationError || error is ExitCode || error is CleanExit {
            exit(withError: error)
        } catch let error where String(reflecting: type(of: error)).hasPrefix("ArgumentParser.") {
            // `hearth serve --help` parses as ArgumentParser's own help command, whose run throws its internal
            // `CommandError(helpRequested)`: the parser prints the help and exits 0 for it.
            exit(withError: error)
        } catch {
            let failure = CommandFailure(error)
            FileHandle.standardError.write(Data("Error: \(failure.message)\n".utf8))
            Foundation.exit(failure.status.rawValue)
        }
    }
}
