import JSON

/// A JSON Web Key Set (RFC 7517 §5): an issuer's published verification keys, as its `jwks_uri` serves them.
///
/// Keys this verifier cannot use — symmetric `oct` keys, unknown key types or curves, keys for encryption, RSA keys
/// under 2048 bits, malformed members — are skipped, not fatal: RFC 7517 §5 says "Implementations SHOULD ignore JWKs
/// within a JWK Set that use "kty" (key type) values that are not understood by them, that are missing required
/// members, or for which values are out of the supported ranges". What was skipped, and why, is in ``skipped``.
public struct JSONWebKeySet: Sendable {
    /// Bounds on a key set.
    public enum Limits {
        /// The most keys a set may hold: 64. A set with more is refused whole, not truncated, so that which keys are
        /// trusted never depends on their order.
        public static let maximumKeyCount = 64
        /// The default bound on the document's size: 256 KiB (64 RSA keys of 8192 bits take under 128 KiB).
        public static let defaultMaximumBytes = 262_144
    }

    /// A key that was not taken into the set.
    public struct SkippedKey: Sendable, Hashable {
        /// Its `kid`, when it had a string one.
        public let keyID: String?
        /// Why it was skipped (the ``JOSEError``'s message; never key material).
        public let reason: String
    }

    /// The usable keys, in the document's order.
    public let keys: [JSONWebKey]

    /// The keys that were skipped, in the document's order.
    public let skipped: [SkippedKey]

    /// A set of the given keys.
    public init(keys: [JSONWebKey]) {
        self.keys = keys
        self.skipped = []
    }

    /// Reads a key set document: a JSON object whose `keys` member is an array of key objects.
    ///
    /// - Parameters:
    ///   - json: the document, at most `maxBytes` bytes (the caller also bounds what it downloads).
    ///   - maxBytes: the largest document accepted; ``Limits/defaultMaximumBytes`` by default.
    /// - Throws: ``JOSEError/Code/tooLarge`` for a document over `maxBytes` or with more than
    ///   ``Limits/maximumKeyCount`` keys; ``JOSEError/Code/malformed`` for a document that is not such an object.
    ///   Single unusable keys are skipped, never thrown.
    public init(json: [UInt8], maxBytes: Int = Limits.defaultMaximumBytes) throws(JOSEError) {
        guard json.count <= maxBytes else {
            throw JOSEError(code: .tooLarge, message: "the key set is larger than \(maxBytes) bytes")
        }
        let document: JSONValue
        do {
            document = try JSONParser.parse(json, options: JOSEJSON.options)
        } catch {
            throw JOSEError(code: .malformed, message: "the key set is not JSON: \(error.reason)")
        }
        guard let members = document["keys"]?.arrayValue else {
            throw JOSEError(code: .malformed, message: "the key set has no \"keys\" array")
        }
        guard members.count <= Limits.maximumKeyCount else {
            throw JOSEError(code: .tooLarge, message: "the key set has more than \(Limits.maximumKeyCount) keys")
        }
        var keys: [JSONWebKey] = []
        var skipped: [SkippedKey] = []
        for member in members {
            guard let object = member.objectValue else {
                skipped.append(SkippedKey(keyID: nil, reason: "the entry is not a JSON object"))
                continue
            }
            do {
                keys.append(try JSONWebKey(json: object))
            } catch {
                skipped.append(SkippedKey(keyID: object["kid"]?.stringValue, reason: error.message))
            }
        }
        self.keys = keys
        self.skipped = skipped
    }

    /// The keys that may verify a token whose header names `keyID` and `algorithm`.
    ///
    /// With a `kid`, the keys with that `kid` whose ``JSONWebKey/allowedAlgorithms`` include `algorithm`; without
    /// one, every key that allows `algorithm` (the verifier tries each).
    public func candidates(keyID: String?, algorithm: JWSAlgorithm) -> [JSONWebKey] {
        keys.filter { key in
            (keyID == nil || key.keyID == keyID) && key.allowedAlgorithms.contains(algorithm)
        }
    }
}
