public import HTTPTypes

// Field names Hearth reads or writes that swift-http-types does not name (it names the IANA registry's permanent
// ones). Stored once: a name built from a string is validated and lower-cased.
extension HTTPField.Name {
    /// `Pragma` (RFC 9111 §5.4, deprecated; still sent with `Cache-Control: no-store` as RFC 6749 §5.1 asks).
    public static let pragma = HTTPField.Name("Pragma")!
    /// `Referrer-Policy` (W3C Referrer Policy).
    public static let referrerPolicy = HTTPField.Name("Referrer-Policy")!
    /// `X-Frame-Options` (RFC 7034).
    public static let xFrameOptions = HTTPField.Name("X-Frame-Options")!
    /// `X-Forwarded-For`: the client address a trusted reverse proxy names.
    public static let xForwardedFor = HTTPField.Name("X-Forwarded-For")!
}
