import Cryptography

/// A client of the authorization server (Google): its id, the exact redirect URIs it may use, and its secret.
public struct OAuthClient: Sendable {
    /// `client_id`, as entered in Google's console.
    public var id: String
    /// Redirect URIs compared exactly, byte for byte (Google's are
    /// `https://oauth-redirect.googleusercontent.com/r/PROJECT_ID` and the `oauth-redirect-sandbox` form).
    public var redirectURIs: [String]
    /// The client secret's SHA-256 hash; `nil` when no secret was available at start (token requests then get
    /// `invalid_client`).
    private var secretHash: [UInt8]?

    /// Creates a client. `secret` is kept only as its SHA-256 hash.
    public init(id: String, redirectURIs: [String], secret: String?) {
        self.id = id
        self.redirectURIs = redirectURIs
        self.secretHash = secret.map { SHA256.hash(Array($0.utf8)) }
    }

    /// Whether a secret is configured for this client.
    public var hasSecret: Bool { secretHash != nil }

    /// Whether `presented` is this client's secret. Both sides are hashed first, so the constant-time comparison
    /// does not even reveal the secret's length.
    func secretMatches(_ presented: String) -> Bool {
        guard let secretHash else { return false }
        return constantTimeEquals(SHA256.hash(Array(presented.utf8)), secretHash)
    }

    /// Whether `uri` is one of ``redirectURIs``, exactly.
    func allows(redirectURI uri: String) -> Bool {
        redirectURIs.contains { Array($0.utf8) == Array(uri.utf8) }
    }
}
