import Foundation
import HearthApp
import HearthTestSupport
import Testing

/// `hearth apikeys`' work in the app layer, in a real SQLite registry created by the first call.
struct APIKeyAdministrationTests {
    @Test func aKeyIsCreatedOnceListedWithoutItselfAndRevoked() throws {
        let scratch = try AdministrationScratch()
        defer { scratch.remove() }
        let keys = try scratch.administration().apiKeys
        let key = try keys.create(name: "backend")
        #expect(key.hasPrefix("hk_") && key.count > 20, "\(key)")
        #expect(try keys.list() == [APIKeyAdministration.Key(name: "backend", created: scratch.now, lastUsed: nil)])

        #expect(failureStatus { _ = try keys.create(name: "backend") } == .dataError)

        try keys.revoke(name: "backend")
        #expect(try keys.list().isEmpty)
        #expect(failureStatus { try keys.revoke(name: "backend") } == .dataError)
    }
}
