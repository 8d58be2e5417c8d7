import ArgumentParser
import HearthApp

/// `hearth devices import|list|validate`.
struct DevicesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "devices",
        abstract: "Manage the device registry.",
        subcommands: [ImportCommand.self, ListCommand.self, ValidateCommand.self, SetCommand.self, EventCommand.self]
    )

    /// `hearth devices import FILE`.
    struct ImportCommand: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "import",
            abstract: "Import a device file: upsert every user and device, all or nothing."
        )

        @Argument(
            help: "The device file (its format: Sources/HearthApp/HearthApp.docc/Reference/DeviceModel.md)."
        )
        var file: String

        @OptionGroup var common: CommonOptions

        func run() throws {
            let summary = try common.administration().devices.importFile(file)
            print(
                "imported \(file): \(summary.users) user(s), \(summary.added) device(s) added, "
                    + "\(summary.updated) updated"
            )
        }
    }

    /// `hearth devices list --user ID`.
    struct ListCommand: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list",
            abstract: "List one user's devices with their Matter state."
        )

        @Option(name: .long, help: "The agent user id.")
        var user: String

        @OptionGroup var common: CommonOptions

        func run() throws {
            var rows = [["ID", "NAME", "TYPE", "ROOM", "CONNECTIVITY", "STATE"]]
            for device in try common.administration().devices.list(user: user) {
                rows.append([
                    device.id, device.name, device.deviceTypes.joined(separator: "+"), device.room ?? "-",
                    device.connectivity, device.state.joined(separator: " "),
                ])
            }
            print(TextTable.render(rows))
        }
    }
}

extension DevicesCommand {
    /// `hearth devices validate FILE` or `hearth devices validate --user ID`.
    struct ValidateCommand: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "validate",
            abstract: "Say, per device, what Google would reject in the SYNC Hearth would send.",
            discussion: """
                Validates a device file, or one user's devices in the registry (--user). Prints every device with \
                `ok`, `REJECTED` (Google would reject the SYNC: Hearth leaves the device out) or `PROBLEM` (Google \
                accepts it, but it breaks a requirement of Google's documents, e.g. Matter ids without a room), the \
                reasons, then warnings (what Google accepts but changes). Exits 0 when every device is fine, 1 when \
                any device is REJECTED or has a PROBLEM, 65 when the file does not parse or is invalid, 66 when it \
                cannot be read.
                """
        )

        @Argument(help: "A device file to validate (omit with --user).")
        var file: String?

        @Option(name: .long, help: "Validate this user's devices in the registry instead of a file.")
        var user: String?

        @OptionGroup var common: CommonOptions

        func validate() throws {
            switch (file, user) {
            case (nil, nil): throw ValidationError("give a device FILE or --user ID")
            case (_?, _?): throw ValidationError("give either a device FILE or --user, not both")
            default: break
            }
        }

        func run() throws {
            let devices = try common.administration().devices
            // `validate()` lets exactly one of the two through.
            let report =
                if let user { try devices.validate(user: user) } else { try devices.validate(file: file ?? "") }
            print(report.text)
            if !report.passed { throw ExitStatus.rejected.exitCode }
        }
    }
}
