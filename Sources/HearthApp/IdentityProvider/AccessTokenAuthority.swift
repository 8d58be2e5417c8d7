import HearthHTTP
import OpenIDConnect

/// The `OpenIDConnect` module's access-token verifier as `/fulfillment`'s external token authority
/// (`auth.externalTokens.*`).
struct AccessTokenAuthority: ExternalTokenAuthority {
    let verifier: AccessTokenVerifier
    let retryAfterSeconds: Int

    func cachedVerdict(for token: String) -> ExternalTokenVerdict? {
        verifier.cached(token).map(Self.verdict)
    }

    func verdict(for token: String) async -> ExternalTokenVerdict {
        Self.verdict(await verifier.verify(token))
    }

    static func verdict(_ verdict: AccessTokenVerdict) -> ExternalTokenVerdict {
        switch verdict {
        case .user(let user, _): .user(user)
        case .refused(let reason): .refused(reason: reason)
        case .unavailable(let error): .unavailable(reason: "\(error.step.rawValue): \(error.code)")
        }
    }
}
