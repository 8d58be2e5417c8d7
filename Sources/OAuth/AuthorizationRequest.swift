import HTTPMessages

/// A checked authorization request (RFC 6749 §4.1.1, PKCE RFC 7636 §4.3): what the sign-in page carries along in
/// hidden fields and what the CSRF token is bound to.
struct AuthorizationRequest: Sendable, Hashable {
    var clientId: String
    var redirectURI: String
    var state: String?
    var scope: String?
    /// The S256 `code_challenge`, when sent.
    var codeChallenge: String?

    /// Why a request cannot be served.
    enum Refusal: Error, Sendable {
        /// Unknown client or a redirect URI not allow-listed: an error page, never a redirect (RFC 6749 §4.1.2.1).
        case page(String)
        /// Client and redirect URI are good: redirect with `error` (and `state`).
        case redirect(error: String, description: String, redirectURI: String, state: String?)
    }

    /// Checks the request's fields (a query string or the sign-in form) against the configured clients.
    static func parse(_ fields: FormFields, clients: [String: OAuthClient]) -> Result<(Self, OAuthClient), Refusal> {
        guard let clientId = fields["client_id"], !fields.duplicated.contains("client_id") else {
            return .failure(.page("The request has no client_id (or more than one)."))
        }
        guard let client = clients[clientId] else {
            return .failure(.page("This application is not known to Hearth."))
        }
        guard let redirectURI = fields["redirect_uri"], !fields.duplicated.contains("redirect_uri") else {
            return .failure(.page("The request has no redirect_uri (or more than one)."))
        }
        guard client.allows(redirectURI: redirectURI) else {
            return .failure(.page("The redirect_uri is not registered for this application."))
        }
        let state = fields.duplicated.contains("state") ? nil : fields["state"]
        func refuse(_ error: String, _ description: String) -> Result<(Self, OAuthClient), Refusal> {
            .failure(.redirect(error: error, description: description, redirectURI: redirectURI, state: state))
        }
        if let name = fields.duplicated.sorted().first {
            return refuse("invalid_request", "\(name) was sent more than once")
        }
        guard let responseType = fields["response_type"] else {
            return refuse("invalid_request", "response_type is missing")
        }
        guard responseType == "code" else {
            return refuse("unsupported_response_type", "only response_type=code is supported")
        }
        let challenge = fields["code_challenge"]
        let method = fields["code_challenge_method"]
        switch (challenge, method) {
        case (nil, nil):
            break
        case (nil, _):
            return refuse("invalid_request", "code_challenge_method without code_challenge")
        case (_, nil), (_, "plain"):
            // A missing method means `plain` (RFC 7636 §4.3), which offers no protection.
            return refuse("invalid_request", "PKCE needs code_challenge_method=S256; plain is refused")
        case (_, "S256"):
            guard let challenge, PKCE.isWellFormedChallenge(challenge) else {
                return refuse("invalid_request", "code_challenge is not a base64url SHA-256 hash")
            }
        default:
            return refuse("invalid_request", "code_challenge_method must be S256")
        }
        let scope = fields["scope"]
        if let scope, !isWellFormedScope(scope) {
            return refuse(
                "invalid_scope",
                "scope must be space-separated tokens of printable ASCII other than \" and \\"
            )
        }
        let request = AuthorizationRequest(
            clientId: clientId,
            redirectURI: redirectURI,
            state: state,
            scope: scope,
            codeChallenge: challenge
        )
        return .success((request, client))
    }

    /// Whether `scope` follows RFC 6749 §3.3 (`scope-token *( SP scope-token )`, each token `%x21 / %x23-5B /
    /// %x5D-7E`): it is stored with the authorization code, so a control character such as U+0000 never reaches the
    /// registry. An empty `scope` counts as none.
    static func isWellFormedScope(_ scope: String) -> Bool {
        if scope.isEmpty { return true }
        let tokens = scope.utf8.split(separator: 0x20, omittingEmptySubsequences: false)
        return tokens.allSatisfy { token in
            !token.isEmpty && token.allSatisfy { (0x21...0x7E).contains($0) && $0 != 0x22 && $0 != 0x5C }
        }
    }

    /// The redirect URI with `parameters` appended to its query.
    static func redirect(_ uri: String, _ parameters: [(String, String?)]) -> String {
        var query = ""
        for case (let name, let value?) in parameters {
            query += (query.isEmpty ? "" : "&") + name + "=" + FormEncoding.escapeComponent(value)
        }
        return uri + (uri.contains("?") ? "&" : "?") + query
    }
}

/// PKCE (RFC 7636) with S256.
enum PKCE {
    /// 43 base64url characters: the encoding of a SHA-256 hash.
    static func isWellFormedChallenge(_ challenge: String) -> Bool {
        challenge.utf8.count == 43 && challenge.utf8.allSatisfy(isUnreserved)
    }

    /// 43–128 unreserved characters (RFC 7636 §4.1).
    static func isWellFormedVerifier(_ verifier: String) -> Bool {
        (43...128).contains(verifier.utf8.count) && verifier.utf8.allSatisfy(isUnreserved)
    }

    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
            UInt8(ascii: "~"):
            true
        default: false
        }
    }
}
