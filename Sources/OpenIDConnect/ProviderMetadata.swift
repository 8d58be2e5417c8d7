import Foundation
import JSON

/// What Hearth reads from the identity provider's discovery document (OpenID Connect Discovery 1.0 §3).
public struct ProviderMetadata: Sendable, Hashable {
    /// `issuer`: exactly the configured issuer (§4.3).
    public var issuer: String
    /// `authorization_endpoint`, where the user signs in.
    public var authorizationEndpoint: URL
    /// `token_endpoint`, where Hearth exchanges the code.
    public var tokenEndpoint: URL
    /// `jwks_uri`, the provider's signing keys.
    public var jwksURI: URL
    /// `introspection_endpoint` (RFC 8414 §2), when the provider publishes one.
    public var introspectionEndpoint: URL?
    /// `revocation_endpoint` (RFC 8414 §2), when the provider publishes one.
    public var revocationEndpoint: URL?

    /// Creates metadata.
    public init(
        issuer: String,
        authorizationEndpoint: URL,
        tokenEndpoint: URL,
        jwksURI: URL,
        introspectionEndpoint: URL? = nil,
        revocationEndpoint: URL? = nil
    ) {
        self.issuer = issuer
        self.authorizationEndpoint = authorizationEndpoint
        self.tokenEndpoint = tokenEndpoint
        self.jwksURI = jwksURI
        self.introspectionEndpoint = introspectionEndpoint
        self.revocationEndpoint = revocationEndpoint
    }

    /// The discovery document's URL for `issuer`.
    ///
    /// Discovery 1.0 §4.1: "If the Issuer value contains a path component, any terminating / MUST be removed before
    /// appending /.well-known/openid-configuration."
    public static func discoveryURL(issuer: String) -> URL? {
        var base = issuer
        while base.hasSuffix("/") { base.removeLast() }
        return URL(string: base + "/.well-known/openid-configuration")
    }

    /// Reads a discovery document; the reason it is unusable otherwise.
    ///
    /// Discovery 1.0 §4.3: "The issuer value returned MUST be identical to the Issuer URL that was used as the prefix
    /// to /.well-known/openid-configuration to retrieve the configuration information." Compared as strings, exactly.
    static func parse(_ body: [UInt8], expectedIssuer: String) -> Result<ProviderMetadata, OpenIDConnectError> {
        func malformed(_ message: String) -> Result<ProviderMetadata, OpenIDConnectError> {
            .failure(OpenIDConnectError(step: .discovery, code: .malformedAnswer, message: message))
        }
        guard let document = (try? JSONParser.parse(body))?.objectValue else {
            return malformed("the discovery document is not a JSON object")
        }
        guard let issuer = document["issuer"]?.stringValue else {
            return malformed("the discovery document has no issuer")
        }
        guard issuer == expectedIssuer else {
            return .failure(
                OpenIDConnectError(
                    step: .discovery,
                    code: .issuerMismatch,
                    message: "the discovery document names issuer \(issuer), not the configured \(expectedIssuer)"
                )
            )
        }
        func endpoint(_ name: String) -> URL? {
            guard let text = document[name]?.stringValue, let url = URL(string: text),
                let scheme = url.scheme?.lowercased(), scheme == "https" || scheme == "http", url.host != nil
            else { return nil }
            return url
        }
        guard let authorization = endpoint("authorization_endpoint") else {
            return malformed("the discovery document has no usable authorization_endpoint")
        }
        guard let token = endpoint("token_endpoint") else {
            return malformed("the discovery document has no usable token_endpoint")
        }
        guard let keys = endpoint("jwks_uri") else {
            return malformed("the discovery document has no usable jwks_uri")
        }
        return .success(
            ProviderMetadata(
                issuer: issuer,
                authorizationEndpoint: authorization,
                tokenEndpoint: token,
                jwksURI: keys,
                introspectionEndpoint: endpoint("introspection_endpoint"),
                revocationEndpoint: endpoint("revocation_endpoint")
            )
        )
    }
}
