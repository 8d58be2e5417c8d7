import Clocks
import Registry
import Testing

/// APIKeyStore: creating, checking, listing and revoking the device backend's API keys.
extension StoreContractTests {
    @Test(arguments: StoreFactory.allCases)
    func createdKeyIsKnownByItsName(factory: StoreFactory) throws {
        try withStore(factory) { store in
            let key = try store.create(name: "backend", now: now)
            let other = try store.create(name: "staging", now: now)
            #expect(key.hasPrefix(APIKey.prefix))
            #expect(key != other)
            #expect(try store.apiKey(forKey: key, now: now) == "backend")
            #expect(try store.apiKey(forKey: other, now: now) == "staging")
            #expect(try store.apiKey(forKey: key + "x", now: now) == nil)
            #expect(try store.apiKey(forKey: "", now: now) == nil)
        }
    }

    @Test(arguments: StoreFactory.allCases)
    func duplicateKeyNameIsAConflict(factory: StoreFactory) throws {
        try withStore(factory) { store in
            _ = try store.create(name: "backend", now: now)
            #expect {
                _ = try store.create(name: "backend", now: now)
            } throws: { error in
                (error as? RegistryError)?.code == .conflict
            }
            #expect(try store.list().count == 1)
        }
    }

    @Test(arguments: StoreFactory.allCases)
    func keyIsNotATokenAndTokenIsNotAKey(factory: StoreFactory) throws {
        try withStore(factory) { store in
            let key = try store.create(name: "backend", now: now)
            let token = try store.issueToken(forUser: "alice", ttl: nil, now: now)
            #expect(try store.authenticate(token: key, now: now) == nil)
            #expect(try store.apiKey(forKey: token, now: now) == nil)
            #expect(try store.apiKey(forKey: APIKey.prefix + token, now: now) == nil)
        }
    }

    @Test(arguments: StoreFactory.allCases)
    func listShowsUseAtMostOnceAMinuteAndRevokeForgets(factory: StoreFactory) throws {
        try withStore(factory) { store in
            let key = try store.create(name: "backend", now: now)
            #expect(try store.list() == [APIKey(name: "backend", created: now, lastUsed: nil)])
            _ = try store.apiKey(forKey: key, now: later(5))
            _ = try store.apiKey(forKey: key, now: later(30))
            #expect(try store.list().first?.lastUsed == later(5))
            _ = try store.apiKey(forKey: key, now: later(65))
            #expect(try store.list().first?.lastUsed == later(65))
            #expect(try store.revoke(name: "backend"))
            #expect(try !store.revoke(name: "backend"))
            #expect(try store.apiKey(forKey: key, now: later(70)) == nil)
            #expect(try store.list().isEmpty)
        }
    }
}
