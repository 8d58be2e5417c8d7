import Clocks
import Fulfillment
import Registry

/// The one place a Hearth process opens its registry: `serve` and every command that reads or writes it.
///
/// Every process opens the store the same way, so that each writer queues the same HomeGraph work for a change
/// (Fulfillment's ``HomeGraphOutboxPolicy``: a CLI `devices set` queues what an EXECUTE would).
public enum Storage {
    /// Opens (creating and migrating it if needed) the SQLite registry `configuration` names: `database.path`,
    /// `database.synchronous` and `database.cacheRevalidationMilliseconds`; its timestamps and cache
    /// interval read `clock`.
    ///
    /// - Throws: `RegistryError` with `cannotOpen` when the database cannot be opened or created.
    public static func open(
        _ configuration: HearthConfiguration,
        clock: any HearthClock = SystemClock()
    ) throws -> SQLiteDeviceStore {
        try SQLiteDeviceStore(
            path: configuration.databasePath,
            synchronous: configuration.synchronous,
            revalidationInterval: configuration.cacheRevalidationInterval,
            outboxPolicy: HomeGraphOutboxPolicy(),
            clock: clock
        )
    }
}
