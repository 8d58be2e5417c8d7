import Clocks
import Cryptography
import Foundation
import GRDB
import Registry

// API keys (migration "v8: device API", table `apikey`): only their SHA-256 hashes are stored, like tokens.

extension SQLiteRegistry: APIKeyStore {
    /// How often a key's `lastUsed` is written at most: a busy backend must not turn every request into a write.
    static let apiKeyUseGranularitySeconds: Int64 = 60

    public func create(name: String, now: UnixTime) throws -> String {
        let key = try APIKey.prefix + newToken()
        try pool.write { db in
            let taken = try Bool.fetchOne(
                db.cachedStatement(sql: "SELECT EXISTS (SELECT 1 FROM apikey WHERE name = ?)"),
                arguments: [name]
            )
            if taken == true {
                throw RegistryError(code: .conflict, message: "an API key named \"\(name)\" exists already")
            }
            try db.cachedStatement(sql: "INSERT INTO apikey (name, hash, created) VALUES (?, ?, ?)")
                .execute(arguments: [name, tokenHash(key).data, now.seconds])
        }
        return key
    }

    public func list() throws -> [APIKey] {
        try pool.read { db in
            try Row.fetchAll(db.cachedStatement(sql: "SELECT name, created, lastUsed FROM apikey ORDER BY name"))
                .map { row in
                    APIKey(
                        name: row[0],
                        created: UnixTime(seconds: row[1]),
                        lastUsed: (row[2] as Int64?).map { UnixTime(seconds: $0) }
                    )
                }
        }
    }

    public func revoke(name: String) throws -> Bool {
        try pool.write { db in
            try db.cachedStatement(sql: "DELETE FROM apikey WHERE name = ?").execute(arguments: [name])
            return db.changesCount > 0
        }
    }

    public func apiKey(forKey key: String, now: UnixTime) throws -> String? {
        guard key.hasPrefix(APIKey.prefix) else { return nil }
        let hash = tokenHash(key).data
        let found = try pool.read { db -> (String, Int64?)? in
            guard
                let row = try Row.fetchOne(
                    db.cachedStatement(sql: "SELECT name, lastUsed FROM apikey WHERE hash = ?"),
                    arguments: [hash]
                )
            else { return nil }
            return (row[0], row[1])
        }
        guard let (name, lastUsed) = found else { return nil }
        if lastUsed.map({ now.seconds - $0 >= RegistryRows.apiKeyUseGranularitySeconds }) ?? true {
            try pool.write { db in
                try db.cachedStatement(sql: "UPDATE apikey SET lastUsed = ? WHERE hash = ?")
                    .execute(arguments: [now.seconds, hash])
            }
        }
        return name
    }
}
