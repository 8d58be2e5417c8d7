import Clocks
import JSON
import MatterModel
import PostgreSQL
import Registry
import Synchronization

/// The registry in a PostgreSQL database, through a pool of libpq connections: what several `hearth serve`
/// processes on several hosts share. The same concerns, semantics and migration names as ``SQLiteRegistry``
/// (and the same contract suite); `PostgreSQLRegistry+Schema.swift` says where the schema differs.
///
/// Correct with several processes on one database:
/// - Writes are serialized as SQLite's are: every writing transaction first locks the change counter's row
///   (`SELECT … FROM generation FOR UPDATE`), so a read-modify-write (an EXECUTE) sees no other writer, the counter
///   it reads at the end is exact, and change-log rows become visible in cursor order (no reader skips one).
/// - Reads go through the same ``RegistryCache`` as SQLite's, revalidated against the counter in the database at
///   most ``revalidationInterval`` after it was last verified: another instance's writes are seen within it.
/// - Token and API-key checks read the database on every call: a revocation by any instance holds at once.
/// - Transactions that fail with a serialization failure or a deadlock are run again (``PostgreSQLPool``).
public final class PostgreSQLRegistry: DeviceStore, AttemptStore, StoreHealth, ClosableStore {
    let pool: PostgreSQLPool
    /// Decoded devices for the current change counter; see ``RegistryCache``.
    let cache = Mutex(RegistryCache())
    /// How long a verified change counter is trusted before reads check the database again.
    let revalidationInterval: Duration
    let clock: any HearthClock
    let outboxPolicy: any OutboxPolicy
    let outboxObserver = Mutex<OutboxObserver?>(nil)
    let changeObserver = Mutex<OutboxObserver?>(nil)
    /// When ``recordSync(forUser:now:)`` last wrote, per user (unix milliseconds).
    let syncRecorded = Mutex<[String: Int64]>([:])
    /// This store's name in `outbox_claim`: random, one per process (per store).
    let claimer: String
    /// How long a claim on a user's outbox lasts after the claimer last read the user's work.
    let outboxLease: Duration

    /// The default ``revalidationInterval``: other instances' writes are seen by reads within this time.
    public static let defaultRevalidationInterval = RegistryRows.defaultRevalidationInterval

    /// The default ``outboxLease``: far longer than one HomeGraph call (whose timeout is seconds), so a live
    /// claimer never loses its claim in the middle of a delivery; a killed one's users are drained by another
    /// instance this long after its last read.
    public static let defaultOutboxLease = Duration.seconds(60)

    /// Connects to `url` (`postgres://USER@HOST:PORT/DB?sslmode=…`, or any libpq connection string) with
    /// `password` passed beside it, and migrates the database to the current schema.
    ///
    /// - Throws: ``RegistryError/Code/cannotOpen`` when the server cannot be reached or refuses the connection
    ///   (``RegistryError/OpenFailure/unreachable``), or when the database was migrated by a newer Hearth
    ///   (``RegistryError/OpenFailure/newerSchema``).
    public init(
        url: String,
        password: String? = nil,
        poolSize: Int = 8,
        revalidationInterval: Duration = PostgreSQLRegistry.defaultRevalidationInterval,
        outboxPolicy: any OutboxPolicy = StructuralOutboxPolicy(),
        outboxLease: Duration = PostgreSQLRegistry.defaultOutboxLease,
        clock: any HearthClock = SystemClock()
    ) throws {
        self.claimer = try newToken()
        self.outboxLease = outboxLease
        do {
            self.pool = try PostgreSQLPool(url: url, password: password, size: max(poolSize, 1))
        } catch let error as PostgreSQLError {
            var opening = RegistryError(
                code: .cannotOpen,
                message: "cannot connect to the database \(Self.redacted(url)): \(error.message)"
            )
            opening.openFailure = .unreachable
            throw opening
        }
        self.revalidationInterval = revalidationInterval
        self.outboxPolicy = outboxPolicy
        self.clock = clock
        try Self.migrate(pool, url: url)
    }

    /// Nothing to do: the PostgreSQL server keeps its write-ahead log and its data files whole itself.
    public func checkpoint() -> StoreCheckpoint? {
        nil
    }

    /// Closes the pool's idle connections. Call at graceful shutdown, after the last use.
    public func close() {
        pool.close()
    }

    // MARK: - Transactions

    /// The change counter as the connection's transaction sees it.
    static func generation(_ c: PostgreSQLConnection) throws -> Int64 {
        try c.query("SELECT value FROM generation WHERE id = 1").first?.int64(0) ?? 0
    }

    /// Runs `body` in a write transaction that holds the writer lock (the counter's row) from its first statement;
    /// `body` gets the counter as it was. Retried on deadlock.
    func write<T>(_ body: (PostgreSQLConnection, Int64) throws -> T) throws -> T {
        try pool.transaction { c in
            let before = try c.query("SELECT value FROM generation WHERE id = 1 FOR UPDATE").first?.int64(0) ?? 0
            return try body(c, before)
        }
    }

    /// A read-only transaction with one snapshot for all its statements.
    func read<T>(_ body: (PostgreSQLConnection) throws -> T) throws -> T {
        try pool.transaction(.repeatableRead) { c in try body(c) }
    }

    /// The cache protocol of every device read (see ``RegistryCache``): a hit without touching the database when
    /// the counter was verified within ``revalidationInterval``; otherwise one query of the counter, and only on a
    /// miss a load in one snapshot.
    func readThroughCache<T>(
        lookup: (RegistryCache, Int64) -> T?,
        load: (PostgreSQLConnection, Int64) throws -> T
    ) throws -> T {
        let now = clock.now
        let interval = revalidationInterval
        if let hit = cache.withLock({ cache -> T? in
            cache.isFresh(now: now, interval: interval) ? lookup(cache, cache.generation) : nil
        }) {
            return hit
        }
        return try pool.withConnection { c in
            let generation = try Self.generation(c)
            if let hit = cache.withLock({ cache -> T? in
                cache.verified(generation, at: now)
                return lookup(cache, generation)
            }) {
                return hit
            }
            return try c.transaction(.repeatableRead) { c in try load(c, try Self.generation(c)) }
        }
    }

    // MARK: - Devices

    public func snapshot(forUser agentUserId: String) throws -> DeviceSnapshot {
        try readThroughCache { cache, generation in
            cache.snapshot(forUser: agentUserId, at: generation)
        } load: { c, generation in
            let devices = try Self.fetchDevices(c, user: agentUserId)
            let now = clock.now
            return cache.withLock { $0.store(devices: devices, forUser: agentUserId, at: generation, now: now) }
        }
    }

    public func updateDevicesRecordingChanges<T>(
        forUser agentUserId: String,
        ids: [String],
        _ body: (inout [String: Device], inout [String: PINAttempts], inout [ChangeRecord]) throws -> T
    ) throws -> T {
        let (result, changed, before, after, queued, recorded) = try write { c, before in
            let verifiedAt = clock.now
            let cached = cache.withLock { cache -> DeviceSnapshot? in
                cache.verified(before, at: verifiedAt)
                return cache.snapshot(forUser: agentUserId, at: before)
            }
            let snapshot: DeviceSnapshot
            if let cached {
                snapshot = cached
            } else {
                let devices = try Self.fetchDevices(c, user: agentUserId)
                snapshot = cache.withLock {
                    $0.store(devices: devices, forUser: agentUserId, at: before, now: verifiedAt)
                }
            }
            var stored: [String: Device] = [:]
            for id in ids { if let device = snapshot.device(id) { stored[id] = device } }
            var working = stored
            let pinIds = ids.filter { id in
                if case .pin = stored[id]?.challenge { return true }
                return false
            }
            let storedAttempts = try pinIds.isEmpty ? [:] : Self.fetchAttempts(c, user: agentUserId, ids: pinIds)
            var attempts = storedAttempts
            var records: [ChangeRecord] = []
            let result = try body(&working, &attempts, &records)
            for (id, old) in storedAttempts {
                let new = attempts[id] ?? PINAttempts()
                if new != old { try Self.writeAttempts(c, user: agentUserId, device: id, new) }
            }
            var changed: [Device] = []
            var queued = false
            let now = clock.unixMilliseconds
            for (id, old) in stored {
                guard let new = working[id] else { continue }
                let persisted = old.withState(of: new)
                guard persisted != old else { continue }
                try Self.writeChanges(c, user: agentUserId, from: old, to: persisted)
                queued = try queueStateChange(c, user: agentUserId, from: old, to: persisted, now: now) || queued
                changed.append(persisted)
            }
            for record in records { try Self.recordChange(c, record, occurred: now) }
            let after = changed.isEmpty ? before : try Self.generation(c)
            return (result, changed, before, after, queued, !records.isEmpty)
        }
        let now = clock.now
        cache.withLock { $0.apply(changed: changed, ofUser: agentUserId, from: before, to: after, now: now) }
        if queued { notifyOutbox() }
        if recorded { notifyChanges() }
        return result
    }

    public func importDevices(_ file: DeviceFile) throws -> ImportSummary {
        let file = try file.hashingPINs()
        defer { cache.withLock { $0.invalidate() } }
        let now = clock.unixMilliseconds
        let (summary, queued) = try write { c, _ -> (ImportSummary, Bool) in
            var added = 0
            var updated = 0
            var queued = false
            for user in file.users {
                let userId = user.agentUserId
                if try Self.insertUser(c, userId) {
                    try Self.recordChange(
                        c,
                        ChangeRecord(kind: .user, agentUserId: userId, data: JSONObject([("change", "created")])),
                        occurred: now
                    )
                }
                var stored: [String: Device] = [:]
                for device in try Self.fetchDevices(c, user: userId) { stored[device.id] = device }
                var nextPosition =
                    try c.query(
                        "SELECT coalesce(max(position) + 1, 0) FROM device WHERE userId = $1",
                        [.text(userId)]
                    ).first?.int64(0) ?? 0
                for device in user.devices {
                    try device.validateForImport(user: userId)
                    let exists = stored[device.id] != nil
                    let change: JSONValue = exists ? "replaced" : "added"
                    try Self.recordChange(
                        c,
                        ChangeRecord(
                            kind: .device,
                            agentUserId: userId,
                            deviceId: device.id,
                            data: JSONObject([("change", change), ("device", .object(device.jsonObject))])
                        ),
                        occurred: now
                    )
                    if let old = stored[device.id] {
                        try Self.writeDevice(c, user: userId, device: device, newPosition: nil)
                        updated += 1
                        if outboxPolicy.requiresSync(from: old, to: device) {
                            queued = try Self.queueSync(c, user: userId, now: now) || queued
                        }
                        queued = try queueStateChange(c, user: userId, from: old, to: device, now: now) || queued
                    } else {
                        try Self.writeDevice(c, user: userId, device: device, newPosition: nextPosition)
                        nextPosition += 1
                        added += 1
                        queued = try Self.queueSync(c, user: userId, now: now) || queued
                        queued = try Self.queueReport(c, user: userId, device: device.id, now: now) || queued
                    }
                    stored[device.id] = device
                }
            }
            let users = Set(file.users.map(\.agentUserId)).count
            return (ImportSummary(users: users, added: added, updated: updated), queued)
        }
        if queued { notifyOutbox() }
        notifyChanges()
        return summary
    }

    /// Creates the user row unless it exists; whether it was created.
    static func insertUser(_ c: PostgreSQLConnection, _ userId: String) throws -> Bool {
        try c.query("INSERT INTO \"user\" (id) VALUES ($1) ON CONFLICT DO NOTHING", [.text(userId)]).affectedRows > 0
    }

    public func isEmpty() throws -> Bool {
        try pool.query("SELECT NOT EXISTS (SELECT 1 FROM \"user\")").first?.bool(0) ?? true
    }

    public func users() throws -> [String] {
        try pool.query("SELECT id FROM \"user\" ORDER BY id COLLATE \"C\"").rows.map { try $0.string(0) }
    }

    public func pinAttempts(forUser agentUserId: String, device id: String) throws -> PINAttempts {
        try pool.withConnection { c in try Self.fetchAttempts(c, user: agentUserId, ids: [id])[id] ?? PINAttempts() }
    }

    public func updateLoginAttempts<T>(user agentUserId: String, _ body: (inout LoginAttempts) throws -> T) throws -> T
    {
        try write { c, _ in
            let row = try c.query(
                "SELECT failures, windowStart, lockedUntil FROM account WHERE userId = $1 FOR UPDATE",
                [.text(agentUserId)]
            ).first
            var attempts =
                try row.map { row in
                    LoginAttempts(
                        failures: try row.int(0),
                        windowStart: try row.optionalInt64(1).map(UnixTime.init(seconds:)),
                        lockedUntil: try row.optionalInt64(2).map(UnixTime.init(seconds:))
                    )
                } ?? LoginAttempts()
            let before = attempts
            let result = try body(&attempts)
            if row != nil, attempts != before {
                try c.query(
                    "UPDATE account SET failures = $1, windowStart = $2, lockedUntil = $3 WHERE userId = $4",
                    [
                        .int(Int64(attempts.failures)), PostgreSQLValue(attempts.windowStart?.seconds),
                        PostgreSQLValue(attempts.lockedUntil?.seconds), .text(agentUserId),
                    ]
                )
            }
            return result
        }
    }

    // MARK: - Health

    public func checkHealth() throws {
        _ = try pool.query("SELECT count(*) FROM (SELECT 1 FROM device LIMIT 1) AS any_device")
    }
}
