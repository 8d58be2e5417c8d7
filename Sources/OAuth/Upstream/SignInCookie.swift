import Cryptography
import HTTPMessages
import HTTPTypes

/// The `hearth_signin` cookie that binds a sign-in through the identity provider to the browser that started it:
/// the provider's callback and the consent form are refused without it, so a code or a consent page obtained in one
/// browser cannot be finished in another. RFC 6749 §10.12: "This is typically accomplished by requiring any
/// request sent to the redirection URI endpoint to include a value that binds the request to the user-agent's
/// authenticated state (e.g., a hash of the session cookie used to authenticate the user-agent)".
///
/// Its value is 32 random bytes, base64url; the registry keeps only its SHA-256 hash. `HttpOnly` (no script reads
/// it), `SameSite=Lax` (sent on the top-level GET back from the provider and on Hearth's own same-site form, not on
/// a cross-site POST), `Path=/oauth/`, and `Secure` unless the callback URL is plain `http:`.
enum SignInCookie {
    /// The cookie's name.
    static let name = "hearth_signin"
    /// The length of a value Hearth sets: base64url of 32 bytes.
    static let valueLength = 43

    /// A new random value.
    static func make() throws(CryptographyError) -> String {
        try SecureRandom.token(byteCount: 32)
    }

    /// The `Set-Cookie` value that sets `value` for `maxAge` seconds.
    static func setCookie(_ value: String, secure: Bool, maxAge: Int) -> String {
        "\(name)=\(value); Max-Age=\(maxAge); Path=/oauth/; HttpOnly; SameSite=Lax" + (secure ? "; Secure" : "")
    }

    /// The `Set-Cookie` value that removes the cookie (once the sign-in is over).
    static func clearCookie(secure: Bool) -> String {
        setCookie("", secure: secure, maxAge: 0)
    }

    /// The hash the registry keeps: SHA-256 of the value, hex.
    static func binding(_ value: String) -> String {
        Hex.encode(SHA256.hash(Array(value.utf8)))
    }

    /// The value of `hearth_signin` in the request's `Cookie` header, when it has one of the length Hearth sets.
    /// Bounded: the header is scanned once, and a value of any other length is ignored.
    static func value(in request: Request) -> String? {
        guard let header = request.headerFields.value(of: .cookie) else { return nil }
        for pair in header.split(separator: ";") {
            let trimmed = pair.drop { $0 == " " || $0 == "\t" }
            guard trimmed.hasPrefix(name + "=") else { continue }
            let value = trimmed.dropFirst(name.count + 1).prefix { $0 != " " && $0 != "\t" }
            if value.utf8.count == valueLength { return String(value) }
        }
        return nil
    }

    /// Whether the request carries the cookie whose hash is `binding`, compared in constant time.
    static func matches(_ request: Request, binding: String) -> Bool {
        guard let value = value(in: request) else { return false }
        return constantTimeEquals(Array(Self.binding(value).utf8), Array(binding.utf8))
    }
}
