import ArgumentParser

/// `hearth`: the command line.
@main
struct Hearth: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "hearth",
        abstract: "Google Home Cloud-to-cloud fulfillment for Matter-style devices.",
        subcommands: [
            ServeCommand.self, DevicesCommand.self, TokenCommand.self, FakeHomeGraphCommand.self, UsersCommand.self,
        ]
    )
}
