import MatterModel
import Registry
import SmartHomeProtocol
import Synchronization

/// Google payloads derived from a user's devices, kept for one registry snapshot revision.
///
/// A device's QUERY entry and a user's SYNC payload depend only on the registry's devices, so they are written to
/// JSON once per ``DeviceSnapshot/revision`` and reused until the registry changes: QUERY and SYNC then cost a
/// cache lookup and a copy of bytes. A different revision replaces the user's entry.
final class AnswerCache: Sendable {
    private struct UserAnswers {
        var revision: Int64
        var syncPayload: [UInt8]?
        var queryEntries: [String: QueryEntry] = [:]
    }

    /// One device's QUERY entry as written, and the device-level error it reports: the request's summary counts
    /// those from the entries, with no second look at the devices.
    struct QueryEntry: Sendable {
        var bytes: [UInt8]
        var failure: ErrorCode?
    }

    /// The most users kept; past it the cache starts over.
    static let maximumUsers = 10_000

    private let entries = Mutex<[String: UserAnswers]>([:])

    /// The SYNC `payload` object for the snapshot, written by `make` when not cached.
    func syncPayload(user: String, snapshot: DeviceSnapshot, make: () -> [UInt8]) -> [UInt8] {
        if let cached = entries.withLock({ entries -> [UInt8]? in
            guard let entry = entries[user], entry.revision == snapshot.revision else { return nil }
            return entry.syncPayload
        }) {
            return cached
        }
        let payload = make()
        entries.withLock { entries in
            update(&entries, user: user, revision: snapshot.revision) { $0.syncPayload = payload }
        }
        return payload
    }

    /// The QUERY entries (`payload.devices.<id>` values) for `ids`, in order. `make` writes the ones not cached,
    /// or returns `nil` for an id the user does not have: that id gets `fallback`, which is not cached (unknown
    /// ids must not grow the cache).
    func queryEntries(
        user: String,
        snapshot: DeviceSnapshot,
        ids: [String],
        fallback: QueryEntry,
        make: (String) -> QueryEntry?
    ) -> [QueryEntry] {
        var found: [QueryEntry] = []
        found.reserveCapacity(ids.count)
        var missing: [Int] = []
        entries.withLock { entries in
            let entry = entries[user].flatMap { $0.revision == snapshot.revision ? $0 : nil }
            for (index, id) in ids.enumerated() {
                if let cached = entry?.queryEntries[id] {
                    found.append(cached)
                } else {
                    found.append(fallback)
                    missing.append(index)
                }
            }
        }
        guard !missing.isEmpty else { return found }
        var made: [Int] = []
        for index in missing {
            guard let written = make(ids[index]) else { continue }
            found[index] = written
            made.append(index)
        }
        if !made.isEmpty {
            entries.withLock { entries in
                update(&entries, user: user, revision: snapshot.revision) { entry in
                    for index in made { entry.queryEntries[ids[index]] = found[index] }
                }
            }
        }
        return found
    }

    private func update(
        _ entries: inout [String: UserAnswers],
        user: String,
        revision: Int64,
        _ change: (inout UserAnswers) -> Void
    ) {
        var entry = entries[user] ?? UserAnswers(revision: revision)
        if entry.revision != revision {
            // Only move forward: an answer derived from an older snapshot never replaces a newer one.
            guard revision > entry.revision else { return }
            entry = UserAnswers(revision: revision)
        }
        change(&entry)
        if entries[user] == nil, entries.count >= Self.maximumUsers { entries.removeAll(keepingCapacity: true) }
        entries[user] = entry
    }
}
