import HearthApp
import Testing

/// ``Storage``: how many PostgreSQL connections one process opens.
struct StorageTests {
    @Test func aConfiguredPoolSizeIsKept() throws {
        var values = ConfigValues()
        try values.apply(environment: ["HEARTH_DATABASE_POOL_SIZE": "7"])
        let configuration = HearthConfiguration(values)
        #expect(Storage.poolSize(configuration) == 7)
    }

    @Test func thePoolCoversEveryListenerThreadAndTheBackgroundWork() throws {
        var values = ConfigValues()
        try values.apply(environment: ["HEARTH_HTTP_THREADS": "6"])
        let configuration = HearthConfiguration(values)
        #expect(configuration.databasePoolSize == 0)
        #expect(Storage.poolSize(configuration) == 8)
    }
}
