/// Every concern of the registry: what one backend implements, and what the store contract suite
/// (`Tests/RegistryTests/StoreContractTests*.swift`) checks, once, for every backend.
///
/// Callers depend on the concerns they use (`any DeviceStore & TokenStore`, say), never on a backend. A second backend
/// (PostgreSQL) conforms to each protocol and joins the suite's list of factories; nothing in a signature is
/// SQLite's. Each protocol's writing methods are one transaction each, with the bookkeeping they owe inside it.
public typealias RegistryStore = DeviceStore & TokenStore & AccountStore & AttemptStore & OutboxStore & StoreHealth
    & APIKeyStore
