import MicroHTTPD

/// The server-rendered pages of the authorization endpoint: sign-in with consent, and the error page. No script,
/// no external assets; every value is HTML-escaped.
enum SignInPage {
    /// Headers of every page: nothing loads, nothing frames it, nothing caches it, no referrer leaks the query.
    static let headers: [(String, String)] = [
        ("Content-Type", "text/html; charset=utf-8"),
        (
            "Content-Security-Policy",
            "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; "
                + "base-uri 'none'"
        ),
        ("X-Frame-Options", "DENY"),
        ("X-Content-Type-Options", "nosniff"),
        ("Cache-Control", "no-store"),
        ("Pragma", "no-cache"),
        ("Referrer-Policy", "no-referrer"),
    ]

    /// The sign-in and consent form for `request`, with `message` (an earlier attempt's outcome) above it.
    static func signIn(
        _ request: AuthorizationRequest,
        csrf: String,
        message: String?,
        status: Int = 200
    )
        -> HTTPResponse
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
        return page(title: "Sign in to Hearth", body: body, status: status)
    }

    /// An error page that sends the browser nowhere.
    static func error(_ message: String, status: Int = 400) -> HTTPResponse {
        page(
            title: "Cannot link",
            body: "<h1>Cannot link your account</h1>\n<p>\(escape(message))</p>",
            status: status
        )
    }

    private static func page(title: String, body: String, status: Int) -> HTTPResponse {
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
        return HTTPResponse(status: status, headers: HTTPHeaders(headers), body: Array(html.utf8))
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
