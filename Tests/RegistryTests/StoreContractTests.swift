import Clocks
import Registry
import Testing

@testable import RegistrySQLite

/// The store contract: what every backend of the registry does, written once against the protocols
/// (``RegistryStore``: ``DeviceStore``, ``TokenStore``, ``AccountStore``, ``AttemptStore``, ``OutboxStore``,
/// ``StoreHealth``) and run against every ``StoreFactory``: success, refusals, isolation between users, and for the
/// backends that persist, the data after closing and opening the store again.
///
/// One suite, in one file per concern (`StoreContractTests+Devices.swift`, `+Endpoints`, `+Attempts`, `+Tokens`,
/// `+Accounts`, `+Outbox`). What only one backend has (SQLite's pragmas, schema, migrations, cache, other processes)
/// is tested beside it (``SQLiteRegistryTests``, ``RegistryCacheTests``).
struct StoreContractTests {
    /// The wall-clock time the tests pretend it is.
    let now = UnixTime(seconds: 1_700_000_000)

    /// `seconds` after ``now``.
    func later(_ seconds: Int64) -> UnixTime {
        UnixTime(seconds: now.seconds + seconds)
    }
}

extension StoreContractTests {
    /// What a user approves for `client` at the authorization endpoint.
    func grant(_ user: String, client: String) -> AuthorizationGrant {
        AuthorizationGrant(agentUserId: user, clientId: client, redirectURI: "https://example.com/\(client)")
    }

    /// The tokens account linking gives `client` for `user` (who must exist): a code issued and redeemed.
    func linkedTokens(_ store: any RegistryStore, user: String, client: String) throws -> IssuedTokens {
        let code = try store.issueAuthorizationCode(grant(user, client: client), now: now, ttl: 600)
        let redemption = try store.redeemAuthorizationCode(code, accessTTL: 3600, now: now) { _ in true }
        guard case .issued(let tokens) = redemption else {
            throw ContractFailure("redeeming a new code gave \(redemption)")
        }
        return tokens
    }
}

/// A step of a contract test that did not go as the contract says.
struct ContractFailure: Error, CustomStringConvertible {
    var description: String

    init(_ description: String) {
        self.description = description
    }
}
