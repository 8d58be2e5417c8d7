import Clocks
import Registry

/// Bearer tokens issued by hand (`hearth token issue`), for development; account linking issues them in
/// production.
public struct TokenAdministration: Sendable {
    let administration: Administration

    init(_ administration: Administration) {
        self.administration = administration
    }

    /// A new bearer token for `user`, valid for `ttl` seconds (`nil`: no expiry); only its SHA-256 hash is stored.
    ///
    /// - Throws: ``CommandFailure`` `.noInput` when there is no database, `.noUser` when it has no such user.
    public func issue(user: String, ttl: Int?) throws -> String {
        try administration.withRegistry(forUser: user) { store in
            try store.issueToken(forUser: user, ttl: ttl, now: administration.clock.unixTime)
        }
    }
}
