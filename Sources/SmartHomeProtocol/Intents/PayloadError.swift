/// Why an intent's payload does not have the shape Google's schema gives it.
public struct PayloadError: Error, Sendable, Hashable, CustomStringConvertible {
    public var reason: String

    public init(reason: String) {
        self.reason = reason
    }

    public var description: String { reason }
}
