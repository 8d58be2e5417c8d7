import Cryptography
import JSON

/// One public key from a JSON Web Key Set (RFC 7517), ready to verify signatures: an RSA key (`kty` `RSA`, RFC 7518
/// §6.3) or an elliptic-curve key on P-256, P-384 or P-521 (`kty` `EC`, RFC 7518 §6.2).
///
/// Which algorithms it may verify is pinned by the key, not by the token: its `alg` member alone when present, else
/// every algorithm of its type (RSA: RS*/PS*; EC: the one ES algorithm of its curve). See ``allowedAlgorithms``.
public struct JSONWebKey: Sendable {
    /// Bounds on one key's members, checked before decoding.
    public enum Limits {
        /// The longest base64url member accepted (`n` of an 8192-bit key is 1366 characters).
        public static let maximumMemberLength = 1400
        /// The longest `kid` accepted, in bytes.
        public static let maximumKeyIDLength = 256
    }

    /// The key's verifying half.
    enum Material: Sendable {
        case rsa(RSAPublicKey)
        case ec(ECPublicKey)
    }

    /// Its `kid`, when it has one.
    public let keyID: String?
    /// Its `kty`: `RSA` or `EC`.
    public let keyType: String
    /// Its `alg`, when it names one.
    public let algorithm: JWSAlgorithm?
    /// Its `use`, when it has one (always `sig` here: keys for other uses are not made into a ``JSONWebKey``).
    public let use: String?
    /// For an EC key, its curve.
    public let curve: ECPublicKey.Curve?

    let material: Material

    /// The algorithms this key may verify: its `alg` alone if present, else every algorithm of its type/curve.
    ///
    /// RFC 7517 §4.4 makes `alg` the algorithm "intended for use with the key"; a key without one could have been
    /// used by the issuer with any algorithm of its type, and a verifier must not let the token choose across types.
    public let allowedAlgorithms: Set<JWSAlgorithm>

    /// Reads one key from a JSON object of a key set.
    ///
    /// - Throws: ``JOSEError/Code/malformed`` for missing or badly encoded members; ``JOSEError/Code/tooLarge`` for a
    ///   member over ``Limits``; ``JOSEError/Code/unusableKey`` for a key this verifier cannot or must not use: a
    ///   `kty` other than `RSA`/`EC` (`oct` symmetric keys included), another curve, a `use` other than `sig`,
    ///   `key_ops` without `verify`, an `alg` that is not one of ``JWSAlgorithm`` or does not fit the key, an RSA
    ///   modulus under 2048 bits (RFC 7518 §3.3), or a point not on its curve.
    public init(json object: JSONObject) throws(JOSEError) {
        guard let keyType = object["kty"]?.stringValue else {
            throw JOSEError(code: .malformed, message: "the key has no string \"kty\" member")
        }
        let keyID: String?
        switch object["kid"] {
        case nil, .null?:
            keyID = nil
        case .string(let value)?:
            guard value.utf8.count <= Limits.maximumKeyIDLength else {
                throw JOSEError(
                    code: .tooLarge,
                    message: "the key's \"kid\" is longer than \(Limits.maximumKeyIDLength)"
                )
            }
            keyID = value
        default:
            throw JOSEError(code: .malformed, message: "the key's \"kid\" is not a string")
        }
        let use = try Self.optionalString(object, "use")
        // RFC 7517 §4.2: "sig" (signature) or "enc" (encryption); a key for encryption is not one to verify with.
        if let use, use != "sig" {
            throw JOSEError(code: .unusableKey, message: "the key's \"use\" is \"\(use)\", not \"sig\"")
        }
        if let operations = object["key_ops"] {
            guard let list = operations.arrayValue, list.allSatisfy({ $0.stringValue != nil }) else {
                throw JOSEError(code: .malformed, message: "the key's \"key_ops\" is not an array of strings")
            }
            guard list.contains(.string("verify")) else {
                throw JOSEError(code: .unusableKey, message: "the key's \"key_ops\" does not include \"verify\"")
            }
        }
        let algorithm: JWSAlgorithm?
        if let name = try Self.optionalString(object, "alg") {
            guard let known = JWSAlgorithm(rawValue: name) else {
                throw JOSEError(code: .unusableKey, message: "the key's \"alg\" is not a supported signature algorithm")
            }
            guard known.keyType == keyType else {
                throw JOSEError(code: .unusableKey, message: "the key's \"alg\" \(name) is not for a \(keyType) key")
            }
            algorithm = known
        } else {
            algorithm = nil
        }

        let material: Material
        var curve: ECPublicKey.Curve?
        switch keyType {
        case "RSA":
            let modulus = try Self.bytes(object, "n")
            let exponent = try Self.bytes(object, "e")
            do {
                material = .rsa(try RSAPublicKey(modulus: modulus, exponent: exponent))
            } catch {
                throw JOSEError(code: .unusableKey, message: "the RSA key is refused: \(error.message)")
            }
        case "EC":
            guard let name = object["crv"]?.stringValue else {
                throw JOSEError(code: .malformed, message: "the EC key has no string \"crv\" member")
            }
            guard let known = ECPublicKey.Curve(rawValue: name) else {
                throw JOSEError(code: .unusableKey, message: "the EC key's curve is not P-256, P-384 or P-521")
            }
            if let algorithm, algorithm.curve != known {
                throw JOSEError(
                    code: .unusableKey,
                    message: "the key's \"alg\" \(algorithm.rawValue) is not for curve \(name)"
                )
            }
            let x = try Self.bytes(object, "x")
            let y = try Self.bytes(object, "y")
            do {
                material = .ec(try ECPublicKey(curve: known, x: x, y: y))
            } catch {
                throw JOSEError(code: .unusableKey, message: "the EC key is refused: \(error.message)")
            }
            curve = known
        default:
            throw JOSEError(code: .unusableKey, message: "the key type is not RSA or EC")
        }
        self.keyID = keyID
        self.keyType = keyType
        self.algorithm = algorithm
        self.use = use
        self.curve = curve
        self.material = material
        if let algorithm {
            allowedAlgorithms = [algorithm]
        } else if let curve {
            allowedAlgorithms = Set(JWSAlgorithm.allCases.filter { $0.curve == curve })
        } else {
            allowedAlgorithms = Set(JWSAlgorithm.allCases.filter { $0.keyType == "RSA" })
        }
    }

    /// Reads one key from JSON text (at most 16 KiB).
    ///
    /// - Throws: as the initializer from a `JSONObject` does, and ``JOSEError/Code/tooLarge`` or ``JOSEError/Code/malformed`` for
    ///   the text itself.
    public init(json bytes: [UInt8]) throws(JOSEError) {
        guard bytes.count <= 16_384 else {
            throw JOSEError(code: .tooLarge, message: "the key is larger than 16384 bytes")
        }
        guard let object = try? JSONParser.parse(bytes, options: JOSEJSON.options).objectValue else {
            throw JOSEError(code: .malformed, message: "the key is not a JSON object")
        }
        try self.init(json: object)
    }

    /// Whether `signature` over `signingInput` verifies with this key under `algorithm`.
    ///
    /// ``JWTVerifier`` has already checked `algorithm` against ``allowedAlgorithms``; here an algorithm of another key
    /// type or curve answers `false`, and so does any failed verification, without saying which check failed.
    public func verify(algorithm: JWSAlgorithm, signingInput: [UInt8], signature: [UInt8]) -> Bool {
        switch material {
        case .rsa(let key):
            guard let padding = algorithm.rsaPadding else {
                return false
            }
            return key.verify(message: signingInput, signature: signature, digest: algorithm.digest, padding: padding)
        case .ec(let key):
            guard algorithm.curve == key.curve else {
                return false
            }
            return key.verify(message: signingInput, signature: signature, digest: algorithm.digest)
        }
    }

    private static func optionalString(_ object: JSONObject, _ name: String) throws(JOSEError) -> String? {
        switch object[name] {
        case nil, .null?:
            return nil
        case .string(let value)?:
            return value
        default:
            throw JOSEError(code: .malformed, message: "the key's \"\(name)\" is not a string")
        }
    }

    /// A required base64url member, bounded before decoding (RFC 7518 §6: unpadded base64url).
    private static func bytes(_ object: JSONObject, _ name: String) throws(JOSEError) -> [UInt8] {
        guard let text = object[name]?.stringValue else {
            throw JOSEError(code: .malformed, message: "the key has no string \"\(name)\" member")
        }
        guard text.utf8.count <= Limits.maximumMemberLength else {
            throw JOSEError(
                code: .tooLarge,
                message: "the key's \"\(name)\" is longer than \(Limits.maximumMemberLength)"
            )
        }
        guard let bytes = JOSEBase64URL.decode(text) else {
            throw JOSEError(code: .malformed, message: "the key's \"\(name)\" is not unpadded base64url")
        }
        return bytes
    }
}
