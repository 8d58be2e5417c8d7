import Registry
import Testing

/// The stores the behavioural suite runs against.
enum StoreKind: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case sqlite
    case inMemory

    var testDescription: String { rawValue }

    /// A new, empty store; the SQLite one in a file of `directory`.
    func make(in directory: TemporaryDirectory) throws -> any DeviceStore {
        switch self {
        case .sqlite: return try SQLiteDeviceStore(path: directory.path("registry.sqlite"))
        case .inMemory: return InMemoryDeviceStore()
        }
    }
}

/// Runs `body` with a new store of `kind`, then closes it and removes its directory.
func withStore<T>(_ kind: StoreKind, _ body: (any DeviceStore) throws -> T) throws -> T {
    let directory = try TemporaryDirectory()
    let store = try kind.make(in: directory)
    let result = try body(store)
    if let sqlite = store as? SQLiteDeviceStore {
        try sqlite.close()
    }
    withExtendedLifetime(directory) {}
    return result
}
