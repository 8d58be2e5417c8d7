/// How an RSA signature is padded (RFC 8017 §8).
public enum RSASignaturePadding: Sendable, Hashable, CaseIterable {
    /// RSASSA-PKCS1-v1_5: what JWS's RS256, RS384 and RS512 use (RFC 7518 §3.3).
    case pkcs1v15
    /// RSASSA-PSS with MGF1 over the same hash and a salt as long as the hash: what JWS's PS256, PS384 and PS512
    /// use (RFC 7518 §3.5: "The size of the salt value is the same size as the hash function output").
    case pss
}
