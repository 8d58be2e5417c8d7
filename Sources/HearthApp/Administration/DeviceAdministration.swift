import MatterModel
import Registry

/// The device registry (`hearth devices`): import a device file, list a user's devices, validate devices against
/// what Google accepts, change a device's state and send its events from the device side.
public struct DeviceAdministration: Sendable {
    /// What ``importFile(_:)`` changed.
    public struct Imported: Sendable, Hashable {
        /// Users in the file.
        public var users: Int
        /// Devices that were not stored before.
        public var added: Int
        /// Devices that replaced stored ones.
        public var updated: Int

        /// Creates a summary.
        public init(users: Int, added: Int, updated: Int) {
            self.users = users
            self.added = added
            self.updated = updated
        }
    }

    /// What became of an event ``sendEvent(named:user:device:)`` was given.
    public enum EventOutcome: Sendable, Hashable {
        /// Queued; a running `hearth serve` sends it to Google.
        case queued
        /// Not queued: the user is unlinked, Google would not take it.
        case userUnlinked
        /// Not queued: HomeGraph reporting is disabled (no `homegraph.serviceAccountKeyFile`).
        case reportingDisabled
    }

    /// The events a device may send by hand (`doorbell-press`), as ``sendEvent(named:user:device:)`` takes them.
    public static let deviceSideEvents = DeviceEvent.deviceSideEvents.map(\.rawValue)

    let administration: Administration

    init(_ administration: Administration) {
        self.administration = administration
    }

    /// Imports the device file at `path`: upserts every user and device, all or nothing, creating the registry when
    /// it does not exist yet. The file is read and checked before the registry is opened.
    ///
    /// - Throws: ``DeviceFileError`` when the file cannot be read or is invalid.
    public func importFile(_ path: String) throws -> Imported {
        let deviceFile = try DeviceFileLoader.load(path: path)
        let store = try Storage.open(
            administration.configuration,
            clock: administration.clock,
            environment: administration.environment
        )
        let summary: ImportSummary
        do {
            summary = try store.importDevices(deviceFile)
        } catch {
            try? store.close()
            throw error
        }
        // Closed with `try`: an import that cannot close its database fails.
        try store.close()
        return Imported(users: summary.users, added: summary.added, updated: summary.updated)
    }

    /// `user`'s devices with the state worth a glance.
    ///
    /// - Throws: ``CommandFailure`` `.noInput` when there is no database, `.noUser` when it has no such user.
    public func list(user: String) throws -> [DeviceSummary] {
        try administration.withRegistry(forUser: user) { store in
            try store.devices(forUser: user).map(DeviceSummary.init)
        }
    }

    /// What Google would reject, and what breaks a requirement of its documents, in the SYNC Hearth would send for
    /// the devices of the device file at `path` (the registry is not opened).
    ///
    /// - Throws: ``DeviceFileError`` when the file cannot be read or is invalid.
    public func validate(file path: String) throws -> DeviceValidationReport {
        let users = try DeviceFileLoader.load(path: path).users.map { ($0.agentUserId, $0.devices) }
        return DeviceValidationReport(users: users, options: administration.configuration.fulfillment)
    }

    /// ``validate(file:)`` for `user`'s devices in the registry.
    ///
    /// - Throws: ``CommandFailure`` `.noInput` when there is no database, `.noUser` when it has no such user.
    public func validate(user: String) throws -> DeviceValidationReport {
        let devices = try administration.withRegistry(forUser: user) { store in try store.devices(forUser: user) }
        return DeviceValidationReport(users: [(user, devices)], options: administration.configuration.fulfillment)
    }

    /// Opens the registry once, which puts its manufacturer-specific clusters in this process's
    /// `ManufacturerClusterCatalog`, so that a ``DeviceStateUpdate`` can name them (`hearth devices set`).
    ///
    /// - Throws: ``CommandFailure`` `.noInput`/`.noUser` as ``list(user:)``.
    public func loadManufacturerClusters(user: String) throws {
        try administration.withRegistry(forUser: user) { _ in }
    }

    /// Applies `update` to `user`'s device `device` from the device side, in one transaction that records the
    /// changes and queues the HomeGraph report (when reporting is enabled); a running `hearth serve` sees it within
    /// `database.cacheRevalidationMilliseconds`.
    ///
    /// - Returns: Whether HomeGraph reporting is enabled (the report was queued).
    /// - Throws: ``CommandFailure`` `.noInput`/`.noUser` as ``list(user:)``, `.dataError` when the user has no such
    ///   device or the device cannot take the update.
    public func set(_ update: DeviceStateUpdate, user: String, device: String) throws -> Bool {
        try administration.withRegistry(forUser: user) { store in
            try store.updateDevicesRecordingChanges(forUser: user, ids: [device]) { devices, _, changes in
                guard let stored = devices[device] else { throw Self.noDevice(device, user: user) }
                var target = stored
                do {
                    try DeviceStateChange.apply(
                        update.changes,
                        online: update.online,
                        endpoint: update.endpoint,
                        to: &target
                    )
                } catch let error as DeviceStateChangeError {
                    throw CommandFailure(.dataError, error.message)
                }
                devices[device] = target
                changes += ChangeRecord.stateChanges(forUser: user, from: stored, to: target, by: .cli)
            }
            return try store.isReportingEnabled()
        }
    }

    /// Queues the device-side event `name` (one of ``deviceSideEvents``) of `user`'s device `device` as a
    /// notification to Google, which a running `hearth serve` with HomeGraph reporting enabled sends.
    ///
    /// - Throws: ``CommandFailure`` `.usage` for an event not in ``deviceSideEvents``; `.noInput`/`.noUser` as
    ///   ``list(user:)``; `.dataError` when the user has no such device, or the device does not declare
    ///   `notificationSupportedByAgent` or cannot have the event (a `doorbell-press` needs a Doorbell).
    public func sendEvent(named name: String, user: String, device: String) throws -> EventOutcome {
        guard let event = DeviceEvent.Name(rawValue: name), DeviceEvent.deviceSideEvents.contains(event) else {
            throw CommandFailure(
                .usage,
                "unknown event \"\(name)\"; known events: \(Self.deviceSideEvents.joined(separator: ", "))"
            )
        }
        return try administration.withRegistry(forUser: user) { store in
            guard let target = try store.devices(forUser: user, ids: [device])[device] else {
                throw Self.noDevice(device, user: user)
            }
            guard target.notificationSupportedByAgent else {
                throw CommandFailure(
                    .dataError,
                    "device \"\(device)\" does not declare \"notificationSupportedByAgent\": true; add it to the "
                        + "device in its device file and import it again"
                )
            }
            if !event.canBeSent(by: target) {
                let types = event.senderTypes.map(\.rawValue).sorted().joined(separator: ", ")
                throw CommandFailure(.dataError, "device \"\(device)\" is not a \(types); \(name) needs one")
            }
            guard try store.isReportingEnabled() else { return .reportingDisabled }
            return try store.recordEvent(DeviceEvent(name: event), forUser: user, device: device)
                ? .queued : .userUnlinked
        }
    }

    /// `user` has no device `device`.
    static func noDevice(_ device: String, user: String) -> CommandFailure {
        CommandFailure(
            .dataError,
            "user \"\(user)\" has no device \"\(device)\": check --device (`hearth devices list --user \(user)`)"
        )
    }
}
