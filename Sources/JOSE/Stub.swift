// TEMPORARY STUB of H1's JOSE API (plan.md), replaced by merging h-jose. Not for commit.
public enum JWSAlgorithm: String, Sendable, CaseIterable {
    case rs256 = "RS256", rs384 = "RS384", rs512 = "RS512", ps256 = "PS256", ps384 = "PS384", ps512 = "PS512"
    case es256 = "ES256", es384 = "ES384", es512 = "ES512"
}
public struct JOSEError: Error, Sendable { public let message: String }
public struct JSONWebKey: Sendable {
    public let keyID: String?
    public let keyType: String
    public let algorithm: JWSAlgorithm?
    public let use: String?
    public var allowedAlgorithms: Set<JWSAlgorithm> { [] }
}
public struct JSONWebKeySet: Sendable {
    public init(json: [UInt8]) throws(JOSEError) { keys = [] }
    public let keys: [JSONWebKey]
    public func candidates(keyID: String?, algorithm: JWSAlgorithm) -> [JSONWebKey] { [] }
}
public struct JWTClaims: Sendable {
    public let issuer: String?
    public let subject: String?
    public let audience: [String]
    public let authorizedParty: String?
    public let expires: Int64?
    public let notBefore: Int64?
    public let issuedAt: Int64?
    public let nonce: String?
    public subscript(claim name: String) -> String? { nil }
}
public struct JWTExpectations: Sendable {
    public var issuer: String
    public var audience: String
    public var authorizedParty: String?
    public var nonce: String?
    public var requiredType: String?
    public var clockSkew: Int
    public init(issuer: String, audience: String, authorizedParty: String? = nil, nonce: String? = nil,
        requiredType: String? = nil, clockSkew: Int = 60) {
        self.issuer = issuer; self.audience = audience; self.authorizedParty = authorizedParty; self.nonce = nonce
        self.requiredType = requiredType; self.clockSkew = clockSkew
    }
}
public enum JWTRefusal: Error, Sendable, Hashable {
    case malformed(String), unsupportedAlgorithm(String), unknownKey(keyID: String?), algorithmNotAllowedForKey
    case badSignature, wrongIssuer, wrongAudience, wrongAuthorizedParty, expired, notYetValid, issuedInFuture
    case wrongNonce, wrongType, missingClaim(String)
    public var reason: String { "x" }
}
public enum JWTVerifier {
    public static func verify(_ token: String, keys: JSONWebKeySet, expecting: JWTExpectations, now: Int64)
        -> Result<JWTClaims, JWTRefusal> { .failure(.badSignature) }
}
