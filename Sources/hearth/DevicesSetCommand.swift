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
            let parsed = try assignments.map(DeviceStateChange.parse)
            let (store, _) = try common.openStore(forUser: user)
            defer { try? store.close() }
            try store.updateDevices(forUser: user, ids: [device]) { devices in
                guard var target = devices[device] else {
                    throw CommandFailure(
                        .dataError,
                        "user \"\(user)\" has no device \"\(device)\": check --device (`hearth devices list --user \(user)`)"
                    )
                }
                try DeviceStateChange.apply(
                    parsed,
                    online: connectivity.map { $0 == .online },
                    endpoint: endpoint,
                    to: &target
                )
                devices[device] = target
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

/// One `Cluster.Attribute=VALUE` of `hearth devices set`, parsed and checked against the attribute's schema.
struct DeviceStateChange: CustomStringConvertible {
    var cluster: ClusterID
    var attribute: String
    var value: AttributeValue
    var text: String

    var description: String { "\(cluster.rawValue).\(attribute)=\(text)" }

    /// Parses `Cluster.Attribute=VALUE`; errors name the attribute.
    static func parse(_ assignment: String) throws -> DeviceStateChange {
        guard let equals = assignment.firstIndex(of: "=") else {
            throw ValidationError("\(assignment): expected Cluster.Attribute=VALUE")
        }
        let path = assignment[..<equals]
        let text = String(assignment[assignment.index(after: equals)...])
        let parts = path.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, let cluster = ClusterID(rawValue: String(parts[0])) else {
            throw ValidationError(
                "\(path): expected Cluster.Attribute with a known cluster (\(ClusterID.knownClusters.joined(separator: ", ")))"
            )
        }
        let name = String(parts[1])
        guard let spec = AttributeSchema.spec(cluster, name) else {
            let reason =
                AttributeSchema.validate(.bool(false), cluster: cluster, attribute: name) ?? "unknown attribute"
            throw ValidationError("\(path): \(reason)")
        }
        let value: AttributeValue
        switch spec.type {
        case .bool:
            switch text {
            case "true": value = .bool(true)
            case "false": value = .bool(false)
            default: throw ValidationError("\(path): expected true or false, got \"\(text)\"")
            }
        case .string:
            value = .string(text)
        default:
            if text == "null", let null = spec.nullValue {
                value = .int(null)
            } else if let number = Int(text) {
                value = .int(number)
            } else {
                throw ValidationError(
                    "\(path): expected an integer (\(spec.type.rawValue))\(spec.isNullable ? " or null" : ""), got \"\(text)\""
                )
            }
        }
        if let reason = spec.validate(value) { throw ValidationError("\(path): \(reason)") }
        return DeviceStateChange(cluster: cluster, attribute: name, value: value, text: text)
    }

    /// Applies the changes to `device`, then checks each changed cluster's cross-attribute rules. Errors are about
    /// the stored device (no such endpoint or cluster, a combination its schema refuses): data errors, not usage.
    static func apply(
        _ changes: [DeviceStateChange],
        online: Bool?,
        endpoint: Int?,
        to device: inout Device
    ) throws {
        if let endpoint, endpoint > device.endpoints.count {
            throw CommandFailure(
                .dataError,
                "device \"\(device.id)\" has \(device.endpoints.count) endpoint(s), not \(endpoint)"
            )
        }
        var touched: [(Int, ClusterID)] = []
        for change in changes {
            let index: Int
            if let endpoint {
                index = endpoint - 1
            } else {
                let candidates = device.endpoints.indices.filter { device.endpoints[$0].has(change.cluster) }
                guard let first = candidates.first else {
                    throw CommandFailure(
                        .dataError,
                        "\(change.cluster.rawValue).\(change.attribute): the device has no \(change.cluster.rawValue) cluster"
                    )
                }
                guard candidates.count == 1 else {
                    throw CommandFailure(
                        .dataError,
                        "\(change.cluster.rawValue).\(change.attribute): several endpoints have \(change.cluster.rawValue); give --endpoint"
                    )
                }
                index = first
            }
            guard device.endpoints[index].has(change.cluster) else {
                throw CommandFailure(
                    .dataError,
                    "\(change.cluster.rawValue).\(change.attribute): endpoint \(index + 1) has no \(change.cluster.rawValue) cluster"
                )
            }
            device.endpoints[index].clusters[change.cluster]?[change.attribute] = change.value
            touched.append((index, change.cluster))
        }
        for (index, cluster) in touched {
            let state = device.endpoints[index].cluster(cluster)
            if let violation = AttributeSchema.validate(
                state,
                cluster: cluster,
                deviceTypes: device.endpoints[index].deviceTypes
            ) {
                throw CommandFailure(.dataError, "\(cluster.rawValue).\(violation.attribute): \(violation.reason)")
            }
        }
        if let online {
            if let endpoint {
                device.endpoints[endpoint - 1].online = online
            } else {
                device.setOnline(online)
            }
        }
    }
}
