import Clocks

/// API keys: the credentials of the manufacturer's device backend on `/v1`. Created and revoked with
/// `hearth apikeys`; checked on every `/v1` request.
///
/// Only SHA-256 hashes are stored; the key is shown once, by ``create(name:now:)``. Keys start with
/// ``APIKey/prefix`` so that neither an operator nor a log reader mistakes one for an OAuth token, and a key is not a
/// token: `/fulfillment` refuses it, as `/v1` refuses tokens. Every method is synchronous, safe from any thread, and
/// one transaction.
public protocol APIKeyStore: Sendable {
    /// Creates a key named `name` and returns it; only its hash is stored.
    ///
    /// - Throws: ``RegistryError/Code/conflict`` when a key with that name exists.
    func create(name: String, now: UnixTime) throws -> String

    /// Every key: name, created and last used, sorted by name. Never the key or its hash.
    func list() throws -> [APIKey]

    /// Deletes the key named `name`; whether there was one.
    func revoke(name: String) throws -> Bool

    /// The name of the key `key`, or `nil` when no key is. Records the use (``APIKey/lastUsed``), writing at most
    /// once a minute per key.
    func apiKey(forKey key: String, now: UnixTime) throws -> String?
}

/// An API key as `hearth apikeys list` shows it.
public struct APIKey: Sendable, Hashable {
    /// What every key starts with.
    public static let prefix = "hk_"

    /// The operator's label.
    public var name: String
    public var created: UnixTime
    /// When the key was last accepted (to the minute), if ever.
    public var lastUsed: UnixTime?

    public init(name: String, created: UnixTime, lastUsed: UnixTime?) {
        self.name = name
        self.created = created
        self.lastUsed = lastUsed
    }
}
