import MatterModel

/// Decoded devices and token records, valid for one value of the registry's change counter.
///
/// Every write to `user`, `device`, `attribute` or `token` — by this process, another `hearth` process or a
/// `sqlite3` shell — bumps `generation.value` through triggers (migration "v2"). A reader compares the counter
/// it reads in its own read transaction with ``generation``: equal means the cached values are exactly what
/// that transaction would decode. Decoding a QUERY's devices from attribute rows costs far more than reading
/// the counter.
struct RegistryCache {
    /// A token's stored facts.
    struct TokenRecord {
        var hash: [UInt8]
        var user: String
        var expires: Int64?
        var revoked: Bool
    }

    /// The most users whose devices are kept; past it the cache starts over (a simple, safe bound).
    static let maximumUsers = 10_000
    /// The most token records kept.
    static let maximumTokens = 100_000

    private(set) var generation: Int64 = -1
    private var devicesByUser: [String: (ordered: [Device], byId: [String: Device])] = [:]
    private var tokens: [[UInt8]: TokenRecord] = [:]

    /// The user's devices, if cached for `generation`.
    func devices(forUser user: String, at generation: Int64) -> (ordered: [Device], byId: [String: Device])? {
        guard generation == self.generation else { return nil }
        return devicesByUser[user]
    }

    /// A token record, if cached for `generation`.
    func token(_ hash: [UInt8], at generation: Int64) -> TokenRecord? {
        guard generation == self.generation else { return nil }
        return tokens[hash]
    }

    /// Stores values decoded in a transaction that saw `generation`. Older values never replace newer ones.
    mutating func store(devices: [Device], forUser user: String, at generation: Int64) {
        guard moveTo(generation) else { return }
        if devicesByUser.count >= Self.maximumUsers { devicesByUser.removeAll(keepingCapacity: true) }
        var byId: [String: Device] = [:]
        byId.reserveCapacity(devices.count)
        for device in devices { byId[device.id] = device }
        devicesByUser[user] = (devices, byId)
    }

    /// Stores a token record decoded in a transaction that saw `generation`.
    mutating func store(token record: TokenRecord, at generation: Int64) {
        guard moveTo(generation) else { return }
        if tokens.count >= Self.maximumTokens { tokens.removeAll(keepingCapacity: true) }
        tokens[record.hash] = record
    }

    /// After this process committed a transaction that moved the counter from `before` to `after` and changed
    /// only `changed` devices of `user`: patch them in, so that EXECUTE does not throw the cache away. When the
    /// cache is not at `before` (another writer came between), it is left to be rebuilt.
    mutating func apply(changed: [Device], ofUser user: String, from before: Int64, to after: Int64) {
        guard generation == before else { return }
        generation = after
        guard var entry = devicesByUser[user] else { return }
        for device in changed {
            entry.byId[device.id] = device
            if let index = entry.ordered.firstIndex(where: { $0.id == device.id }) { entry.ordered[index] = device }
        }
        devicesByUser[user] = entry
    }

    /// Moves to a newer generation (dropping everything) or accepts the same one; refuses an older one.
    private mutating func moveTo(_ generation: Int64) -> Bool {
        if generation < self.generation { return false }
        if generation > self.generation {
            self.generation = generation
            devicesByUser.removeAll(keepingCapacity: true)
            tokens.removeAll(keepingCapacity: true)
        }
        return true
    }
}
