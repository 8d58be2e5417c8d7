import JSON

/// A JWS in compact serialization (RFC 7515 §7.1): `BASE64URL(header) '.' BASE64URL(payload) '.'
/// BASE64URL(signature)`, split and decoded but not verified.
///
/// Bounded: the whole token at most `maxBytes` (16 KiB by default), the decoded header at most
/// ``Limits/maximumHeaderBytes``. Base64url is strict: no padding, no characters outside the alphabet, canonical.
public struct CompactJWS: Sendable {
    /// Bounds on a compact JWS.
    public enum Limits {
        /// The default bound on a token's length: 16 KiB, far above any ID token or access token seen in practice.
        public static let defaultMaximumBytes = 16_384
        /// The largest decoded header accepted: 4 KiB.
        public static let maximumHeaderBytes = 4_096
    }

    /// The protected header.
    public let header: JOSEHeader
    /// The decoded payload (for a JWT, the claims set's JSON).
    public let payload: [UInt8]
    /// What the signature covers: the first two parts as they appear in the token, with the dot between them
    /// (RFC 7515 §5.2 step 8: ASCII(BASE64URL(header) '.' BASE64URL(payload))).
    public let signingInput: [UInt8]
    /// The decoded signature.
    public let signature: [UInt8]

    /// Splits and decodes `token`.
    ///
    /// - Throws: ``JOSEError/Code/tooLarge`` for a token over `maxBytes` or a header over
    ///   ``Limits/maximumHeaderBytes``; ``JOSEError/Code/malformed`` for anything else that is not a compact JWS
    ///   (not three parts — a five-part JWE included —, bad base64url, a header that is not a JSON object).
    public init(_ token: String, maxBytes: Int = Limits.defaultMaximumBytes) throws(JOSEError) {
        let bytes = Array(token.utf8)
        guard bytes.count <= maxBytes else {
            throw JOSEError(code: .tooLarge, message: "the token is longer than \(maxBytes) bytes")
        }
        let parts = bytes.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        guard parts.count == 3 else {
            throw JOSEError(code: .malformed, message: "the token has \(parts.count) parts, not 3")
        }
        let encodedHeader = String(decoding: parts[0], as: UTF8.self)
        // 4 KiB decoded is at most 5462 base64url characters; check before decoding.
        guard encodedHeader.utf8.count <= (Limits.maximumHeaderBytes * 4 + 2) / 3 else {
            throw JOSEError(code: .tooLarge, message: "the header is larger than \(Limits.maximumHeaderBytes) bytes")
        }
        guard let headerBytes = JOSEBase64URL.decode(encodedHeader), !headerBytes.isEmpty else {
            throw JOSEError(code: .malformed, message: "the header is not base64url")
        }
        guard let payload = JOSEBase64URL.decode(String(decoding: parts[1], as: UTF8.self)) else {
            throw JOSEError(code: .malformed, message: "the payload is not base64url")
        }
        guard let signature = JOSEBase64URL.decode(String(decoding: parts[2], as: UTF8.self)) else {
            throw JOSEError(code: .malformed, message: "the signature is not base64url")
        }
        let headerValue: JSONValue
        do {
            headerValue = try JSONParser.parse(headerBytes, options: JOSEJSON.options)
        } catch {
            throw JOSEError(code: .malformed, message: "the header is not JSON: \(error.reason)")
        }
        guard let headerObject = headerValue.objectValue else {
            throw JOSEError(code: .malformed, message: "the header is not a JSON object")
        }
        header = try JOSEHeader(json: headerObject)
        self.payload = payload
        signingInput = Array(bytes[..<(parts[0].count + 1 + parts[1].count)])
        self.signature = signature
    }
}
