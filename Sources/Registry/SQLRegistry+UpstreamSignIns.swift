import Clocks
import Cryptography

// Sign-ins through the manufacturer's identity provider (migration "v11: upstream sign-ins") and RFC 7009 revocation.
// A started sign-in and a pending consent are stored under the SHA-256 hash of their handle (`state`, the consent
// form's handle), never the handle itself, and taken by one `DELETE … RETURNING`: whichever instance's statement
// deletes the row gets it, the other finds none, so a sign-in is finished at most once however many instances race
// for it. Neither table feeds a cached read, so neither bumps the change counter and none of these writes takes the
// writer lock except the revocation, which records a change.

extension SQLRegistry {
    /// The most expired rows one take removes from its table: pruning rides on the takes, a bounded amount each, so
    /// no take waits long behind a backlog; with at least one take per this many sign-ins begun, expired rows never
    /// accumulate.
    package static var upstreamPruneBatch: Int { 100 }

    public func beginUpstreamSignIn(state handle: String, _ signIn: UpstreamSignIn) throws {
        let request = signIn.request
        let inserted = try engine.writeUnlocked { c in
            try c.execute(
                """
                INSERT INTO upstream_sign_in (hash, userId, clientId, redirectURI, codeChallenge, scope, clientState, \
                nonce, codeVerifier, browserBinding, expires) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) \
                ON CONFLICT DO NOTHING
                """,
                [
                    .bytes(tokenHash(handle).bytes), .text(request.agentUserId), .text(request.clientId),
                    .text(request.redirectURI), SQLValue(request.codeChallenge), SQLValue(request.scope),
                    SQLValue(signIn.clientState), .text(signIn.nonce), .text(signIn.codeVerifier),
                    .text(signIn.browserBinding), .int(signIn.expires.seconds),
                ]
            )
        }
        guard inserted > 0 else {
            throw RegistryError(code: .conflict, message: "a sign-in with this state is already under way")
        }
    }

    public func takeUpstreamSignIn(state handle: String, now: UnixTime) throws -> UpstreamSignIn? {
        let taken = try engine.writeUnlocked { c in
            let taken = try c.first(
                """
                DELETE FROM upstream_sign_in WHERE hash = ? RETURNING userId, clientId, redirectURI, codeChallenge, \
                scope, clientState, nonce, codeVerifier, browserBinding, expires
                """,
                [.bytes(tokenHash(handle).bytes)]
            ) { row in
                UpstreamSignIn(
                    request: AuthorizationGrant(
                        agentUserId: try row.string(0),
                        clientId: try row.string(1),
                        redirectURI: try row.string(2),
                        codeChallenge: try row.optionalString(3),
                        scope: try row.optionalString(4)
                    ),
                    clientState: try row.optionalString(5),
                    nonce: try row.string(6),
                    codeVerifier: try row.string(7),
                    browserBinding: try row.string(8),
                    expires: UnixTime(seconds: try row.int64(9))
                )
            }
            try Self.pruneExpired(c, table: "upstream_sign_in", now: now)
            return taken
        }
        guard let taken, now < taken.expires else { return nil }
        return taken
    }

    public func savePendingConsent(handle: String, grant: AuthorizationGrant, expires: UnixTime) throws {
        let inserted = try engine.writeUnlocked { c in
            try c.execute(
                """
                INSERT INTO pending_consent (hash, userId, clientId, redirectURI, codeChallenge, scope, expires) \
                VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING
                """,
                [
                    .bytes(tokenHash(handle).bytes), .text(grant.agentUserId), .text(grant.clientId),
                    .text(grant.redirectURI), SQLValue(grant.codeChallenge), SQLValue(grant.scope),
                    .int(expires.seconds),
                ]
            )
        }
        guard inserted > 0 else {
            throw RegistryError(code: .conflict, message: "a consent with this handle is already pending")
        }
    }

    public func takePendingConsent(handle: String, now: UnixTime) throws -> AuthorizationGrant? {
        let taken = try engine.writeUnlocked { c in
            let taken = try c.first(
                """
                DELETE FROM pending_consent WHERE hash = ? RETURNING userId, clientId, redirectURI, codeChallenge, \
                scope, expires
                """,
                [.bytes(tokenHash(handle).bytes)]
            ) { row in
                (
                    grant: AuthorizationGrant(
                        agentUserId: try row.string(0),
                        clientId: try row.string(1),
                        redirectURI: try row.string(2),
                        codeChallenge: try row.optionalString(3),
                        scope: try row.optionalString(4)
                    ),
                    expires: try row.int64(5)
                )
            }
            try Self.pruneExpired(c, table: "pending_consent", now: now)
            return taken
        }
        guard let taken, now.seconds < taken.expires else { return nil }
        return taken.grant
    }

    /// RFC 7009 §2.1: "The authorization server first validates the client credentials (in case of a confidential
    /// client) and then verifies whether the token was issued to the client making the revocation request. If this
    /// validation fails, the request is refused […]. In the next step, the authorization server invalidates the
    /// token." The caller has validated the client; the token is checked against it here, and its grant is ended as
    /// DISCONNECT ends it (RFC 7009 §2.1: revoking a refresh token "SHOULD also invalidate all access tokens based on
    /// the same authorization grant"; Hearth ends all of the user's tokens for the client, which is what unlinking
    /// means to Google).
    public func revokeGrant(token: String, clientId: String, now: UnixTime) throws -> GrantRevocation {
        let hash = tokenHash(token)
        let occurred = state.clock.unixMilliseconds
        defer { invalidateTokenCache() }
        let owner = "SELECT userId FROM token WHERE hash = ?"
        let outcome = try writeForOwner(owner, [.bytes(hash.bytes)]) { c -> GrantRevocation in
            let row = try c.first(
                "SELECT userId, clientId, revoked, expires FROM token WHERE hash = ?" + engine.dialect.rowLock,
                [.bytes(hash.bytes)]
            ) { row in
                (
                    userId: try row.string(0), clientId: try row.optionalString(1), revoked: try row.bool(2),
                    expires: try row.optionalInt64(3)
                )
            }
            guard let row, !row.revoked else { return .unknown }
            if let expires = row.expires, now.seconds >= expires { return .unknown }
            guard row.clientId == clientId else { return .otherClient }
            let revoked = try Self.unlink(c, user: row.userId, clientId: clientId, occurred: occurred)
            return .revoked(agentUserId: row.userId, tokens: revoked)
        }
        if case .revoked(let agentUserId, _) = outcome {
            forgetRecordedSync(forUser: agentUserId)
            notifyChanges()
        }
        return outcome
    }

    public func pruneUpstreamSignIns(now: UnixTime) throws -> Int {
        try engine.writeUnlocked { c in
            try c.execute("DELETE FROM upstream_sign_in WHERE expires <= ?", [.int(now.seconds)])
                + c.execute("DELETE FROM pending_consent WHERE expires <= ?", [.int(now.seconds)])
        }
    }

    /// Deletes up to ``upstreamPruneBatch`` rows of `table` (`upstream_sign_in` or `pending_consent`) that expired
    /// by `now`, found through the table's `expires` index.
    private static func pruneExpired(_ c: Engine.Connection, table: String, now: UnixTime) throws {
        try c.execute(
            "DELETE FROM \(table) WHERE hash IN (SELECT hash FROM \(table) WHERE expires <= ? LIMIT ?)",
            [.int(now.seconds), .int(Int64(upstreamPruneBatch))]
        )
    }
}
