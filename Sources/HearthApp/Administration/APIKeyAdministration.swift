import Clocks
import Foundation
import Registry

/// The device backend's API keys for `/v1` (`hearth apikeys`): only their SHA-256 hashes are stored.
///
/// Every operation creates the registry when it does not exist yet (a key may come before any device).
public struct APIKeyAdministration: Sendable {
    /// A key as `hearth apikeys list` shows it: never the key.
    public struct Key: Sendable, Hashable {
        /// The key's unique label.
        public var name: String
        /// When it was created, to the second.
        public var created: Date
        /// When it was last accepted (to the minute), if ever.
        public var lastUsed: Date?

        /// Creates a key as listed.
        public init(name: String, created: Date, lastUsed: Date?) {
            self.name = name
            self.created = created
            self.lastUsed = lastUsed
        }
    }

    let administration: Administration

    init(_ administration: Administration) {
        self.administration = administration
    }

    /// Creates a key named `name` and returns it: the only time it can be read.
    ///
    /// - Throws: ``CommandFailure`` `.dataError` when a key has that name.
    public func create(name: String) throws -> String {
        try administration.withRegistry { store in
            do {
                return try store.create(name: name, now: administration.clock.unixTime)
            } catch let error as RegistryError where error.code == .conflict {
                throw CommandFailure(
                    .dataError,
                    "\(error.message); choose another --name, or revoke the old key (`hearth apikeys revoke`)"
                )
            }
        }
    }

    /// Every key, sorted by name.
    public func list() throws -> [Key] {
        try administration.withRegistry { store in
            try store.list().map {
                Key(name: $0.name, created: Date(unixTime: $0.created), lastUsed: $0.lastUsed.map(Date.init(unixTime:)))
            }
        }
    }

    /// Revokes the key named `name`: requests bearing it get 401 from then on.
    ///
    /// - Throws: ``CommandFailure`` `.dataError` when no key has that name.
    public func revoke(name: String) throws {
        try administration.withRegistry { store in
            guard try store.revoke(name: name) else {
                throw CommandFailure(.dataError, "no API key named \"\(name)\": check --name (`hearth apikeys list`)")
            }
        }
    }
}
