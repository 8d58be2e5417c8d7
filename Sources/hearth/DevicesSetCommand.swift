import ArgumentParser
import HearthApp

extension DevicesCommand {
    /// `hearth devices set --user U --device D Cluster.Attribute=VALUE … [--online|--offline] [--endpoint N]`.
    struct SetCommand: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "set",
            abstract: "Change a device's state from the device side (a wall switch, a sensor reading, going offline).",
            discussion: """
                Writes to the registry a running `hearth serve` uses; its QUERY sees the change within \
                database.cacheRevalidationMilliseconds, and the HomeGraph report is queued in the same transaction \
                (when reporting is enabled). Values in Matter units, checked like an import: true/false, integers, \
                null for nullable attributes, text for strings. Without --endpoint an attribute goes to the endpoint \
                that has its cluster, and --online/--offline to every endpoint.
                """
        )

        /// `--online` or `--offline`.
        enum Connectivity: String, EnumerableFlag {
            case online
            case offline
        }

        @Option(name: .long, help: "The agent user id.")
        var user: String

        @Option(name: .long, help: "The device id.")
        var device: String

        @Option(name: .long, help: "The endpoint number (1 = the primary endpoint).")
        var endpoint: Int?

        @Flag(help: "Mark the endpoint (or every endpoint) reachable or unreachable.")
        var connectivity: Connectivity?

        @Argument(help: "Cluster.Attribute=VALUE, e.g. OnOff.OnOff=true or LevelControl.CurrentLevel=128.")
        var assignments: [String] = []

        @OptionGroup var common: CommonOptions

        func validate() throws {
            if assignments.isEmpty, connectivity == nil {
                throw ValidationError("give at least one Cluster.Attribute=VALUE, or --online / --offline")
            }
            if let endpoint, !(1...255).contains(endpoint) {
                throw ValidationError("--endpoint must be in 1...255")
            }
        }

        func run() throws {
            let update: DeviceStateUpdate
            do {
                update = try makeUpdate()
            } catch {
                // An assignment may name a manufacturer cluster the registry declares: opening the registry teaches
                // this process its clusters. Without a registry the assignment's own error is the one to report.
                try? common.administration().devices.loadManufacturerClusters(user: user)
                do {
                    update = try makeUpdate()
                } catch {
                    throw ValidationError(error.message)
                }
            }
            let reporting = try common.administration().devices.set(update, user: user, device: device)
            print(
                "set \(user)/\(device): \(update)"
                    + (reporting ? " (HomeGraph report queued)" : " (HomeGraph reporting is disabled)")
            )
        }

        func makeUpdate() throws(CommandFailure) -> DeviceStateUpdate {
            try DeviceStateUpdate(
                assignments: assignments,
                online: connectivity.map { $0 == .online },
                endpoint: endpoint
            )
        }
    }

    /// `hearth devices event --user U --device D NAME`.
    struct EventCommand: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "event",
            abstract: "Send a device-side event (doorbell-press, person-detected, …) to Google as a notification.",
            discussion: """
                The device must declare "notificationSupportedByAgent": true. The notification is queued in the \
                registry and sent by a running `hearth serve` with HomeGraph reporting enabled.
                """
        )

        @Option(name: .long, help: "The agent user id.")
        var user: String

        @Option(name: .long, help: "The device id.")
        var device: String

        @Argument(help: "The event: \(Self.knownEvents).")
        var name: String

        @OptionGroup var common: CommonOptions

        func validate() throws {
            guard DeviceAdministration.deviceSideEvents.contains(name) else {
                throw ValidationError("unknown event \"\(name)\"; known events: \(Self.knownEvents)")
            }
        }

        static let knownEvents = DeviceAdministration.deviceSideEvents.joined(separator: ", ")

        func run() throws {
            switch try common.administration().devices.sendEvent(named: name, user: user, device: device) {
            case .queued: print("queued \(name) for \(user)/\(device)")
            case .userUnlinked: print("\(name) not queued: the user is unlinked")
            case .reportingDisabled:
                print("HomeGraph reporting is disabled (no homegraph.serviceAccountKeyFile): \(name) not sent")
            }
        }
    }
}
