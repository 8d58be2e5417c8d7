import JOSE

extension Result where Success == JWTClaims, Failure == JWTRefusal {
    /// The refusal, or `nil` when the token was accepted.
    var refusal: JWTRefusal? {
        if case .failure(let refusal) = self { return refusal }
        return nil
    }

    /// The claims, or `nil` when the token was refused.
    var claims: JWTClaims? {
        try? get()
    }
}
