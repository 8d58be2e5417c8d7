import GRDB
import Registry

// MARK: - Schema
//
// user       one row per agent user id. Created by an import, or by issuing a token to a user without devices.
//   id TEXT PRIMARY KEY
//
// device     one row per (user, device id).
//   userId, id                  PRIMARY KEY (userId, id); userId → user ON DELETE CASCADE
//   position INTEGER            import order within the user: a new device goes last, a replaced one keeps its place
//   name TEXT, room TEXT NULL
//   nicknames, deviceTypes, otherDeviceIds TEXT   JSON arrays of strings (device types by Matter name)
//   clusters TEXT               JSON array of the device's cluster names, so that a cluster without attributes
//                               survives a round trip
//   vendorName … softwareVersionString            the BasicInformation fields, one nullable column each
//   online INTEGER (0/1)
//   index device_position (userId, position): SYNC reads a user's devices in order
//
// attribute  one row per (user, device, cluster, attribute); WITHOUT ROWID so the primary key is the table order
//   userId, deviceId, cluster, name   PRIMARY KEY; (userId, deviceId) → device ON DELETE CASCADE
//   type TEXT 'bool' | 'int' | 'string' (every Matter kind since v12, below)
//   value (no declared type, so SQLite keeps what is bound: INTEGER for bool and int, TEXT for string)
//
// token      bearer tokens, stored only as the SHA-256 hash of the token's UTF-8 bytes
//   hash BLOB PRIMARY KEY (32 bytes); userId → user ON DELETE CASCADE
//   created INTEGER, expires INTEGER NULL (unix seconds; NULL = never), revoked INTEGER (0/1)
//   index token_user (userId): revoking a user's tokens
//
// v3 (endpoints) moves device types, cluster names and connectivity from device to endpoint, and keys attributes by
// endpoint:
//
// endpoint   one row per (user, device, endpoint number); numbers from 1 in device-file order
//   userId, deviceId, number    PRIMARY KEY; (userId, deviceId) → device ON DELETE CASCADE
//   deviceTypes, clusters TEXT  JSON arrays of strings, as device had them
//   online INTEGER (0/1)
//
// attribute  one row per (user, device, endpoint, cluster, attribute), WITHOUT ROWID;
//   (userId, deviceId, endpoint) → endpoint ON DELETE CASCADE
//
// v4 (challenges) adds each device's secondary user verification and the wrong PINs given for it:
//
// device     + challenge TEXT 'none' | 'ack' | 'pin' (default 'none'), + pinHash TEXT NULL (PBKDF2 string, set
//            exactly when challenge = 'pin'; a PIN is never stored in clear)
//
// pin_attempt  one row per (user, device) with wrong PINs counted or a lockout running; absent = clean. Not
//   counted by generation (no triggers): it is read and written only inside EXECUTE's write transaction, never
//   cached. Survives re-imports of the device (an import updates the device row in place).
//   userId, deviceId            PRIMARY KEY; (userId, deviceId) → device ON DELETE CASCADE
//   failures INTEGER            wrong PINs in the current window
//   windowStart INTEGER NULL    unix seconds of the window's first wrong PIN
//   lockedUntil INTEGER NULL    unix seconds until which the device answers tooManyFailedAttempts
//
// v6 (outbox) adds the HomeGraph outbox: the work Report State, Request Sync and notifications owe Google, written in
// the transaction of the change that causes it (see SQLRegistry+Outbox.swift in Registry). No table of v6 bumps generation.
//
// device     + notificationSupportedByAgent INTEGER (0/1, default 0)
//
// homegraph_setting  one row: reporting INTEGER (0/1), whether HomeGraph work is queued at all. `serve` writes it at
//   start (1 when it has a service-account key), so that every writer, a CLI process too, knows it. No row = 0.
//
// homegraph_user  one row per agent user HomeGraph knows something about; absent = linked, never synced
//   userId TEXT PRIMARY KEY
//   lastSync INTEGER NULL       unix milliseconds of the user's latest SYNC intent (HomeGraph answers 404 for ~30 s)
//   unlinked INTEGER (0/1)      1 after DISCONNECT until a token is issued again: nothing is queued or sent
//
// outbox_report  one row per (user, device) whose state changed and was not reported yet: the report carries the
//   device's state as it is when the drain reads it, so many changes coalesce into one row
//   userId, deviceId            PRIMARY KEY (no foreign key: a removed device's row is dropped by the drain)
//   enqueued INTEGER            unix milliseconds of the first unreported change
//   seq INTEGER                 bumped by every further change, so that the drain deletes only what it reported
//
// outbox_sync  one row per user owed a Request Sync: enqueued (first), lastEnqueued (latest), seq as above
//
// outbox_event  one row per device event owed a notification (a doorbell press, an alarm going off), in order
//   id INTEGER PRIMARY KEY AUTOINCREMENT, userId, deviceId, name TEXT, value INTEGER NULL, occurred INTEGER (ms)
//
// generation (v2) one row: a counter every insert, update and delete of the tables above bumps (triggers), so
//   that RegistryCache can tell whether what it decoded is still current
//
// v5 (accounts) adds sign-in accounts, OAuth authorization codes, and what OAuth tokens need:
//
// account    one sign-in login per agent user (`hearth users add`); the password only as a PBKDF2 string
//   userId TEXT PRIMARY KEY → user ON DELETE CASCADE; login TEXT NOT NULL UNIQUE; passwordHash TEXT NOT NULL
//   created INTEGER (unix seconds)
//   failures, windowStart, lockedUntil   wrong passwords counted and the login's lockout, like pin_attempt
//
// authorization_code   OAuth codes, stored only as the SHA-256 hash of the code
//   hash BLOB PRIMARY KEY; userId → user ON DELETE CASCADE; clientId, redirectURI TEXT NOT NULL
//   codeChallenge TEXT NULL (PKCE S256), scope TEXT NULL, created, expires INTEGER, used INTEGER (0/1)
//
// token      + clientId TEXT NULL (NULL: a `hearth token issue` token), + kind TEXT 'access' | 'refresh',
//            + grantId TEXT NULL (the authorization code the token descends from: every token of one linking shares
//            it, so a replayed code revokes them all), + replacedAt INTEGER NULL (a rotated refresh token: when; it
//            stays valid for the grace period after it)
//   index token_grant (grantId)
//
// Neither account nor authorization_code feeds a cached read, so neither bumps generation: a wrong password or a
// new code must not throw away every cached device. token keeps its v2 triggers (ALTER TABLE keeps them).
//
// v7 (structure hint) adds the structure (home) a device is in, Google's `structureHint`:
//
// device     + structure TEXT NULL (NULL: the device file names none; never empty, like room). ALTER TABLE keeps
//            device's v2 triggers, so a changed structure bumps generation like a changed room.
//
// v8 (device API) adds the device backend's keys and the change log behind `/v1/changes`:
//
// apikey     name TEXT PK (the operator's label), hash BLOB UNIQUE (SHA-256 of the key; the key itself is shown
//            once and never stored), created INTEGER (unix seconds), lastUsed INTEGER NULL. A revoked key's row
//            is deleted. WITHOUT ROWID.
// change     cursor INTEGER PK AUTOINCREMENT (the stream's cursor: strictly increasing and never reused, also
//            after old rows are pruned), occurred INTEGER (unix milliseconds), kind TEXT (command | state |
//            device | user), userId TEXT, deviceId TEXT NULL, data TEXT (one JSON object, the event's body).
//   index change_user (userId, cursor), change_occurred (occurred)
//
// A change row is written in the same transaction as the write it describes, so the log has no gap and no change
// that did not happen. Neither table bumps generation: no cached read depends on them.
//
// v10 (change log on the hot path) rebuilds `change` with neither index nor AUTOINCREMENT: every EXECUTE appends
// a row, and each index, like AUTOINCREMENT's sqlite_sequence row, is one more page written to the WAL per commit
// (measured: EXECUTE cost a third more CPU with them, a quarter more without the indexes). Cursors stay strictly
// increasing and never reused because pruning always keeps the newest row, so max(cursor) never goes down (a rolled
// back insert may reuse a number nobody saw). Readers scan by cursor (the primary key) from their own cursor, so
// `?user=` filters the rows after it; pruning finds its boundary by walking the oldest rows in cursor order
// (occurred grows with the cursor) and deletes by cursor range, in batches.
//
// v11 (upstream sign-ins) adds what a sign-in through the manufacturer's identity provider keeps between requests,
// so that one started at one instance finishes at another (see SQLRegistry+UpstreamSignIns.swift in Registry):
//
// upstream_sign_in  one row per sign-in between the redirect to the identity provider and its callback
//   hash BLOB PRIMARY KEY       SHA-256 of the `state` sent to the provider (the state itself is never stored)
//   userId TEXT                 the authorization request's agent user id: empty until the provider says who signed
//                               in (no foreign key: the user may not exist yet)
//   clientId, redirectURI TEXT, codeChallenge TEXT NULL, scope TEXT NULL   Google's authorization request
//   clientState TEXT NULL       Google's `state`, returned to Google unchanged
//   nonce, codeVerifier TEXT    the OpenID Connect nonce and the PKCE verifier sent (as its S256 challenge) to the
//                               provider: useless without the provider's code, which only the callback brings
//   browserBinding TEXT         SHA-256 (hex) of the cookie set on the browser that started the sign-in
//   expires INTEGER             unix seconds; refused from this instant on
//   index upstream_sign_in_expires (expires): pruning
//
// pending_consent  one row per grant shown on Hearth's consent page and not yet approved or denied
//   hash BLOB PRIMARY KEY       SHA-256 of the consent form's handle; userId, clientId, redirectURI, codeChallenge,
//                               scope as in authorization_code (no foreign key); expires INTEGER (unix seconds)
//   index pending_consent_expires (expires): pruning
//
// Both WITHOUT ROWID, neither bumps generation (no cached read depends on them). A row is taken by one
// `DELETE … RETURNING`, so at most once; expired rows are pruned by the takes, a bounded batch each. `hearth db copy`
// does not copy them (RegistryCopy): they live minutes; a sign-in lost in the move is started again.
//
// v12 (every Matter data type) widens what an attribute row may hold to every kind of Matter value
// (StoredAttributeValue.swift in Registry describes each tag's text):
//
// attribute  type TEXT 'null' | 'bool' | 'int' | 'uint64' | 'double' | 'string' | 'octstr' | 'list' | 'struct'
//   value: INTEGER for bool (0/1) and int, as before; TEXT for every other tag ('' for null, decimal digits for
//   uint64, the shortest round-tripping decimal for double, lowercase hex for octstr, tagged JSON for list and struct)
//   SQLite cannot change a CHECK constraint in place: the table is rebuilt (rows copied unchanged, storage classes
//   included) and its three generation triggers made again.

extension SQLiteRegistry {
    /// The migrations, in order. Never edit a shipped migration: add the next one.
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            try db.execute(
                sql: """
                    CREATE TABLE user (
                        id TEXT PRIMARY KEY NOT NULL
                    ) WITHOUT ROWID;

                    CREATE TABLE device (
                        userId TEXT NOT NULL REFERENCES user(id) ON DELETE CASCADE,
                        id TEXT NOT NULL,
                        position INTEGER NOT NULL,
                        name TEXT NOT NULL,
                        nicknames TEXT NOT NULL DEFAULT '[]',
                        room TEXT,
                        deviceTypes TEXT NOT NULL,
                        clusters TEXT NOT NULL DEFAULT '[]',
                        vendorName TEXT,
                        vendorID INTEGER,
                        productName TEXT,
                        productID INTEGER,
                        serialNumber TEXT,
                        uniqueID TEXT,
                        hardwareVersionString TEXT,
                        softwareVersionString TEXT,
                        otherDeviceIds TEXT NOT NULL DEFAULT '[]',
                        online INTEGER NOT NULL CHECK (online IN (0, 1)),
                        PRIMARY KEY (userId, id)
                    );
                    CREATE INDEX device_position ON device(userId, position);

                    CREATE TABLE attribute (
                        userId TEXT NOT NULL,
                        deviceId TEXT NOT NULL,
                        cluster TEXT NOT NULL,
                        name TEXT NOT NULL,
                        type TEXT NOT NULL CHECK (type IN ('bool', 'int', 'string')),
                        value NOT NULL,
                        PRIMARY KEY (userId, deviceId, cluster, name),
                        FOREIGN KEY (userId, deviceId) REFERENCES device(userId, id) ON DELETE CASCADE
                    ) WITHOUT ROWID;

                    CREATE TABLE token (
                        hash BLOB PRIMARY KEY NOT NULL,
                        userId TEXT NOT NULL REFERENCES user(id) ON DELETE CASCADE,
                        created INTEGER NOT NULL,
                        expires INTEGER,
                        revoked INTEGER NOT NULL DEFAULT 0 CHECK (revoked IN (0, 1))
                    ) WITHOUT ROWID;
                    CREATE INDEX token_user ON token(userId);
                    """
            )
        }
        migrator.registerMigration("v2: change counter") { db in
            // One row counting every committed change, so that readers can tell whether cached, decoded
            // devices and tokens are still current (see RegistryCache). Triggers catch every writer.
            try db.execute(
                sql: "CREATE TABLE generation (id INTEGER PRIMARY KEY CHECK (id = 1), value INTEGER NOT NULL)"
            )
            try db.execute(sql: "INSERT INTO generation (id, value) VALUES (1, 0)")
            for table in ["user", "device", "attribute", "token"] {
                for event in ["INSERT", "UPDATE", "DELETE"] {
                    try db.execute(
                        sql: """
                            CREATE TRIGGER \(table)_\(event.lowercased())_bumps_generation AFTER \(event) ON \(table)
                            BEGIN UPDATE generation SET value = value + 1 WHERE id = 1; END
                            """
                    )
                }
            }
        }
        migrator.registerMigration("v3: endpoints") { db in
            try db.execute(
                sql: """
                    CREATE TABLE endpoint (
                        userId TEXT NOT NULL,
                        deviceId TEXT NOT NULL,
                        number INTEGER NOT NULL CHECK (number >= 1),
                        deviceTypes TEXT NOT NULL,
                        clusters TEXT NOT NULL DEFAULT '[]',
                        online INTEGER NOT NULL CHECK (online IN (0, 1)),
                        PRIMARY KEY (userId, deviceId, number),
                        FOREIGN KEY (userId, deviceId) REFERENCES device(userId, id) ON DELETE CASCADE
                    ) WITHOUT ROWID;
                    INSERT INTO endpoint (userId, deviceId, number, deviceTypes, clusters, online)
                        SELECT userId, id, 1, deviceTypes, clusters, online FROM device;

                    CREATE TABLE attribute_v3 (
                        userId TEXT NOT NULL,
                        deviceId TEXT NOT NULL,
                        endpoint INTEGER NOT NULL,
                        cluster TEXT NOT NULL,
                        name TEXT NOT NULL,
                        type TEXT NOT NULL CHECK (type IN ('bool', 'int', 'string')),
                        value NOT NULL,
                        PRIMARY KEY (userId, deviceId, endpoint, cluster, name),
                        FOREIGN KEY (userId, deviceId, endpoint) REFERENCES endpoint(userId, deviceId, number)
                            ON DELETE CASCADE
                    ) WITHOUT ROWID;
                    INSERT INTO attribute_v3 (userId, deviceId, endpoint, cluster, name, type, value)
                        SELECT userId, deviceId, 1, cluster, name, type, value FROM attribute;
                    DROP TABLE attribute;
                    ALTER TABLE attribute_v3 RENAME TO attribute;

                    ALTER TABLE device DROP COLUMN deviceTypes;
                    ALTER TABLE device DROP COLUMN clusters;
                    ALTER TABLE device DROP COLUMN online;
                    """
            )
            for table in ["attribute", "endpoint"] {
                for event in ["INSERT", "UPDATE", "DELETE"] {
                    try db.execute(
                        sql: """
                            CREATE TRIGGER \(table)_\(event.lowercased())_bumps_generation AFTER \(event) ON \(table)
                            BEGIN UPDATE generation SET value = value + 1 WHERE id = 1; END
                            """
                    )
                }
            }
        }
        migrator.registerMigration("v4: challenges") { db in
            try db.execute(
                sql: """
                    ALTER TABLE device ADD COLUMN challenge TEXT NOT NULL DEFAULT 'none'
                        CHECK (challenge IN ('none', 'ack', 'pin'));
                    ALTER TABLE device ADD COLUMN pinHash TEXT;

                    CREATE TABLE pin_attempt (
                        userId TEXT NOT NULL,
                        deviceId TEXT NOT NULL,
                        failures INTEGER NOT NULL CHECK (failures >= 0),
                        windowStart INTEGER,
                        lockedUntil INTEGER,
                        PRIMARY KEY (userId, deviceId),
                        FOREIGN KEY (userId, deviceId) REFERENCES device(userId, id) ON DELETE CASCADE
                    ) WITHOUT ROWID;
                    """
            )
        }
        migrator.registerMigration("v5: accounts") { db in
            try db.execute(
                sql: """
                    CREATE TABLE account (
                        userId TEXT PRIMARY KEY NOT NULL REFERENCES user(id) ON DELETE CASCADE,
                        login TEXT NOT NULL UNIQUE,
                        passwordHash TEXT NOT NULL,
                        created INTEGER NOT NULL,
                        failures INTEGER NOT NULL DEFAULT 0 CHECK (failures >= 0),
                        windowStart INTEGER,
                        lockedUntil INTEGER
                    ) WITHOUT ROWID;

                    CREATE TABLE authorization_code (
                        hash BLOB PRIMARY KEY NOT NULL,
                        userId TEXT NOT NULL REFERENCES user(id) ON DELETE CASCADE,
                        clientId TEXT NOT NULL,
                        redirectURI TEXT NOT NULL,
                        codeChallenge TEXT,
                        scope TEXT,
                        created INTEGER NOT NULL,
                        expires INTEGER NOT NULL,
                        used INTEGER NOT NULL DEFAULT 0 CHECK (used IN (0, 1))
                    ) WITHOUT ROWID;
                    CREATE INDEX authorization_code_user ON authorization_code(userId);

                    ALTER TABLE token ADD COLUMN clientId TEXT;
                    ALTER TABLE token ADD COLUMN kind TEXT NOT NULL DEFAULT 'access' CHECK (kind IN ('access', 'refresh'));
                    ALTER TABLE token ADD COLUMN grantId TEXT;
                    ALTER TABLE token ADD COLUMN replacedAt INTEGER;
                    CREATE INDEX token_grant ON token(grantId);
                    """
            )
        }
        migrator.registerMigration("v6: outbox") { db in
            try db.execute(
                sql: """
                    ALTER TABLE device ADD COLUMN notificationSupportedByAgent INTEGER NOT NULL DEFAULT 0
                        CHECK (notificationSupportedByAgent IN (0, 1));

                    CREATE TABLE homegraph_setting (
                        id INTEGER PRIMARY KEY CHECK (id = 1),
                        reporting INTEGER NOT NULL CHECK (reporting IN (0, 1))
                    );

                    CREATE TABLE homegraph_user (
                        userId TEXT PRIMARY KEY NOT NULL,
                        lastSync INTEGER,
                        unlinked INTEGER NOT NULL DEFAULT 0 CHECK (unlinked IN (0, 1))
                    ) WITHOUT ROWID;

                    CREATE TABLE outbox_report (
                        userId TEXT NOT NULL,
                        deviceId TEXT NOT NULL,
                        enqueued INTEGER NOT NULL,
                        seq INTEGER NOT NULL DEFAULT 0,
                        PRIMARY KEY (userId, deviceId)
                    ) WITHOUT ROWID;

                    CREATE TABLE outbox_sync (
                        userId TEXT PRIMARY KEY NOT NULL,
                        enqueued INTEGER NOT NULL,
                        lastEnqueued INTEGER NOT NULL,
                        seq INTEGER NOT NULL DEFAULT 0
                    ) WITHOUT ROWID;

                    CREATE TABLE outbox_event (
                        id INTEGER PRIMARY KEY AUTOINCREMENT,
                        userId TEXT NOT NULL,
                        deviceId TEXT NOT NULL,
                        name TEXT NOT NULL,
                        value INTEGER,
                        occurred INTEGER NOT NULL
                    );
                    CREATE INDEX outbox_event_user ON outbox_event(userId, id);
                    """
            )
        }
        migrator.registerMigration("v7: structure hint") { db in
            try db.execute(sql: "ALTER TABLE device ADD COLUMN structure TEXT")
        }
        migrator.registerMigration("v8: device API") { db in
            try db.execute(
                sql: """
                    CREATE TABLE apikey (
                        name TEXT PRIMARY KEY NOT NULL,
                        hash BLOB NOT NULL UNIQUE,
                        created INTEGER NOT NULL,
                        lastUsed INTEGER
                    ) WITHOUT ROWID;

                    CREATE TABLE change (
                        cursor INTEGER PRIMARY KEY AUTOINCREMENT,
                        occurred INTEGER NOT NULL,
                        kind TEXT NOT NULL CHECK (kind IN ('command', 'state', 'device', 'user')),
                        userId TEXT NOT NULL,
                        deviceId TEXT,
                        data TEXT NOT NULL
                    );
                    CREATE INDEX change_user ON change(userId, cursor);
                    CREATE INDEX change_occurred ON change(occurred);
                    """
            )
        }
        migrator.registerMigration("v10: change log on the hot path") { db in
            try db.execute(
                sql: """
                    CREATE TABLE change_v10 (
                        cursor INTEGER PRIMARY KEY,
                        occurred INTEGER NOT NULL,
                        kind TEXT NOT NULL CHECK (kind IN ('command', 'state', 'device', 'user')),
                        userId TEXT NOT NULL,
                        deviceId TEXT,
                        data TEXT NOT NULL
                    );
                    INSERT INTO change_v10 SELECT cursor, occurred, kind, userId, deviceId, data FROM change;
                    DROP TABLE change;
                    ALTER TABLE change_v10 RENAME TO change;
                    """
            )
        }
        migrator.registerMigration("v11: upstream sign-ins") { db in
            try db.execute(
                sql: """
                    CREATE TABLE upstream_sign_in (
                        hash BLOB PRIMARY KEY NOT NULL,
                        userId TEXT NOT NULL,
                        clientId TEXT NOT NULL,
                        redirectURI TEXT NOT NULL,
                        codeChallenge TEXT,
                        scope TEXT,
                        clientState TEXT,
                        nonce TEXT NOT NULL,
                        codeVerifier TEXT NOT NULL,
                        browserBinding TEXT NOT NULL,
                        expires INTEGER NOT NULL
                    ) WITHOUT ROWID;
                    CREATE INDEX upstream_sign_in_expires ON upstream_sign_in(expires);

                    CREATE TABLE pending_consent (
                        hash BLOB PRIMARY KEY NOT NULL,
                        userId TEXT NOT NULL,
                        clientId TEXT NOT NULL,
                        redirectURI TEXT NOT NULL,
                        codeChallenge TEXT,
                        scope TEXT,
                        expires INTEGER NOT NULL
                    ) WITHOUT ROWID;
                    CREATE INDEX pending_consent_expires ON pending_consent(expires);
                    """
            )
        }
        migrator.registerMigration("v12: every Matter data type") { db in
            // SQLite cannot change a CHECK constraint in place: the attribute table is rebuilt with the wider list
            // of type tags (``StoredAttributeValue``), its rows copied unchanged, and its triggers made again.
            try db.execute(
                sql: """
                    CREATE TABLE attribute_v12 (
                        userId TEXT NOT NULL,
                        deviceId TEXT NOT NULL,
                        endpoint INTEGER NOT NULL,
                        cluster TEXT NOT NULL,
                        name TEXT NOT NULL,
                        type TEXT NOT NULL CHECK (
                            type IN ('null', 'bool', 'int', 'uint64', 'double', 'string', 'octstr', 'list', 'struct')
                        ),
                        value NOT NULL,
                        PRIMARY KEY (userId, deviceId, endpoint, cluster, name),
                        FOREIGN KEY (userId, deviceId, endpoint) REFERENCES endpoint(userId, deviceId, number)
                            ON DELETE CASCADE
                    ) WITHOUT ROWID;
                    INSERT INTO attribute_v12 SELECT userId, deviceId, endpoint, cluster, name, type, value FROM attribute;
                    DROP TABLE attribute;
                    ALTER TABLE attribute_v12 RENAME TO attribute;
                    """
            )
            for event in ["INSERT", "UPDATE", "DELETE"] {
                try db.execute(
                    sql: """
                        CREATE TRIGGER attribute_\(event.lowercased())_bumps_generation AFTER \(event) ON attribute
                        BEGIN UPDATE generation SET value = value + 1 WHERE id = 1; END
                        """
                )
            }
        }
        migrator.registerMigration("v13: manufacturer clusters") { db in
            // Each manufacturer-specific cluster a device file declared: its MEI, its name, and the declaration as
            // canonical JSON (`ManufacturerCluster.canonicalJSON`). Its changes move the change counter, so that a
            // cached read sees the devices that use a new declaration.
            try db.execute(
                sql: """
                    CREATE TABLE manufacturer_cluster (
                        id INTEGER PRIMARY KEY NOT NULL,
                        name TEXT NOT NULL UNIQUE,
                        declaration TEXT NOT NULL
                    );
                    """
            )
            for event in ["INSERT", "UPDATE", "DELETE"] {
                try db.execute(
                    sql: """
                        CREATE TRIGGER manufacturer_cluster_\(event.lowercased())_bumps_generation
                        AFTER \(event) ON manufacturer_cluster
                        BEGIN UPDATE generation SET value = value + 1 WHERE id = 1; END
                        """
                )
            }
        }
        migrator.registerMigration("v14: writes per user") { db in
            // One writer per file: the one change counter and the dense cursors stay. change gains PostgreSQL's xid
            // column (always 0 here) only so that `hearth db copy` finds the same columns on both engines; a row with
            // xid 0 is one PostgreSQL reads by its cursor.
            try db.execute(sql: "ALTER TABLE change ADD COLUMN xid INTEGER NOT NULL DEFAULT 0")
        }
        return migrator
    }
}
