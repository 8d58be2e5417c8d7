import JSON

/// A JWT's claims set (RFC 7519 §4), read from a verified JWS's payload.
///
/// The registered claims are typed; any other claim is in ``members``, and a string-valued one is one subscript
/// away (``subscript(claim:)``, for a configured user claim such as `sub` or `email`).
///
/// NumericDate values (`exp`, `nbf`, `iat`) are read from the number's text, never through a `Double`: an integer, or
/// a decimal truncated toward zero (RFC 7519 §2: "a JSON numeric value representing the number of seconds …
/// non-integer values can be represented"). A value in exponent form, or of magnitude over 2^53, is malformed.
public struct JWTClaims: Sendable {
    /// `iss`.
    public let issuer: String?
    /// `sub`.
    public let subject: String?
    /// `aud`: a single string is read as a one-element array (RFC 7519 §4.1.3); absent, empty.
    public let audience: [String]
    /// `azp` (OpenID Connect Core §2): the party the ID token was issued to.
    public let authorizedParty: String?
    /// `exp`, seconds since the epoch.
    public let expires: Int64?
    /// `nbf`, seconds since the epoch.
    public let notBefore: Int64?
    /// `iat`, seconds since the epoch.
    public let issuedAt: Int64?
    /// `nonce` (OpenID Connect Core §2).
    public let nonce: String?
    /// `jti`.
    public let jwtID: String?
    /// `client_id` (RFC 9068 §2.2: the client an access token was issued to).
    public let clientID: String?
    /// Every claim, as the payload has it.
    public let members: JSONObject

    /// The claim `name` when it is a string; `nil` when it is absent or of another JSON type.
    public subscript(claim name: String) -> String? {
        members[name]?.stringValue
    }

    /// Reads a claims set from a JWS payload (bounded by the token's own bound).
    ///
    /// - Throws: ``JOSEError/Code/malformed`` when the payload is not a JSON object or a registered claim has the
    ///   wrong type.
    public init(json payload: [UInt8]) throws(JOSEError) {
        let value: JSONValue
        do {
            value = try JSONParser.parse(payload, options: JOSEJSON.options)
        } catch {
            throw JOSEError(code: .malformed, message: "the claims are not JSON: \(error.reason)")
        }
        guard let object = value.objectValue else {
            throw JOSEError(code: .malformed, message: "the claims are not a JSON object")
        }
        try self.init(json: object)
    }

    /// Reads a claims set from its JSON object.
    ///
    /// - Throws: ``JOSEError/Code/malformed`` when a registered claim has the wrong type.
    public init(json object: JSONObject) throws(JOSEError) {
        issuer = try Self.string(object, "iss")
        subject = try Self.string(object, "sub")
        authorizedParty = try Self.string(object, "azp")
        nonce = try Self.string(object, "nonce")
        jwtID = try Self.string(object, "jti")
        clientID = try Self.string(object, "client_id")
        switch object["aud"] {
        case nil, .null?:
            audience = []
        case .string(let single)?:
            audience = [single]
        case .array(let list)?:
            var names: [String] = []
            for element in list {
                guard let name = element.stringValue else {
                    throw JOSEError(code: .malformed, message: "the claim \"aud\" holds a non-string")
                }
                names.append(name)
            }
            audience = names
        default:
            throw JOSEError(code: .malformed, message: "the claim \"aud\" is not a string or an array")
        }
        expires = try Self.numericDate(object, "exp")
        notBefore = try Self.numericDate(object, "nbf")
        issuedAt = try Self.numericDate(object, "iat")
        members = object
    }

    private static func string(_ object: JSONObject, _ name: String) throws(JOSEError) -> String? {
        switch object[name] {
        case nil, .null?:
            return nil
        case .string(let value)?:
            return value
        default:
            throw JOSEError(code: .malformed, message: "the claim \"\(name)\" is not a string")
        }
    }

    private static func numericDate(_ object: JSONObject, _ name: String) throws(JOSEError) -> Int64? {
        switch object[name] {
        case nil, .null?:
            return nil
        case .int(let value)?:
            guard let seconds = NumericDate.bounded(value) else {
                throw JOSEError(code: .malformed, message: "the claim \"\(name)\" is out of range")
            }
            return seconds
        case .number(let text)?:
            guard let seconds = NumericDate.seconds(text) else {
                throw JOSEError(code: .malformed, message: "the claim \"\(name)\" is not a usable NumericDate")
            }
            return seconds
        default:
            throw JOSEError(code: .malformed, message: "the claim \"\(name)\" is not a number")
        }
    }
}
