import Cryptography
import Registry

/// The CSRF token of a sign-in page: an expiry and an HMAC-SHA256 over it and every field of the authorization
/// request, under a server key (32 random bytes drawn at start, so a restart voids open sign-in pages).
///
/// Form: base64url of the expiry (8 bytes, big-endian unix seconds) followed by the 32-byte MAC. A token only
/// works for the exact request it was made for, until its expiry.
struct SignInFormToken: Sendable {
    let key: [UInt8]

    /// A token for `request`, valid until `now + ttl`.
    func make(for request: AuthorizationRequest, now: UnixTime, ttl: Int) -> String {
        let expiry = now.seconds + Int64(ttl)
        var bytes = Self.bigEndian(expiry)
        bytes += HMACSHA256.authenticationCode(for: Self.message(request, expiry: bytes), key: key)
        return Base64URL.encode(bytes)
    }

    /// Whether `token` was made by ``make(for:now:ttl:)`` for `request` and has not expired at `now`.
    func verify(_ token: String, for request: AuthorizationRequest, now: UnixTime) -> Bool {
        guard let bytes = Base64URL.decode(token), bytes.count == 8 + HMACSHA256.byteCount else { return false }
        let expiryBytes = Array(bytes[0..<8])
        let expiry = expiryBytes.reduce(Int64(0)) { $0 << 8 | Int64($1) }
        let expected = HMACSHA256.authenticationCode(for: Self.message(request, expiry: expiryBytes), key: key)
        guard constantTimeEquals(Array(bytes[8...]), expected) else { return false }
        return now.seconds < expiry
    }

    private static func bigEndian(_ value: Int64) -> [UInt8] {
        (0..<8).map { UInt8(truncatingIfNeeded: value >> (56 - 8 * $0)) }
    }

    /// Every field, length-prefixed so that no two requests share a message.
    private static func message(_ request: AuthorizationRequest, expiry: [UInt8]) -> [UInt8] {
        var message = Array("hearth-sign-in-v1".utf8) + expiry
        for field in [request.clientId, request.redirectURI, request.state, request.scope, request.codeChallenge] {
            guard let field else {
                message += bigEndian(-1)
                continue
            }
            let bytes = Array(field.utf8)
            message += bigEndian(Int64(bytes.count)) + bytes
        }
        return message
    }
}
