import Clocks

/// The wrong PINs given for one device: how many within the current window, when the window began, and until when
/// the device refuses PINs. Kept per (user, device) by every ``DeviceStore``, updated in the same transaction as
/// the EXECUTE that gave the PIN, and kept across restarts and re-imports of the device.
public struct PINAttempts: Sendable, Hashable {
    /// Wrong PINs counted in the window starting at ``windowStart``.
    public var failures: Int
    /// When the first of the counted wrong PINs came; `nil` when none is counted.
    public var windowStart: UnixTime?
    /// Until when (exclusive) the device answers `tooManyFailedAttempts`; `nil` when it is not locked out.
    public var lockedUntil: UnixTime?

    /// Creates a record; the default is a clean slate.
    public init(failures: Int = 0, windowStart: UnixTime? = nil, lockedUntil: UnixTime? = nil) {
        self.failures = failures
        self.windowStart = windowStart
        self.lockedUntil = lockedUntil
    }

    /// No failures and no lockout: what a store keeps as no row at all.
    public var isClean: Bool { failures == 0 && windowStart == nil && lockedUntil == nil }
}
