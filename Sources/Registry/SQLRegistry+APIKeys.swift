import Clocks
import Cryptography

// API keys (migration "v8: device API", table `apikey`): only their SHA-256 hashes are stored, like tokens. Every
// check reads the database, so `apikeys revoke` through any process is refused on the next request.

extension SQLRegistry {
    public func create(name: String, now: UnixTime) throws -> String {
        let key = try APIKey.prefix + newToken()
        try engine.write(.fleet) { c in
            let taken = try c.first("SELECT EXISTS (SELECT 1 FROM apikey WHERE name = ?)", [.text(name)]) {
                try $0.bool(0)
            }
            if taken == true {
                throw RegistryError(code: .conflict, message: "an API key named \"\(name)\" exists already")
            }
            try c.execute(
                "INSERT INTO apikey (name, hash, created) VALUES (?, ?, ?)",
                [.text(name), .bytes(tokenHash(key).bytes), .int(now.seconds)]
            )
        }
        return key
    }

    public func list() throws -> [APIKey] {
        let sql = "SELECT name, created, lastUsed FROM apikey ORDER BY name" + engine.dialect.byteOrder
        return try engine.readEach { c in
            try c.all(sql) { row in
                APIKey(
                    name: try row.string(0),
                    created: UnixTime(seconds: try row.int64(1)),
                    lastUsed: try row.optionalInt64(2).map { UnixTime(seconds: $0) }
                )
            }
        }
    }

    public func revoke(name: String) throws -> Bool {
        try engine.writeUnlocked { c in try c.execute("DELETE FROM apikey WHERE name = ?", [.text(name)]) > 0 }
    }

    public func apiKey(forKey key: String, now: UnixTime) throws -> String? {
        guard key.hasPrefix(APIKey.prefix) else { return nil }
        let hash = SQLValue.bytes(tokenHash(key).bytes)
        let found = try engine.readEach { c in
            try c.first("SELECT name, lastUsed FROM apikey WHERE hash = ?", [hash]) { row in
                (try row.string(0), try row.optionalInt64(1))
            }
        }
        guard let (name, lastUsed) = found else { return nil }
        if lastUsed.map({ now.seconds - $0 >= RegistryRows.apiKeyUseGranularitySeconds }) ?? true {
            _ = try engine.writeUnlocked { c in
                try c.execute("UPDATE apikey SET lastUsed = ? WHERE hash = ?", [.int(now.seconds), hash])
            }
        }
        return name
    }
}
