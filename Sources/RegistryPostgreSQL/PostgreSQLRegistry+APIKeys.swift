import Clocks
import Cryptography
import PostgreSQL
import Registry

// API keys on PostgreSQL: only hashes stored; every check reads the database, so `apikeys revoke` through any
// instance (or the CLI) is refused by every instance on the next request.

extension PostgreSQLRegistry: APIKeyStore {
    public func create(name: String, now: UnixTime) throws -> String {
        let key = try APIKey.prefix + newToken()
        do {
            try pool.query(
                "INSERT INTO apikey (name, hash, created) VALUES ($1, $2, $3)",
                [.text(name), .bytes(tokenHash(key).bytes), .int(now.seconds)]
            )
        } catch let error as PostgreSQLError where error.isUniqueViolation {
            throw RegistryError(code: .conflict, message: "an API key named \"\(name)\" exists already")
        }
        return key
    }

    public func list() throws -> [APIKey] {
        try pool.query("SELECT name, created, lastUsed FROM apikey ORDER BY name COLLATE \"C\"").rows.map { row in
            APIKey(
                name: try row.string(0),
                created: UnixTime(seconds: try row.int64(1)),
                lastUsed: try row.optionalInt64(2).map { UnixTime(seconds: $0) }
            )
        }
    }

    public func revoke(name: String) throws -> Bool {
        try pool.query("DELETE FROM apikey WHERE name = $1", [.text(name)]).affectedRows > 0
    }

    public func apiKey(forKey key: String, now: UnixTime) throws -> String? {
        guard key.hasPrefix(APIKey.prefix) else { return nil }
        let hash = tokenHash(key)
        guard let row = try pool.query("SELECT name, lastUsed FROM apikey WHERE hash = $1", [.bytes(hash.bytes)]).first
        else { return nil }
        let name = try row.string(0)
        let lastUsed = try row.optionalInt64(1)
        if lastUsed.map({ now.seconds - $0 >= RegistryRows.apiKeyUseGranularitySeconds }) ?? true {
            try pool.query("UPDATE apikey SET lastUsed = $1 WHERE hash = $2", [.int(now.seconds), .bytes(hash.bytes)])
        }
        return name
    }
}
