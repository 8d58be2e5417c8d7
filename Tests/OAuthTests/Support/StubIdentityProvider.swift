import OAuth
import Synchronization

/// Stands in for the identity provider at the module boundary: answers as told, and remembers what it was asked.
/// (The real provider, canaille, is exercised end to end by HearthAppTests.)
final class StubIdentityProvider: UpstreamIdentityProvider {
    /// What `authorizationURL` was called with.
    struct AuthorizationCall: Sendable, Hashable {
        var state: String
        var nonce: String
        var codeChallenge: String
        var redirectURI: String
    }

    /// What `signIn` was called with.
    struct SignInCall: Sendable, Hashable {
        var code: String
        var codeVerifier: String
        var nonce: String
        var redirectURI: String
    }

    private struct State {
        var authorizationFailure: UpstreamSignInFailure?
        var signInResult: Result<UpstreamIdentity, UpstreamSignInFailure> = .success(
            UpstreamIdentity(agentUserId: "alice", displayName: "alice@example.com")
        )
        var authorizationCalls: [AuthorizationCall] = []
        var signInCalls: [SignInCall] = []
    }

    static let authorizationEndpoint = "https://idp.example/authorize"
    private let state = Mutex(State())

    /// Makes `authorizationURL` fail (discovery unreachable, say); `nil` answers.
    func failAuthorization(_ failure: UpstreamSignInFailure?) {
        state.withLock { $0.authorizationFailure = failure }
    }

    /// What `signIn` answers from now on.
    func answerSignIn(_ result: Result<UpstreamIdentity, UpstreamSignInFailure>) {
        state.withLock { $0.signInResult = result }
    }

    var authorizationCalls: [AuthorizationCall] { state.withLock { $0.authorizationCalls } }
    var signInCalls: [SignInCall] { state.withLock { $0.signInCalls } }

    func authorizationURL(
        state: String,
        nonce: String,
        codeChallenge: String,
        redirectURI: String
    ) async throws(UpstreamSignInFailure) -> String {
        let failure = self.state.withLock { stored in
            stored.authorizationCalls.append(
                AuthorizationCall(state: state, nonce: nonce, codeChallenge: codeChallenge, redirectURI: redirectURI)
            )
            return stored.authorizationFailure
        }
        if let failure { throw failure }
        return Self.authorizationEndpoint + "?response_type=code&client_id=hearth&state=" + state
    }

    func signIn(
        code: String,
        codeVerifier: String,
        nonce: String,
        redirectURI: String
    ) async throws(UpstreamSignInFailure) -> UpstreamIdentity {
        let result = state.withLock { stored in
            stored.signInCalls.append(
                SignInCall(code: code, codeVerifier: codeVerifier, nonce: nonce, redirectURI: redirectURI)
            )
            return stored.signInResult
        }
        return try result.get()
    }
}
