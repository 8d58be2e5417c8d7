import Clocks
import MatterModel
import Synchronization

/// A ``DeviceStore`` that keeps everything in memory, with the same semantics as ``SQLiteDeviceStore``; for tests
/// of the modules that use a store. Every call holds one lock for its whole duration, which makes each call atomic
/// as a transaction would; `updateDevices`'s body must therefore not call the store.
public final class InMemoryDeviceStore: DeviceStore {
    private struct State: Sendable {
        /// Every user, with devices in import order (possibly none).
        var devices: [String: [Device]] = [:]
        /// Token records keyed by the token's hash.
        var tokens: [[UInt8]: TokenRecord] = [:]
        /// Wrong-PIN records by user, then device id; clean records are not kept.
        var attempts: [String: [String: PINAttempts]] = [:]
        /// Bumped by every change, for ``DeviceSnapshot/revision``.
        var revision: Int64 = 0
    }

    private let state = Mutex(State())

    /// Creates an empty store.
    public init() {}

    /// Creates a store holding `file`, as if imported into an empty store.
    public convenience init(importing file: DeviceFile) throws {
        self.init()
        _ = try importDevices(file)
    }

    // MARK: - Devices

    public func snapshot(forUser agentUserId: String) throws -> DeviceSnapshot {
        state.withLock { DeviceSnapshot(revision: $0.revision, devices: $0.devices[agentUserId] ?? []) }
    }

    public func updateDevicesAndPINAttempts<T>(
        forUser agentUserId: String,
        ids: [String],
        _ body: (inout [String: Device], inout [String: PINAttempts]) throws -> T
    ) throws -> T {
        try state.withLock { state in
            let stored = state.devices[agentUserId] ?? []
            let wanted = Set(ids)
            var working: [String: Device] = [:]
            var attempts: [String: PINAttempts] = [:]
            for device in stored where wanted.contains(device.id) {
                working[device.id] = device
                if case .pin = device.challenge {
                    attempts[device.id] = state.attempts[agentUserId]?[device.id] ?? PINAttempts()
                }
            }
            let pinDevices = Set(attempts.keys)
            let result = try body(&working, &attempts)
            // Like the SQLite store: only cluster state and connectivity of devices that were passed in persist.
            var devices = stored
            for index in devices.indices {
                guard wanted.contains(devices[index].id), let changed = working[devices[index].id] else { continue }
                devices[index] = devices[index].withState(of: changed)
            }
            state.devices[agentUserId] = devices
            for id in pinDevices {
                let record = attempts[id] ?? PINAttempts()
                state.attempts[agentUserId, default: [:]][id] = record.isClean ? nil : record
            }
            state.revision += 1
            return result
        }
    }

    public func pinAttempts(forUser agentUserId: String, device id: String) throws -> PINAttempts {
        state.withLock { $0.attempts[agentUserId]?[id] ?? PINAttempts() }
    }

    public func importDevices(_ file: DeviceFile) throws -> ImportSummary {
        let file = try file.hashingPINs()
        for user in file.users {
            for device in user.devices {
                try device.validateForImport(user: user.agentUserId)
            }
        }
        return state.withLock { state in
            var added = 0
            var updated = 0
            for user in file.users {
                var devices = state.devices[user.agentUserId] ?? []
                for device in user.devices {
                    if let index = devices.firstIndex(where: { $0.id == device.id }) {
                        devices[index] = device
                        updated += 1
                    } else {
                        devices.append(device)
                        added += 1
                    }
                }
                state.devices[user.agentUserId] = devices
                state.revision += 1
            }
            let users = Set(file.users.map(\.agentUserId)).count
            return ImportSummary(users: users, added: added, updated: updated)
        }
    }

    public func isEmpty() throws -> Bool {
        state.withLock { state in state.devices.isEmpty }
    }

    public func users() throws -> [String] {
        state.withLock { state in state.devices.keys.sorted() }
    }

    // MARK: - Tokens

    /// Also creates the user when it has no devices yet, as ``SQLiteDeviceStore`` does.
    public func issueToken(forUser agentUserId: String, ttl: Int?, now: UnixTime) throws -> String {
        let token = try newToken()
        let hash = tokenHash(token)
        let record = TokenRecord(
            hash: hash,
            principal: Principal(agentUserId: agentUserId),
            expires: ttl.map { UnixTime.expiry(from: now, ttl: $0) },
            revoked: false
        )
        state.withLock { state in
            if state.devices[agentUserId] == nil { state.devices[agentUserId] = [] }
            state.tokens[hash] = record
            state.revision += 1
        }
        return token
    }

    public func principal(forToken token: String, now: UnixTime) throws -> Principal? {
        let hash = tokenHash(token)
        return state.withLock({ $0.tokens[hash] })?.principal(forHash: hash, now: now)
    }

    public func revokeTokens(forUser agentUserId: String) throws -> Int {
        revokeTokens { $0.agentUserId == agentUserId }
    }

    public func revokeTokens(forUser agentUserId: String, clientId: String?) throws -> Int {
        revokeTokens { $0.agentUserId == agentUserId && $0.clientId == clientId }
    }

    private func revokeTokens(where matches: (Principal) -> Bool) -> Int {
        state.withLock { state in
            var count = 0
            for (hash, record) in state.tokens where matches(record.principal) && !record.revoked {
                state.tokens[hash]?.revoked = true
                state.revision += 1
                count += 1
            }
            return count
        }
    }

    public func checkHealth() throws {}
}
