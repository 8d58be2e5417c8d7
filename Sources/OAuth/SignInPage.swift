import HTTPMessages
import HTTPTypes

/// The server-rendered pages of the authorization endpoint: sign-in with consent, and the error page. No script,
/// no external assets; every value is HTML-escaped.
enum SignInPage {
    /// Headers of every page: nothing loads, nothing frames it, nothing caches it, no referrer leaks the query.
    ///
    /// `formActions` are the CSP `form-action` sources. Chromium also checks `form-action` against the redirects
    /// that follow the form's POST (seen here with chromium-headless-shell 156: "Sending form data to
    /// '…/oauth/authorize' violates the following Content Security Policy directive: "form-action 'self'""), so the
    /// sign-in form must also allow the origin of the redirect URI the 302 leads to, or the browser stops at Hearth
    /// while a code has already been issued. `BrowserSignInTests` keep this true in a real browser.
    static func headerFields(formActions: String) -> HTTPFields {
        [
            .contentType: "text/html; charset=utf-8",
            .contentSecurityPolicy:
                "default-src 'none'; style-src 'unsafe-inline'; form-action \(formActions); frame-ancestors 'none'; "
                + "base-uri 'none'",
            .xFrameOptions: "DENY",
            .xContentTypeOptions: "nosniff",
            .cacheControl: "no-store",
            .pragma: "no-cache",
            .referrerPolicy: "no-referrer",
        ]
    }

    /// The `form-action` sources of the sign-in form for `redirectURI`: `'self'` (the form posts to Hearth) and the
    /// redirect URI's origin (the 302 after the POST goes there). A URI whose origin cannot be written as a CSP
    /// source safely gets `'self'` alone.
    static func formActions(redirectURI: String) -> String {
        guard let origin = origin(of: redirectURI) else { return "'self'" }
        return "'self' " + origin
    }

    /// `scheme://host[:port]` of an absolute `http(s)` URI, or `nil` when it has none or holds a character that
    /// does not belong in a CSP host source (so nothing can end the directive or add another).
    static func origin(of uri: String) -> String? {
        let lowered = uri.lowercased()
        let scheme: String
        if lowered.hasPrefix("https://") {
            scheme = "https"
        } else if lowered.hasPrefix("http://") {
            scheme = "http"
        } else {
            return nil
        }
        let rest = uri.utf8.dropFirst(scheme.utf8.count + 3)
        let authority = rest.prefix { $0 != UInt8(ascii: "/") && $0 != UInt8(ascii: "?") && $0 != UInt8(ascii: "#") }
        let allowed = authority.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: ":"):
                true
            default: false
            }
        }
        guard !authority.isEmpty, allowed, authority.first != UInt8(ascii: ":") else { return nil }
        return scheme + "://" + String(decoding: authority, as: UTF8.self).lowercased()
    }

    /// The sign-in and consent form for `request`, with `message` (an earlier attempt's outcome) above it.
    static func signIn(
        _ request: AuthorizationRequest,
        csrf: String,
        message: String?,
        status: HTTPResponse.Status = .ok
    )
        -> Response
    {
        var hidden = ""
        let fields: [(String, String?)] = [
            ("response_type", "code"), ("client_id", request.clientId), ("redirect_uri", request.redirectURI),
            ("state", request.state), ("scope", request.scope), ("code_challenge", request.codeChallenge),
            ("code_challenge_method", request.codeChallenge == nil ? nil : "S256"), ("csrf_token", csrf),
        ]
        for case (let name, let value?) in fields {
            hidden += #"<input type="hidden" name="\#(name)" value="\#(escape(value))">"# + "\n"
        }
        let notice = message.map { #"<p class="error" role="alert">\#(escape($0))</p>"# } ?? ""
        let scope = request.scope.map { #"<p>Requested access: <code>\#(escape($0))</code></p>"# } ?? ""
        let body = """
            <h1>Link your devices</h1>
            <p><strong>\(escape(request.clientId))</strong> asks to see and control your devices.</p>
            \(scope)\(notice)
            <form method="post" action="/oauth/authorize">
            \(hidden)<label>Login <input name="login" autocomplete="username" required></label>
            <label>Password <input type="password" name="password" autocomplete="current-password" required></label>
            <button type="submit" name="decision" value="allow">Sign in and allow</button>
            <button type="submit" name="decision" value="deny" formnovalidate>Deny</button>
            </form>
            """
        return page(
            title: "Sign in to Hearth",
            body: body,
            status: status,
            formActions: formActions(redirectURI: request.redirectURI)
        )
    }

    /// An error page that sends the browser nowhere.
    static func error(_ message: String, status: HTTPResponse.Status = .badRequest) -> Response {
        page(
            title: "Cannot link",
            body: "<h1>Cannot link your account</h1>\n<p>\(escape(message))</p>",
            status: status,
            formActions: "'none'"
        )
    }

    static func page(title: String, body: String, status: HTTPResponse.Status, formActions: String) -> Response {
        let html = """
            <!doctype html>
            <html lang="en"><head><meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(escape(title))</title>
            <style>body{font-family:system-ui,sans-serif;max-width:26rem;margin:2rem auto;padding:0 1rem}
            label{display:block;margin:.8rem 0}input{display:block;width:100%;padding:.4rem;box-sizing:border-box}
            button{margin:.8rem .4rem 0 0;padding:.5rem 1rem}.error{color:#a00}</style>
            </head><body>
            \(body)
            </body></html>
            """
        return Response(status: status, headerFields: headerFields(formActions: formActions), body: Array(html.utf8))
    }

    /// Escapes `& < > " '` for text and attribute values.
    static func escape(_ text: String) -> String {
        var output = ""
        output.reserveCapacity(text.utf8.count)
        for character in text.unicodeScalars {
            switch character {
            case "&": output += "&amp;"
            case "<": output += "&lt;"
            case ">": output += "&gt;"
            case "\"": output += "&quot;"
            case "'": output += "&#39;"
            default: output.unicodeScalars.append(character)
            }
        }
        return output
    }
}
