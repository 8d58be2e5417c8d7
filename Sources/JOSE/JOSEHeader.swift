import JSON

/// The protected header of a compact JWS (RFC 7515 §4), as far as a verifier reads it.
public struct JOSEHeader: Sendable {
    /// `alg`, as written: checked against ``JWSAlgorithm`` by the verifier, so that `none` and `HS256` can be
    /// named in a refusal.
    public let algorithm: String
    /// `kid`, when present.
    public let keyID: String?
    /// `typ`, when present (`JWT`, `at+jwt`, `application/at+jwt`, …).
    public let type: String?
    /// `crit`, when present: the extensions the token says a verifier must understand. Hearth understands none, so
    /// a token with `crit` is refused (RFC 7515 §4.1.11).
    public let critical: [String]?
    /// The whole header object.
    public let members: JSONObject

    /// Reads the header from its JSON object.
    ///
    /// - Throws: ``JOSEError/Code/malformed`` when `alg` is missing or not a string, or `kid`, `typ` or `crit` has
    ///   the wrong JSON type (`crit` must be a non-empty array of strings, RFC 7515 §4.1.11).
    public init(json object: JSONObject) throws(JOSEError) {
        guard let algorithm = object["alg"]?.stringValue else {
            throw JOSEError(code: .malformed, message: "the header has no string \"alg\"")
        }
        self.algorithm = algorithm
        keyID = try Self.optionalString(object, "kid")
        type = try Self.optionalString(object, "typ")
        if let value = object["crit"] {
            guard let list = value.arrayValue, !list.isEmpty else {
                throw JOSEError(code: .malformed, message: "the header's \"crit\" is not a non-empty array")
            }
            var names: [String] = []
            for element in list {
                guard let name = element.stringValue else {
                    throw JOSEError(code: .malformed, message: "the header's \"crit\" holds a non-string")
                }
                names.append(name)
            }
            critical = names
        } else {
            critical = nil
        }
        members = object
    }

    private static func optionalString(_ object: JSONObject, _ name: String) throws(JOSEError) -> String? {
        guard let value = object[name] else {
            return nil
        }
        guard let text = value.stringValue else {
            throw JOSEError(code: .malformed, message: "the header's \"\(name)\" is not a string")
        }
        return text
    }
}
