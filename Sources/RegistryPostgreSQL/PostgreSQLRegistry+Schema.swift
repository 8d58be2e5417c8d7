import PostgreSQL
import Registry

// The PostgreSQL schema: the same migration names as SQLite's (`SQLiteRegistry+Schema.swift`, which describes
// every table), each with PostgreSQL DDL, so both engines are at the same version after the same list. Applied
// names are kept in `hearth_migration`; each migration runs in its own transaction under a transaction-level
// advisory lock, so two instances starting at once do not both apply it. A database that has applied a name this
// build does not know was migrated by a newer Hearth: opening it is refused (``PostgreSQLRegistry/migrate``).
//
// Differences from SQLite, each for PostgreSQL's sake:
// - `user` is a reserved word: the table is `"user"`.
// - Every per-user table is keyed by userId first (device, endpoint, attribute, pin_attempt, token, outbox_*,
//   change), so the schema could be distributed by user (Citus) without a redesign. Tokens and codes are looked up
//   by hash, through a unique index beside the key.
// - Booleans are BOOLEAN, byte strings BYTEA, times BIGINT; an attribute's value is TEXT beside its type.
// - The change counter is bumped by row-level triggers (one function), as SQLite's are.
// - change.cursor is an identity column; the order clients read changes in comes from the writing transaction's id
//   ("v14", `PostgreSQLRegistry+Changes.swift`).
// - "v10: change log on the hot path" changes nothing: the PostgreSQL table was made lean in "v8".
// - "v6: outbox" also creates outbox_claim (userId PK, claimer, claimedUntil unix ms): which instance drains a
//   user's outbox, until when (see `PostgreSQLRegistry+Outbox.swift`). SQLite has one draining process and no
//   such table.
// - upstream_sign_in and pending_consent ("v11") are keyed by hash alone: they belong to no user yet (a sign-in
//   learns its user at the callback), so there is no userId to key them by first.
// - "v12: every Matter data type" widens attribute.type's CHECK in place (drop and add the constraint; the rows and
//   the trigger stay). Every tag's value is TEXT, `bool` and `int` included (`0`/`1`, decimal digits), as
//   `StoredAttributeValue` writes it.
// - "v14: writes per user" (SQLite: nothing) makes writes lock per user instead of the change counter's row
//   (``PostgreSQLRegistryDatabase/lock(_:_:)``). change gains xid (the writing transaction's id; rows from before keep
//   0) and an index on (xid, cursor), and change_origin holds the highest cursor from before (and the position pruning
//   has reached), so the log is read in
//   commit order (`PostgreSQLRegistry+Changes.swift`). user_generation (userId PK, value) is each user's change
//   counter, bumped by row triggers on "user", device, endpoint and attribute in place of the fleet counter's, so one
//   user's write leaves other users' cached devices valid in every instance; generation now moves only with
//   manufacturer clusters. token no longer bumps a counter: PostgreSQL caches no tokens. A user's counter row outlives
//   the user, so a user removed and created again never goes back to a counter a cache holds.
// - "v13: manufacturer clusters" adds manufacturer_cluster: each declared manufacturer-specific cluster's MEI (a
//   BIGINT: vendor ids above 0x7FFF make it exceed a 32-bit INTEGER), name and canonical declaration.

extension PostgreSQLRegistry {
    /// The advisory lock key migrations hold (an arbitrary constant: "hearth" in ASCII).
    static let migrationLockKey: Int64 = 0x6865_6172_7468

    /// The migrations, in order, with SQLite's names. Never edit a shipped migration: add the next one.
    static let migrations: [(name: String, sql: String)] = [
        (
            "v1",
            """
            CREATE TABLE "user" (id TEXT PRIMARY KEY);
            CREATE TABLE device (
                userId TEXT NOT NULL REFERENCES "user"(id) ON DELETE CASCADE,
                id TEXT NOT NULL,
                position BIGINT NOT NULL,
                name TEXT NOT NULL,
                nicknames TEXT NOT NULL DEFAULT '[]',
                room TEXT,
                vendorName TEXT,
                vendorID BIGINT,
                productName TEXT,
                productID BIGINT,
                serialNumber TEXT,
                uniqueID TEXT,
                hardwareVersionString TEXT,
                softwareVersionString TEXT,
                otherDeviceIds TEXT NOT NULL DEFAULT '[]',
                PRIMARY KEY (userId, id)
            );
            CREATE INDEX device_position ON device(userId, position);
            CREATE TABLE token (
                userId TEXT NOT NULL REFERENCES "user"(id) ON DELETE CASCADE,
                hash BYTEA NOT NULL,
                created BIGINT NOT NULL,
                expires BIGINT,
                revoked BOOLEAN NOT NULL DEFAULT false,
                PRIMARY KEY (userId, hash)
            );
            CREATE UNIQUE INDEX token_hash ON token(hash);
            """
        ),
        (
            "v2: change counter",
            """
            CREATE TABLE generation (id INTEGER PRIMARY KEY CHECK (id = 1), value BIGINT NOT NULL);
            INSERT INTO generation (id, value) VALUES (1, 0);
            CREATE FUNCTION bump_generation() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN UPDATE generation SET value = value + 1 WHERE id = 1; RETURN NULL; END $$;
            CREATE TRIGGER user_bumps_generation AFTER INSERT OR UPDATE OR DELETE ON "user"
                FOR EACH ROW EXECUTE FUNCTION bump_generation();
            CREATE TRIGGER device_bumps_generation AFTER INSERT OR UPDATE OR DELETE ON device
                FOR EACH ROW EXECUTE FUNCTION bump_generation();
            CREATE TRIGGER token_bumps_generation AFTER INSERT OR UPDATE OR DELETE ON token
                FOR EACH ROW EXECUTE FUNCTION bump_generation();
            """
        ),
        (
            "v3: endpoints",
            """
            CREATE TABLE endpoint (
                userId TEXT NOT NULL,
                deviceId TEXT NOT NULL,
                number INTEGER NOT NULL CHECK (number >= 1),
                deviceTypes TEXT NOT NULL,
                clusters TEXT NOT NULL DEFAULT '[]',
                online BOOLEAN NOT NULL,
                PRIMARY KEY (userId, deviceId, number),
                FOREIGN KEY (userId, deviceId) REFERENCES device(userId, id) ON DELETE CASCADE
            );
            CREATE TABLE attribute (
                userId TEXT NOT NULL,
                deviceId TEXT NOT NULL,
                endpoint INTEGER NOT NULL,
                cluster TEXT NOT NULL,
                name TEXT NOT NULL,
                type TEXT NOT NULL CHECK (type IN ('bool', 'int', 'string')),
                value TEXT NOT NULL,
                PRIMARY KEY (userId, deviceId, endpoint, cluster, name),
                FOREIGN KEY (userId, deviceId, endpoint) REFERENCES endpoint(userId, deviceId, number)
                    ON DELETE CASCADE
            );
            CREATE TRIGGER endpoint_bumps_generation AFTER INSERT OR UPDATE OR DELETE ON endpoint
                FOR EACH ROW EXECUTE FUNCTION bump_generation();
            CREATE TRIGGER attribute_bumps_generation AFTER INSERT OR UPDATE OR DELETE ON attribute
                FOR EACH ROW EXECUTE FUNCTION bump_generation();
            """
        ),
        (
            "v4: challenges",
            """
            ALTER TABLE device ADD COLUMN challenge TEXT NOT NULL DEFAULT 'none'
                CHECK (challenge IN ('none', 'ack', 'pin'));
            ALTER TABLE device ADD COLUMN pinHash TEXT;
            CREATE TABLE pin_attempt (
                userId TEXT NOT NULL,
                deviceId TEXT NOT NULL,
                failures INTEGER NOT NULL CHECK (failures >= 0),
                windowStart BIGINT,
                lockedUntil BIGINT,
                PRIMARY KEY (userId, deviceId),
                FOREIGN KEY (userId, deviceId) REFERENCES device(userId, id) ON DELETE CASCADE
            );
            """
        ),
        (
            "v5: accounts",
            """
            CREATE TABLE account (
                userId TEXT PRIMARY KEY REFERENCES "user"(id) ON DELETE CASCADE,
                login TEXT NOT NULL UNIQUE,
                passwordHash TEXT NOT NULL,
                created BIGINT NOT NULL,
                failures INTEGER NOT NULL DEFAULT 0 CHECK (failures >= 0),
                windowStart BIGINT,
                lockedUntil BIGINT
            );
            CREATE TABLE authorization_code (
                hash BYTEA PRIMARY KEY,
                userId TEXT NOT NULL REFERENCES "user"(id) ON DELETE CASCADE,
                clientId TEXT NOT NULL,
                redirectURI TEXT NOT NULL,
                codeChallenge TEXT,
                scope TEXT,
                created BIGINT NOT NULL,
                expires BIGINT NOT NULL,
                used BOOLEAN NOT NULL DEFAULT false
            );
            CREATE INDEX authorization_code_user ON authorization_code(userId);
            ALTER TABLE token ADD COLUMN clientId TEXT;
            ALTER TABLE token ADD COLUMN kind TEXT NOT NULL DEFAULT 'access' CHECK (kind IN ('access', 'refresh'));
            ALTER TABLE token ADD COLUMN grantId TEXT;
            ALTER TABLE token ADD COLUMN replacedAt BIGINT;
            CREATE INDEX token_grant ON token(grantId);
            """
        ),
        (
            "v6: outbox",
            """
            ALTER TABLE device ADD COLUMN notificationSupportedByAgent BOOLEAN NOT NULL DEFAULT false;
            CREATE TABLE homegraph_setting (id INTEGER PRIMARY KEY CHECK (id = 1), reporting BOOLEAN NOT NULL);
            CREATE TABLE homegraph_user (
                userId TEXT PRIMARY KEY,
                lastSync BIGINT,
                unlinked BOOLEAN NOT NULL DEFAULT false
            );
            CREATE TABLE outbox_report (
                userId TEXT NOT NULL,
                deviceId TEXT NOT NULL,
                enqueued BIGINT NOT NULL,
                seq BIGINT NOT NULL DEFAULT 0,
                PRIMARY KEY (userId, deviceId)
            );
            CREATE TABLE outbox_sync (
                userId TEXT PRIMARY KEY,
                enqueued BIGINT NOT NULL,
                lastEnqueued BIGINT NOT NULL,
                seq BIGINT NOT NULL DEFAULT 0
            );
            CREATE TABLE outbox_event (
                userId TEXT NOT NULL,
                id BIGINT GENERATED ALWAYS AS IDENTITY,
                deviceId TEXT NOT NULL,
                name TEXT NOT NULL,
                value BIGINT,
                occurred BIGINT NOT NULL,
                PRIMARY KEY (userId, id)
            );
            CREATE TABLE outbox_claim (
                userId TEXT PRIMARY KEY,
                claimer TEXT NOT NULL,
                claimedUntil BIGINT NOT NULL
            );
            """
        ),
        ("v7: structure hint", "ALTER TABLE device ADD COLUMN structure TEXT;"),
        (
            "v8: device API",
            """
            CREATE TABLE apikey (
                name TEXT PRIMARY KEY,
                hash BYTEA NOT NULL UNIQUE,
                created BIGINT NOT NULL,
                lastUsed BIGINT
            );
            CREATE TABLE change (
                userId TEXT NOT NULL,
                cursor BIGINT GENERATED ALWAYS AS IDENTITY,
                occurred BIGINT NOT NULL,
                kind TEXT NOT NULL CHECK (kind IN ('command', 'state', 'device', 'user')),
                deviceId TEXT,
                data TEXT NOT NULL,
                PRIMARY KEY (userId, cursor)
            );
            CREATE UNIQUE INDEX change_cursor ON change(cursor);
            """
        ),
        ("v10: change log on the hot path", "SELECT 1;"),
        (
            "v11: upstream sign-ins",
            """
            CREATE TABLE upstream_sign_in (
                hash BYTEA PRIMARY KEY,
                userId TEXT NOT NULL,
                clientId TEXT NOT NULL,
                redirectURI TEXT NOT NULL,
                codeChallenge TEXT,
                scope TEXT,
                clientState TEXT,
                nonce TEXT NOT NULL,
                codeVerifier TEXT NOT NULL,
                browserBinding TEXT NOT NULL,
                expires BIGINT NOT NULL
            );
            CREATE INDEX upstream_sign_in_expires ON upstream_sign_in(expires);
            CREATE TABLE pending_consent (
                hash BYTEA PRIMARY KEY,
                userId TEXT NOT NULL,
                clientId TEXT NOT NULL,
                redirectURI TEXT NOT NULL,
                codeChallenge TEXT,
                scope TEXT,
                expires BIGINT NOT NULL
            );
            CREATE INDEX pending_consent_expires ON pending_consent(expires);
            """
        ),
        (
            "v12: every Matter data type",
            """
            ALTER TABLE attribute DROP CONSTRAINT attribute_type_check;
            ALTER TABLE attribute ADD CONSTRAINT attribute_type_check CHECK (
                type IN ('null', 'bool', 'int', 'uint64', 'double', 'string', 'octstr', 'list', 'struct')
            );
            """
        ),
        (
            "v13: manufacturer clusters",
            """
            CREATE TABLE manufacturer_cluster (
                id BIGINT PRIMARY KEY,
                name TEXT NOT NULL UNIQUE,
                declaration TEXT NOT NULL
            );
            CREATE TRIGGER manufacturer_cluster_bumps_generation AFTER INSERT OR UPDATE OR DELETE ON manufacturer_cluster
                FOR EACH ROW EXECUTE FUNCTION bump_generation();
            """
        ),
        (
            "v14: writes per user",
            """
            ALTER TABLE change ADD COLUMN xid xid8 NOT NULL DEFAULT '0';
            ALTER TABLE change ALTER COLUMN xid SET DEFAULT pg_current_xact_id();
            CREATE INDEX change_xid ON change(xid, cursor);
            CREATE TABLE change_origin (legacy BIGINT NOT NULL, pruned BIGINT NOT NULL);
            INSERT INTO change_origin (legacy, pruned) SELECT coalesce(max(cursor), 0), coalesce(min(cursor) - 1, 0)
                FROM change;
            CREATE TABLE user_generation (userId TEXT PRIMARY KEY, value BIGINT NOT NULL);
            CREATE FUNCTION bump_user_generation() RETURNS trigger LANGUAGE plpgsql AS $$
            DECLARE owner TEXT;
            BEGIN
                IF TG_OP = 'DELETE' THEN owner := OLD.userId; ELSE owner := NEW.userId; END IF;
                INSERT INTO user_generation AS g (userId, value) VALUES (owner, 1)
                    ON CONFLICT (userId) DO UPDATE SET value = g.value + 1;
                RETURN NULL;
            END $$;
            CREATE FUNCTION bump_user_row_generation() RETURNS trigger LANGUAGE plpgsql AS $$
            DECLARE owner TEXT;
            BEGIN
                IF TG_OP = 'DELETE' THEN owner := OLD.id; ELSE owner := NEW.id; END IF;
                INSERT INTO user_generation AS g (userId, value) VALUES (owner, 1)
                    ON CONFLICT (userId) DO UPDATE SET value = g.value + 1;
                RETURN NULL;
            END $$;
            DROP TRIGGER user_bumps_generation ON "user";
            DROP TRIGGER device_bumps_generation ON device;
            DROP TRIGGER endpoint_bumps_generation ON endpoint;
            DROP TRIGGER attribute_bumps_generation ON attribute;
            DROP TRIGGER token_bumps_generation ON token;
            CREATE TRIGGER user_bumps_user_generation AFTER INSERT OR UPDATE OR DELETE ON "user"
                FOR EACH ROW EXECUTE FUNCTION bump_user_row_generation();
            CREATE TRIGGER device_bumps_user_generation AFTER INSERT OR UPDATE OR DELETE ON device
                FOR EACH ROW EXECUTE FUNCTION bump_user_generation();
            CREATE TRIGGER endpoint_bumps_user_generation AFTER INSERT OR UPDATE OR DELETE ON endpoint
                FOR EACH ROW EXECUTE FUNCTION bump_user_generation();
            CREATE TRIGGER attribute_bumps_user_generation AFTER INSERT OR UPDATE OR DELETE ON attribute
                FOR EACH ROW EXECUTE FUNCTION bump_user_generation();
            """
        ),
    ]

    /// Applies the migrations this database lacks, each in its own transaction; refuses a database migrated by a
    /// newer Hearth.
    static func migrate(_ pool: PostgreSQLPool, url: String) throws {
        try pool.withConnection { connection in
            try connection.execute(
                "CREATE TABLE IF NOT EXISTS hearth_migration (name TEXT PRIMARY KEY, position INTEGER NOT NULL)"
            )
            let known = Set(migrations.map(\.name))
            for (position, migration) in migrations.enumerated() {
                try connection.transaction { connection in
                    try connection.query("SELECT pg_advisory_xact_lock($1::bigint)", [.int(migrationLockKey)])
                    let applied = try connection.query("SELECT name FROM hearth_migration").rows.map {
                        try $0.string(0)
                    }
                    if let unknown = applied.first(where: { !known.contains($0) }) {
                        throw newerSchema(url: url, migration: unknown)
                    }
                    guard !applied.contains(migration.name) else { return }
                    try connection.execute(migration.sql)
                    try connection.query(
                        "INSERT INTO hearth_migration (name, position) VALUES ($1, $2)",
                        [.text(migration.name), .int(Int64(position))]
                    )
                }
            }
        }
    }

    /// The refusal to open a database migrated past what this build knows.
    static func newerSchema(url: String, migration: String) -> RegistryError {
        var error = RegistryError(
            code: .cannotOpen,
            message:
                "cannot open the database \(redacted(url)): its schema is newer than this hearth knows (it has "
                + "migration \"\(migration)\"); run the hearth version that migrated it, or a newer one"
        )
        error.openFailure = .newerSchema
        return error
    }

    /// A URL as logs and errors show it: without a password, if one was written into it.
    public static func redacted(_ url: String) -> String {
        guard let scheme = url.firstRange(of: "://"), let at = url[scheme.upperBound...].firstIndex(of: "@") else {
            return url
        }
        let credentials = url[scheme.upperBound..<at]
        guard let colon = credentials.firstIndex(of: ":") else { return url }
        return String(url[..<colon]) + ":***" + String(url[at...])
    }
}
