import Cryptography

/// Access-token verdicts by the SHA-256 of the token, each with its own expiry (wall time, Unix milliseconds),
/// bounded in entries: past ``TokenCacheLimits/maxEntries`` the oldest inserted is evicted. Not thread-safe: kept
/// inside the verifier's mutex.
struct VerdictCache {
    /// A cached verdict: the user (accepted) or the refusal's reason.
    enum Verdict: Sendable, Hashable {
        case user(String, expires: Int64?)
        case refused(String)
    }

    private struct Entry {
        var verdict: Verdict
        var expiresAt: Int64
        var sequence: UInt64
    }

    private var entries: [SHA256Digest: Entry] = [:]
    /// Keys in insertion order, with the sequence they were inserted under (a replaced key's old slot is skipped).
    private var order: [(key: SHA256Digest, sequence: UInt64)] = []
    private var head = 0
    private var nextSequence: UInt64 = 0
    let maxEntries: Int

    init(maxEntries: Int) {
        self.maxEntries = maxEntries
    }

    /// How many verdicts are held.
    var count: Int { entries.count }

    /// The verdict for `key` if it has not expired at `now`; an expired one is dropped.
    mutating func verdict(for key: SHA256Digest, now: Int64) -> Verdict? {
        guard let entry = entries[key] else { return nil }
        guard now < entry.expiresAt else {
            entries[key] = nil
            return nil
        }
        return entry.verdict
    }

    /// Keeps `verdict` for `key` until `expiresAt`, evicting the oldest entries beyond the bound.
    mutating func insert(_ verdict: Verdict, for key: SHA256Digest, expiresAt: Int64, now: Int64) {
        guard maxEntries > 0, expiresAt > now else { return }
        let sequence = nextSequence
        nextSequence += 1
        entries[key] = Entry(verdict: verdict, expiresAt: expiresAt, sequence: sequence)
        order.append((key, sequence))
        while entries.count > maxEntries, head < order.count {
            let oldest = order[head]
            head += 1
            if entries[oldest.key]?.sequence == oldest.sequence {
                entries[oldest.key] = nil
            }
        }
        // The queue also holds slots of replaced and expired entries: compact it once half of it is dead.
        if head > 1024, head * 2 > order.count {
            order.removeFirst(head)
            head = 0
        }
        if order.count - head > maxEntries * 2 {
            order = order[head...].filter { entries[$0.key]?.sequence == $0.sequence }
            head = 0
        }
    }
}
