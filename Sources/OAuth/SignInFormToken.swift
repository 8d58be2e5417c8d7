import Clocks
import Cryptography
import Registry
import Synchronization

/// The CSRF token of a sign-in page: an expiry and an HMAC-SHA256 over it and every field of the authorization
/// request, under a server key (32 random bytes drawn at start, so a restart voids open sign-in pages).
///
/// Form: base64url of the expiry (8 bytes, big-endian unix seconds), a serial number (8 bytes, unique per process,
/// so that two pages for the same request in the same second differ and each can be used once), and the 32-byte
/// MAC over both and the request. A token only works for the exact request it was made for, until its expiry.
struct SignInFormToken: Sendable {
    let key: [UInt8]
    private let serials = Serials()

    init(key: [UInt8]) {
        self.key = key
    }

    /// A token for `request`, valid until `now + ttl`.
    func make(for request: AuthorizationRequest, now: UnixTime, ttl: Int) -> String {
        let expiry = now.seconds + Int64(ttl)
        var bytes = Self.bigEndian(expiry) + Self.bigEndian(serials.next())
        bytes += HMACSHA256.authenticationCode(for: Self.message(request, expiry: bytes), key: key)
        return Base64URL.encode(bytes)
    }

    /// Whether `token` was made by ``make(for:now:ttl:)`` for `request` and has not expired at `now`.
    func verify(_ token: String, for request: AuthorizationRequest, now: UnixTime) -> Bool {
        verifiedExpiry(token, for: request, now: now) != nil
    }

    /// The expiry (unix seconds) of `token` when ``verify(_:for:now:)`` accepts it, else `nil`.
    func verifiedExpiry(_ token: String, for request: AuthorizationRequest, now: UnixTime) -> Int64? {
        guard let bytes = Base64URL.decode(token), bytes.count == 16 + HMACSHA256.byteCount else { return nil }
        let expiry = bytes[0..<8].reduce(Int64(0)) { $0 << 8 | Int64($1) }
        let expected = HMACSHA256.authenticationCode(for: Self.message(request, expiry: Array(bytes[0..<16])), key: key)
        guard constantTimeEquals(Array(bytes[16...]), expected), now.seconds < expiry else { return nil }
        return expiry
    }

    private static func bigEndian(_ value: Int64) -> [UInt8] {
        (0..<8).map { UInt8(truncatingIfNeeded: value >> (56 - 8 * $0)) }
    }

    /// Every field, length-prefixed so that no two requests share a message. `expiry` is the expiry and the serial.
    private static func message(_ request: AuthorizationRequest, expiry: [UInt8]) -> [UInt8] {
        var message = Array("hearth-sign-in-v2".utf8) + expiry
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

/// The serial numbers of sign-in tokens: unique within the process.
private final class Serials: Sendable {
    private let last = Atomic<Int64>(0)

    func next() -> Int64 {
        last.wrappingAdd(1, ordering: .relaxed).newValue
    }
}
