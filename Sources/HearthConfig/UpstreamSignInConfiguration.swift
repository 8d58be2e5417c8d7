import Foundation

/// How Hearth authenticates at the identity provider's token endpoint (OpenID Connect Core 1.0 §9).
public enum UpstreamClientAuthentication: String, Sendable, Hashable, CaseIterable {
    /// HTTP Basic with the form-encoded client ID and secret (RFC 6749 §2.3.1).
    case clientSecretBasic = "client_secret_basic"
    /// The client ID and secret as form fields of the token request.
    case clientSecretPost = "client_secret_post"
}

/// The `oauth.upstream.*` keys when `oauth.upstream.issuer` is set: users sign in through the manufacturer's
/// OpenID Connect provider, and Hearth stays Google's OAuth server.
public struct UpstreamSignInConfiguration: Sendable, Hashable {
    /// The environment variable holding the client secret when `oauth.upstream.clientSecretFile` is empty. Not a
    /// key: a secret never sits in the JSON file.
    public static let secretVariable = "HEARTH_OAUTH_UPSTREAM_CLIENT_SECRET"

    /// `oauth.upstream.issuer`.
    public var issuer: String
    /// `oauth.upstream.clientID`.
    public var clientID: String?
    /// `oauth.upstream.clientSecretFile`.
    public var clientSecretFile: String?
    /// `oauth.upstream.callbackURL`.
    public var callbackURL: String?
    /// `oauth.upstream.scopes`, with `openid` first whether or not it was listed.
    public var scopes: [String]
    /// `oauth.upstream.userClaim`.
    public var userClaim: String
    /// `oauth.upstream.createUsers`.
    public var createUsers: Bool
    /// `oauth.upstream.tokenEndpointAuthMethod`.
    public var authentication: UpstreamClientAuthentication

    /// What signing in through the provider needs, checked and with the secret read.
    public struct Resolved: Sendable, Hashable {
        public var issuer: String
        public var clientID: String
        public var clientSecret: String
        public var callbackURL: String
        public var scopes: [String]
        public var userClaim: String
        public var createUsers: Bool
        public var authentication: UpstreamClientAuthentication
    }

    /// Creates a configuration; `scopes` is the key's comma-separated text.
    public init(
        issuer: String,
        clientID: String?,
        clientSecretFile: String?,
        callbackURL: String?,
        scopes: String = "openid",
        userClaim: String = "sub",
        createUsers: Bool = true,
        authentication: UpstreamClientAuthentication = .clientSecretBasic
    ) {
        self.issuer = issuer
        self.clientID = clientID
        self.clientSecretFile = clientSecretFile
        self.callbackURL = callbackURL
        let listed = scopes.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        self.scopes = ["openid"] + listed.filter { $0 != "openid" }
        self.userClaim = userClaim
        self.createUsers = createUsers
        self.authentication = authentication
    }

    /// The settings checked, the secret read from the file or else the environment.
    ///
    /// - Throws: ``ConfigurationError`` naming the key that is missing or wrong; never the secret.
    public func resolve(environment: [String: String]) throws(ConfigurationError) -> Resolved {
        try Self.checkURL(issuer, key: "oauth.upstream.issuer")
        guard let clientID else {
            throw ConfigurationError("oauth.upstream.issuer is set but oauth.upstream.clientID is empty")
        }
        guard let callbackURL else {
            throw ConfigurationError(
                "oauth.upstream.issuer is set but oauth.upstream.callbackURL is empty: give Hearth's public URL of "
                    + "/oauth/upstream/callback, as registered at the provider"
            )
        }
        try Self.checkURL(callbackURL, key: "oauth.upstream.callbackURL")
        guard URL(string: callbackURL)?.path == "/oauth/upstream/callback" else {
            throw ConfigurationError("oauth.upstream.callbackURL must end in /oauth/upstream/callback: \(callbackURL)")
        }
        let secret = try Self.secret(
            file: clientSecretFile,
            fileKey: "oauth.upstream.clientSecretFile",
            variable: Self.secretVariable,
            environment: environment
        )
        return Resolved(
            issuer: issuer,
            clientID: clientID,
            clientSecret: secret,
            callbackURL: callbackURL,
            scopes: scopes,
            userClaim: userClaim,
            createUsers: createUsers,
            authentication: authentication
        )
    }

    /// Refuses a URL that is not `https`, or `http` to this host (a provider on loopback: tests, the tutorial).
    static func checkURL(_ text: String, key: String) throws(ConfigurationError) {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), let host = url.host, !host.isEmpty
        else {
            throw ConfigurationError("\(key) is not an absolute URL: \(text)")
        }
        let loopback = ["127.0.0.1", "::1", "[::1]", "localhost"].contains(host.lowercased())
        guard scheme == "https" || (scheme == "http" && loopback) else {
            throw ConfigurationError("\(key) must be an https URL (http only to this host): \(text)")
        }
    }

    /// A secret from `file` (surrounding whitespace dropped), else from `variable`; an empty one is refused.
    static func secret(
        file: String?,
        fileKey: String,
        variable: String,
        environment: [String: String]
    ) throws(ConfigurationError) -> String {
        let secret: String
        if let file {
            guard let data = FileManager.default.contents(atPath: file) else {
                throw ConfigurationError("cannot read \(fileKey) \(file)")
            }
            secret = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        } else {
            secret = environment[variable] ?? ""
        }
        guard !secret.isEmpty else {
            throw ConfigurationError("no client secret: set \(fileKey) or \(variable)")
        }
        return secret
    }
}
