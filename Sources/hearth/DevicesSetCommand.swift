import ArgumentParser
import Foundation
import Fulfillment
import HearthApp
import MatterModel
import Registry

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
            let parsed: [DeviceStateChange]
            do {
                parsed = try assignments.map(DeviceStateChange.parse)
            } catch {
                throw ValidationError(error.message)
            }
            let (store, _) = try common.openStore(forUser: user)
            defer { try? store.close() }
            try store.updateDevicesRecordingChanges(forUser: user, ids: [device]) { devices, _, changes in
                guard let stored = devices[device] else {
                    throw CommandFailure(
                        .dataError,
                        "user \"\(user)\" has no device \"\(device)\": check --device (`hearth devices list --user \(user)`)"
                    )
                }
                var target = stored
                do {
                    try DeviceStateChange.apply(
                        parsed,
                        online: connectivity.map { $0 == .online },
                        endpoint: endpoint,
                        to: &target
                    )
                } catch let error as DeviceStateChangeError {
                    throw CommandFailure(.dataError, error.message)
                }
                devices[device] = target
                changes += ChangeRecord.stateChanges(forUser: user, from: stored, to: target, by: .cli)
            }
            let reporting = try store.isReportingEnabled()
            print(
                "set \(user)/\(device): "
                    + (parsed.map(\.description) + (connectivity.map { [$0.rawValue] } ?? [])).joined(separator: " ")
                    + (reporting ? " (HomeGraph report queued)" : " (HomeGraph reporting is disabled)")
            )
        }
    }

    /// `hearth devices event --user U --device D NAME`.
    struct EventCommand: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "event",
            abstract: "Send a device-side event (doorbell-press) to Google as a notification.",
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
            _ = try event()
        }

        static let knownEvents = DeviceEvent.deviceSideEvents.map(\.rawValue).joined(separator: ", ")

        /// The device-side event `name` names.
        func event() throws -> DeviceEvent.Name {
            guard let event = DeviceEvent.Name(rawValue: name), DeviceEvent.deviceSideEvents.contains(event) else {
                throw ValidationError("unknown event \"\(name)\"; known events: \(Self.knownEvents)")
            }
            return event
        }

        func run() throws {
            let event = try event()
            let (store, _) = try common.openStore(forUser: user)
            defer { try? store.close() }
            guard let target = try store.devices(forUser: user, ids: [device])[device] else {
                throw CommandFailure(
                    .dataError,
                    "user \"\(user)\" has no device \"\(device)\": check --device (`hearth devices list --user \(user)`)"
                )
            }
            guard target.notificationSupportedByAgent else {
                throw CommandFailure(
                    .dataError,
                    "device \"\(device)\" does not declare \"notificationSupportedByAgent\": true; add it to the "
                        + "device in its device file and import it again"
                )
            }
            if event == .doorbellPress,
                !target.endpoints.contains(where: { $0.deviceTypes.contains(.Doorbell) })
            {
                throw CommandFailure(.dataError, "device \"\(device)\" is not a Doorbell; doorbell-press needs one")
            }
            guard try store.isReportingEnabled() else {
                print("HomeGraph reporting is disabled (no homegraph.serviceAccountKeyFile): \(name) not sent")
                return
            }
            let queued = try store.recordEvent(DeviceEvent(name: event), forUser: user, device: device)
            print(queued ? "queued \(name) for \(user)/\(device)" : "\(name) not queued: the user is unlinked")
        }
    }
}
