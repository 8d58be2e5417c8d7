import SmartHomeProtocol
import Synchronization

/// Each device's validated, written SYNC entry, kept across registry revisions.
///
/// A user's SYNC payload is rebuilt whenever the registry changes, and most changes are device state that
/// SYNC does not carry. Validating an entry (``DeviceValidation``) and writing it are most of a rebuild's cost,
/// so both are kept per device with the ``SyncDevice`` they were made from: when the device maps to an equal
/// `SyncDevice` again, the entry is reused. Mapping still runs for every device, so the payload always follows
/// the registry exactly.
final class SyncEntryCache: Sendable {
    /// One device's entry: the `SyncDevice`, whether Google would accept it, and its JSON.
    struct Entry: Sendable {
        var syncDevice: SyncDevice
        var violations: [SyncViolation]
        var bytes: [UInt8]
    }

    /// The most users kept; past it the cache starts over.
    static let maximumUsers = 10_000

    private let entries = Mutex<[String: [String: Entry]]>([:])

    /// The user's entries as last stored.
    func entries(forUser user: String) -> [String: Entry] {
        entries.withLock { $0[user] ?? [:] }
    }

    /// Replaces the user's entries (devices no longer present drop out).
    func store(_ userEntries: [String: Entry], forUser user: String) {
        entries.withLock { entries in
            if entries[user] == nil, entries.count >= Self.maximumUsers { entries.removeAll(keepingCapacity: true) }
            entries[user] = userEntries
        }
    }
}
