import HTTPMessages
import HTTPTypes

// Hearth's consent page, after a sign-in through the manufacturer's identity provider.
extension SignInPage {
    /// The consent page: who signed in, Google's authorization statement, and "Agree and link" / "Cancel", posting
    /// to `/oauth/consent`.
    ///
    /// Google requires the statement and the wording. "Implement an OAuth 2.0 server" (Google Home developers,
    /// Design guidelines) asks the sign-in screen to say that the account is linked to Google and that Google will
    /// control the user's devices; its App Flip page spells the requirements out: "You must have a Google
    /// authorization statement such as "Once linked, Google will have permission to control your devices."", "You
    /// must communicate that the user's account is being linked to Google, not to a specific Google product, such as
    /// Google Home or Google Assistant", "use the wording "Agree and link" for linking action", and "Use the wording
    /// "Cancel" for the cancel action".
    ///
    /// - Parameters:
    ///   - account: what the provider says the user is (an e-mail, a name, or the user id).
    ///   - handle: the pending consent's handle (``UpstreamSignInStore/savePendingConsent(handle:grant:expires:)``).
    ///   - state: Google's `state`, returned with the answer.
    ///   - redirectURI: Google's redirect URI: the form's POST is answered with a 302 there, so its origin is a
    ///     `form-action` source too (``formActions(redirectURI:)``).
    static func consent(account: String, handle: String, state: String?, redirectURI: String) -> Response {
        var hidden = #"<input type="hidden" name="handle" value="\#(escape(handle))">"# + "\n"
        if let state {
            hidden += #"<input type="hidden" name="state" value="\#(escape(state))">"# + "\n"
        }
        let body = """
            <h1>Link your account to Google</h1>
            <p>You are signed in as <strong>\(escape(account))</strong>.</p>
            <p>By agreeing, you authorize Google to control your devices. \
            Once linked, Google will have permission to control your devices.</p>
            <form method="post" action="/oauth/consent">
            \(hidden)<button type="submit" name="decision" value="allow">Agree and link</button>
            <button type="submit" name="decision" value="deny">Cancel</button>
            </form>
            """
        return page(
            title: "Link your account to Google",
            body: body,
            status: .ok,
            formActions: formActions(redirectURI: redirectURI)
        )
    }
}
