import Clocks

/// Bearer tokens: issued by `hearth token issue` (account linking issues them through ``AccountStore``), checked on
/// every `/fulfillment` request, revoked by the CLI and by DISCONNECT.
///
/// Only SHA-256 hashes are stored. A token issued to a user links the user again (HomeGraph work is queued for it);
/// ``disconnect(user:clientId:)`` unlinks it. Every method is synchronous, safe from any thread, and one transaction.
public protocol TokenStore: Sendable {
    /// Creates a bearer token for a user (creating the user if it has no devices yet), stores only its SHA-256 hash
    /// and returns the token. `ttl` in seconds; `nil` means it never expires.
    func issueToken(forUser agentUserId: String, ttl: Int?, now: UnixTime) throws -> String

    /// Who an access token speaks for (user and OAuth client), or `nil` when the token is unknown, expired or
    /// revoked, or is a refresh token. A known token is answered from memory (no database read per request).
    func principal(forToken token: String, now: UnixTime) throws -> Principal?

    /// Revokes every token of a user; returns how many were revoked. The devices stay.
    func revokeTokens(forUser agentUserId: String) throws -> Int

    /// Revokes a user's tokens issued to one OAuth client (access and refresh) and spends the user's unused
    /// authorization codes for it, or with `clientId` `nil` the user's `hearth token issue` tokens; returns how many
    /// tokens were revoked. The devices stay.
    func revokeTokens(forUser agentUserId: String, clientId: String?) throws -> Int

    /// DISCONNECT, in one transaction: revokes the user's tokens as ``revokeTokens(forUser:clientId:)`` does, drops
    /// the user's queued HomeGraph work, and queues none for the user until a token is issued to it again. Returns
    /// how many tokens were revoked. If any part fails, nothing is written: a user is never left with its tokens
    /// revoked and its reports still going out, or the other way round.
    func disconnect(user agentUserId: String, clientId: String?) throws -> Int
}

extension TokenStore {
    /// The user an access token belongs to, or `nil` when the token is unknown, expired or revoked.
    public func authenticate(token: String, now: UnixTime) throws -> String? {
        try principal(forToken: token, now: now)?.agentUserId
    }
}
