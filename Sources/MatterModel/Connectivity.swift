/// A device's reachability over its endpoints.
public enum Connectivity: String, Sendable, Hashable, CaseIterable {
    /// Every endpoint is reachable.
    case online
    /// No endpoint is reachable: Google sees `online: false`.
    case offline
    /// Some endpoints are reachable, some not: Google sees `online: true`, and commands for an unreachable
    /// endpoint fail with `deviceOffline`.
    case partiallyOnline
}
