import Clocks
import Cryptography
import HTTPMessages
import HTTPTypes
import Logging
import Registry

// Sign-in through the manufacturer's identity provider: `GET /oauth/authorize` → the provider →
// `GET /oauth/upstream/callback` → Hearth's consent page → `POST /oauth/consent` → Google's redirect URI.
//
// Every step's record lives in the registry (``UpstreamSignInStore``), so a sign-in started at one instance finishes
// at another; each is taken once. The provider is asked off the listener's threads (a task answering a
// ``DeferredResponse``). The user is created, and the code issued, only when the user approves: a failure anywhere
// before leaves nothing linked.
extension OAuthServer {
    /// The longest `state`, `code`, `handle` or `error` value read from the provider's callback or the consent form:
    /// Hearth's own are 43 characters; a provider's code is opaque, and 4 KiB is far above any seen.
    static let maximumCallbackValue = 4096

    /// The `step` label of the flow's own stages (the provider's are ``UpstreamSignInFailure/Step``).
    enum FlowStep: String {
        case authorize, callback, consent
    }

    // MARK: - GET /oauth/authorize

    /// Checks Google's request as the password form does, stores a started sign-in, and answers (later) with a 302
    /// to the provider. The `state`, `nonce` and PKCE verifier are 32 random bytes each, base64url (the verifier
    /// is thus 43 characters, RFC 7636 §4.1: "minimum length of 43 characters"); the challenge is
    /// `BASE64URL-ENCODE(SHA256(ASCII(code_verifier)))` (RFC 7636 §4.2, S256).
    func startUpstreamSignIn(_ fields: FormFields, upstream: UpstreamSignInSettings) -> Response {
        let authorization: AuthorizationRequest
        switch AuthorizationRequest.parse(fields, clients: clients) {
        case .failure(let refusal): return refused(refusal)
        case .success(let (parsed, _)): authorization = parsed
        }
        let state: String
        let nonce: String
        let verifier: String
        let cookie: String
        do {
            state = try SecureRandom.token(byteCount: 32)
            nonce = try SecureRandom.token(byteCount: 32)
            verifier = try SecureRandom.token(byteCount: 32)
            cookie = try SignInCookie.make()
        } catch {
            logger.error("No random bytes for a sign-in", metadata: ["error": "\(error)"])
            return unavailable()
        }
        let challenge = Base64URL.encode(SHA256.hash(Array(verifier.utf8)))
        let signIn = UpstreamSignIn(
            request: AuthorizationGrant(
                agentUserId: "",
                clientId: authorization.clientId,
                redirectURI: authorization.redirectURI,
                codeChallenge: authorization.codeChallenge,
                scope: authorization.scope
            ),
            clientState: authorization.state,
            nonce: nonce,
            codeVerifier: verifier,
            browserBinding: SignInCookie.binding(cookie),
            expires: UnixTime(seconds: UnixTime.expiry(from: clock.unixTime, ttl: upstream.signInTTLSeconds))
        )
        let answer = DeferredResponse()
        let metadata: Logger.Metadata = ["oauth.client.id": "\(authorization.clientId)"]
        Task { [self] in
            let url: String
            do throws(UpstreamSignInFailure) {
                url = try await upstream.provider.authorizationURL(
                    state: state,
                    nonce: nonce,
                    codeChallenge: challenge,
                    redirectURI: upstream.callbackURL
                )
            } catch {
                answer.complete(providerFailed(error, upstream: upstream, metadata: metadata))
                return
            }
            // Stored only once the provider's address is known: a provider that cannot be reached leaves nothing.
            do {
                try store.beginUpstreamSignIn(state: state, signIn)
            } catch {
                logger.error("Registry failed while starting a sign-in", metadata: ["error": "\(error)"])
                upstream.record(UpstreamSignInEvent(outcome: .failed, step: FlowStep.authorize.rawValue))
                answer.complete(unavailable())
                return
            }
            logger.info("Sent a sign-in to the identity provider", metadata: metadata)
            upstream.record(UpstreamSignInEvent(outcome: .redirected, step: FlowStep.authorize.rawValue))
            var response = Self.redirect(url)
            let maxAge = upstream.signInTTLSeconds + upstream.consentTTLSeconds
            response.headerFields[.setCookie] = SignInCookie.setCookie(
                cookie,
                secure: upstream.cookieIsSecure,
                maxAge: maxAge
            )
            answer.complete(response)
        }
        return .deferred(answer, ifAbandoned: unavailable())
    }

    /// The page and log line of a provider that failed at `failure.step`.
    private func providerFailed(
        _ failure: UpstreamSignInFailure,
        upstream: UpstreamSignInSettings,
        metadata: Logger.Metadata
    ) -> Response {
        logger.warning(
            "Sign-in through the identity provider failed",
            metadata: metadata.merging([
                "upstream.step": "\(failure.step.rawValue)", "upstream.error": "\(failure.code.rawValue)",
                "error": "\(failure.message)",
            ]) { $1 }
        )
        switch failure.code {
        case .unavailable:
            upstream.record(UpstreamSignInEvent(outcome: .failed, step: failure.step.rawValue))
            var response = SignInPage.error(
                "Hearth could not reach the sign-in service. Please try again in a few minutes from the Google Home "
                    + "app.",
                status: .serviceUnavailable
            )
            response.headerFields[.retryAfter] = "60"
            return response
        case .refused:
            upstream.record(UpstreamSignInEvent(outcome: .refused, step: failure.step.rawValue))
            return SignInPage.error(
                "The sign-in service's answer could not be accepted, so your account was not linked. Please start "
                    + "again from the Google Home app.",
                status: .badGateway
            )
        }
    }

    // MARK: - GET /oauth/upstream/callback

    /// `GET /oauth/upstream/callback`: the identity provider sends the browser back with `code` and `state` (or
    /// `error`). The started sign-in is taken (once), the browser's cookie checked, the code exchanged and the ID
    /// token verified by the provider (later, off the listener's threads), and Hearth's consent page shown.
    public func upstreamCallback(_ request: Request) -> Response {
        guard let upstream else {
            return SignInPage.error("Sign-in through an identity provider is not configured.", status: .notFound)
        }
        // GET only: the callback spends the sign-in, which a HEAD (a link checker, a prefetch) must not do.
        guard request.method == .get else {
            var response = SignInPage.error("Use GET.", status: .methodNotAllowed)
            response.headerFields[.allow] = "GET"
            return response
        }
        guard let fields = FormFields(request.query ?? ""), let state = fields["state"],
            !fields.duplicated.contains("state"), state.utf8.count <= Self.maximumCallbackValue
        else {
            return expired(upstream, step: .callback, reason: "no usable state")
        }
        let signIn: UpstreamSignIn?
        do {
            signIn = try store.takeUpstreamSignIn(state: state, now: clock.unixTime)
        } catch {
            logger.error("Registry failed during a sign-in callback", metadata: ["error": "\(error)"])
            upstream.record(UpstreamSignInEvent(outcome: .failed, step: FlowStep.callback.rawValue))
            return unavailable()
        }
        guard let signIn else {
            return expired(upstream, step: .callback, reason: "unknown, expired or used state")
        }
        // Taken before the cookie is checked: a callback from another browser spends the sign-in.
        guard let cookie = SignInCookie.value(in: request),
            SignInCookie.matches(request, binding: signIn.browserBinding)
        else {
            return expired(upstream, step: .callback, reason: "the sign-in cookie is missing or another browser's")
        }
        let metadata: Logger.Metadata = ["oauth.client.id": "\(signIn.request.clientId)"]
        if fields.contains("error") {
            // The provider's own refusal (the user cancelled, or the provider would not sign them in): Google hears
            // `access_denied` (RFC 6749 §4.1.2.1) with its state; the provider's code goes to the log if it is one.
            let error = fields["error"].flatMap { Self.isErrorCode($0) ? $0 : nil } ?? "(malformed)"
            logger.info(
                "The identity provider returned an error; the user was not linked",
                metadata: metadata.merging(["upstream.error": "\(error)"]) { $1 }
            )
            upstream.record(UpstreamSignInEvent(outcome: .denied, step: FlowStep.callback.rawValue))
            return finalRedirect(
                signIn.request.redirectURI,
                [("error", "access_denied"), ("state", signIn.clientState)],
                upstream: upstream
            )
        }
        guard let code = fields["code"], !fields.duplicated.contains("code"),
            code.utf8.count <= Self.maximumCallbackValue
        else {
            return expired(upstream, step: .callback, reason: "the callback has no usable code")
        }
        let answer = DeferredResponse()
        Task { [self] in
            answer.complete(
                await finishUpstreamSignIn(signIn, code: code, cookie: cookie, upstream: upstream, metadata: metadata)
            )
        }
        return .deferred(answer, ifAbandoned: unavailable())
    }

    /// Off the listener's threads: the provider says who signed in, the user is checked, and the consent page shown.
    private func finishUpstreamSignIn(
        _ signIn: UpstreamSignIn,
        code: String,
        cookie: String,
        upstream: UpstreamSignInSettings,
        metadata: Logger.Metadata
    ) async -> Response {
        let identity: UpstreamIdentity
        do throws(UpstreamSignInFailure) {
            identity = try await upstream.provider.signIn(
                code: code,
                codeVerifier: signIn.codeVerifier,
                nonce: signIn.nonce,
                redirectURI: upstream.callbackURL
            )
        } catch {
            return providerFailed(error, upstream: upstream, metadata: metadata)
        }
        let user = identity.agentUserId
        guard upstream.acceptsUser(user) else {
            return providerFailed(
                UpstreamSignInFailure(
                    step: .userClaim,
                    code: .refused,
                    message: "the provider's user id cannot be a Hearth user id (see oauth.upstream.userClaim)"
                ),
                upstream: upstream,
                metadata: metadata
            )
        }
        let userMetadata = metadata.merging(["agent_user.id": "\(user)"]) { $1 }
        if !upstream.createUsers {
            switch userExists(user) {
            case nil:
                upstream.record(UpstreamSignInEvent(outcome: .failed, step: FlowStep.callback.rawValue))
                return unavailable()
            case false?:
                return notSetUp(upstream, step: .callback, metadata: userMetadata)
            case true?:
                break
            }
        }
        let handle: String
        do {
            handle = try SecureRandom.token(byteCount: 32)
        } catch {
            logger.error("No random bytes for a sign-in", metadata: ["error": "\(error)"])
            return unavailable()
        }
        var grant = signIn.request
        grant.agentUserId = user
        let now = clock.unixTime
        do {
            try store.savePendingConsent(
                handle: Self.consentKey(handle: handle, cookie: cookie, state: signIn.clientState),
                grant: grant,
                expires: UnixTime(seconds: UnixTime.expiry(from: now, ttl: upstream.consentTTLSeconds))
            )
        } catch {
            logger.error("Registry failed while saving a consent", metadata: ["error": "\(error)"])
            upstream.record(UpstreamSignInEvent(outcome: .failed, step: FlowStep.callback.rawValue))
            return unavailable()
        }
        logger.info("Signed a user in through the identity provider; asking for consent", metadata: userMetadata)
        return SignInPage.consent(
            account: identity.displayName ?? user,
            handle: handle,
            state: signIn.clientState,
            redirectURI: grant.redirectURI
        )
    }

    // MARK: - POST /oauth/consent

    /// `POST /oauth/consent`: the user's answer on the consent page. The pending consent is taken (once) under a key
    /// bound to the handle, the browser's cookie and Google's `state`, so a form replayed, sent from another browser,
    /// or with another `state` finds nothing. Allow: the user is created when new (with `oauth.upstream.createUsers`),
    /// a code issued, and the browser sent to Google with it; deny: `access_denied`.
    public func consent(_ request: Request) -> Response {
        guard let upstream else {
            return SignInPage.error("Sign-in through an identity provider is not configured.", status: .notFound)
        }
        guard request.method == .post else {
            var response = SignInPage.error("Use POST.", status: .methodNotAllowed)
            response.headerFields[.allow] = "POST"
            return response
        }
        guard Self.isForm(request.headerFields.value(of: .contentType)),
            let fields = FormFields(String(decoding: request.body, as: UTF8.self))
        else {
            return SignInPage.error("The consent form was not sent as a form.")
        }
        let allow: Bool
        switch fields["decision"] {
        case "allow": allow = true
        case "deny": allow = false
        default: return SignInPage.error("Choose Agree and link, or Cancel.")
        }
        guard let handle = fields["handle"], handle.utf8.count <= Self.maximumCallbackValue,
            fields["state"].map({ $0.utf8.count <= Self.maximumCallbackValue }) ?? true,
            fields.duplicated.isEmpty, let cookie = SignInCookie.value(in: request)
        else {
            return expired(upstream, step: .consent, reason: "the form or the sign-in cookie is missing")
        }
        let state = fields["state"]
        let grant: AuthorizationGrant?
        do {
            grant = try store.takePendingConsent(
                handle: Self.consentKey(handle: handle, cookie: cookie, state: state),
                now: clock.unixTime
            )
        } catch {
            logger.error("Registry failed while reading a consent", metadata: ["error": "\(error)"])
            upstream.record(UpstreamSignInEvent(outcome: .failed, step: FlowStep.consent.rawValue))
            return unavailable()
        }
        guard let grant else {
            return expired(upstream, step: .consent, reason: "unknown, expired, used or another browser's consent")
        }
        let metadata: Logger.Metadata = [
            "oauth.client.id": "\(grant.clientId)", "agent_user.id": "\(grant.agentUserId)",
        ]
        guard allow else {
            logger.info("The user declined account linking", metadata: metadata)
            upstream.record(UpstreamSignInEvent(outcome: .denied, step: FlowStep.consent.rawValue))
            return finalRedirect(grant.redirectURI, [("error", "access_denied"), ("state", state)], upstream: upstream)
        }
        do {
            if upstream.createUsers {
                if try store.createUser(grant.agentUserId) {
                    logger.info("Created a user at its first sign-in", metadata: metadata)
                }
            } else if try store.devicesWithGeneration(forUser: grant.agentUserId) == nil {
                // Removed through `/v1` since the callback.
                return notSetUp(upstream, step: .consent, metadata: metadata)
            }
            let code = try store.issueAuthorizationCode(
                grant,
                now: clock.unixTime,
                ttl: settings.authorizationCodeTTLSeconds
            )
            logger.info("Issued an authorization code", metadata: metadata)
            upstream.record(UpstreamSignInEvent(outcome: .completed, step: FlowStep.consent.rawValue))
            return finalRedirect(grant.redirectURI, [("code", code), ("state", state)], upstream: upstream)
        } catch {
            logger.error("Registry failed while completing a sign-in", metadata: ["error": "\(error)"])
            upstream.record(UpstreamSignInEvent(outcome: .failed, step: FlowStep.consent.rawValue))
            return finalRedirect(
                grant.redirectURI,
                [("error", "temporarily_unavailable"), ("state", state)],
                upstream: upstream
            )
        }
    }

    // MARK: - Helpers

    /// The key a pending consent is stored under: SHA-256 of the handle, the cookie and Google's `state`, so the
    /// consent form works only from the browser that signed in and returns the `state` it was shown with.
    static func consentKey(handle: String, cookie: String, state: String?) -> String {
        let text = handle + "\n" + cookie + "\n" + (state.map { "s" + $0 } ?? "-")
        return Hex.encode(SHA256.hash(Array(text.utf8)))
    }

    /// Whether `user` exists; `nil` when the registry failed (logged).
    private func userExists(_ user: String) -> Bool? {
        do {
            return try store.devicesWithGeneration(forUser: user) != nil
        } catch {
            logger.error("Registry failed while looking up a user", metadata: ["error": "\(error)"])
            return nil
        }
    }

    /// The page of a sign-in that cannot go on: unknown, expired or used, or another browser's.
    private func expired(_ upstream: UpstreamSignInSettings, step: FlowStep, reason: String) -> Response {
        logger.info("Refused a sign-in step", metadata: ["upstream.step": "\(step.rawValue)", "reason": "\(reason)"])
        upstream.record(UpstreamSignInEvent(outcome: .refused, step: step.rawValue))
        return SignInPage.error(
            "This sign-in expired or was already used. Please start again from the Google Home app."
        )
    }

    /// The page of a user the backend has not created, when `oauth.upstream.createUsers` is off.
    private func notSetUp(_ upstream: UpstreamSignInSettings, step: FlowStep, metadata: Logger.Metadata) -> Response {
        logger.info("Refused a sign-in: the user does not exist and users are not created", metadata: metadata)
        upstream.record(UpstreamSignInEvent(outcome: .refused, step: step.rawValue))
        return SignInPage.error(
            "This account is not set up for Google yet. Please contact the device maker's support.",
            status: .forbidden
        )
    }

    /// The 302 to Google that ends a sign-in, removing the sign-in cookie.
    private func finalRedirect(
        _ redirectURI: String,
        _ parameters: [(String, String?)],
        upstream: UpstreamSignInSettings
    ) -> Response {
        var response = Self.redirect(AuthorizationRequest.redirect(redirectURI, parameters))
        response.headerFields[.setCookie] = SignInCookie.clearCookie(secure: upstream.cookieIsSecure)
        return response
    }

    /// An RFC 6749 §4.1.2.1 `error` value (`%x20-21 / %x23-5B / %x5D-7E`), at most 64 characters, safe to log.
    static func isErrorCode(_ value: String) -> Bool {
        value.utf8.count <= 64
            && value.utf8.allSatisfy { (0x20...0x7E).contains($0) && $0 != 0x22 && $0 != 0x5C }
    }
}
