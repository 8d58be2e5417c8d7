import MatterModel

/// A change of a device's state from the device side, as `hearth devices set` takes it: attribute assignments
/// (`Cluster.Attribute=VALUE`, in Matter units), reachability, and the endpoint they go to. Parsed and checked
/// against the attributes' schemas before the registry is opened.
public struct DeviceStateUpdate: Sendable, Hashable, CustomStringConvertible {
    /// The attribute changes, in the order given.
    let changes: [DeviceStateChange]
    /// `true` to mark the endpoint (or every endpoint) reachable, `false` unreachable, `nil` to leave it.
    public let online: Bool?
    /// The endpoint number (1 = the primary endpoint); `nil` puts each attribute on the endpoint that has its
    /// cluster, and reachability on every endpoint.
    public let endpoint: Int?

    /// Parses `assignments` (`OnOff.OnOff=true`, `LevelControl.CurrentLevel=128`): `true`/`false` for booleans,
    /// integers, `null` for nullable attributes, text for strings.
    ///
    /// - Throws: ``CommandFailure`` `.usage` naming the first assignment that does not parse or that its schema
    ///   refuses.
    public init(assignments: [String], online: Bool? = nil, endpoint: Int? = nil) throws(CommandFailure) {
        var changes: [DeviceStateChange] = []
        for assignment in assignments {
            do {
                changes.append(try DeviceStateChange.parse(assignment))
            } catch {
                throw CommandFailure(.usage, error.message)
            }
        }
        self.changes = changes
        self.online = online
        self.endpoint = endpoint
    }

    /// The assignments as written, then `online` or `offline`, separated by spaces.
    public var description: String {
        (changes.map(\.description) + (online.map { [$0 ? "online" : "offline"] } ?? [])).joined(separator: " ")
    }
}
