import Cryptography
import HTTPMessages
import HTTPTypes

/// The client authentication of a token request (RFC 6749 §2.3.1): HTTP Basic or `client_id`/`client_secret` in
/// the body, never both.
struct ClientCredentials: Sendable {
    var id: String
    var secret: String
    /// Whether they came in an `Authorization: Basic` header.
    var viaBasic: Bool

    /// Why the credentials cannot even be read.
    enum Problem: Error {
        /// Both methods, or a body `client_id` that contradicts Basic: `invalid_request`.
        case conflicting(String)
        /// Missing or unreadable credentials: `invalid_client`.
        case missing(String)
    }

    static func read(_ request: Request, _ fields: FormFields) -> Result<Self, Problem> {
        if let header = request.headerFields.value(of: .authorization) {
            guard header.utf8.count > 6, header.prefix(6).lowercased() == "basic " else {
                return .failure(.missing("the Authorization header is not HTTP Basic"))
            }
            var encoded = header.dropFirst(6)
            while encoded.first == " " || encoded.first == "\t" { encoded = encoded.dropFirst() }
            while encoded.last == " " || encoded.last == "\t" { encoded = encoded.dropLast() }
            guard let decoded = Base64.decode(String(encoded)),
                let text = String(validating: decoded, as: UTF8.self),
                let colon = text.firstIndex(of: ":"),
                let id = FormEncoding.unescape(text[..<colon]),
                let secret = FormEncoding.unescape(text[text.index(after: colon)...]),
                !id.isEmpty
            else {
                return .failure(.missing("the Basic credentials are malformed"))
            }
            if fields.contains("client_secret") {
                return .failure(.conflicting("use HTTP Basic or client_secret in the body, not both"))
            }
            if fields.contains("client_id"), fields["client_id"] != id {
                return .failure(.conflicting("client_id in the body differs from the Basic credentials"))
            }
            return .success(ClientCredentials(id: id, secret: secret, viaBasic: true))
        }
        guard let id = fields["client_id"], let secret = fields["client_secret"],
            !fields.duplicated.contains("client_id"), !fields.duplicated.contains("client_secret")
        else {
            return .failure(.missing("client authentication is required (HTTP Basic or client_id and client_secret)"))
        }
        return .success(ClientCredentials(id: id, secret: secret, viaBasic: false))
    }
}

/// Standard base64 (with padding), as HTTP Basic uses it.
enum Base64 {
    static func decode(_ text: String) -> [UInt8]? {
        guard text.utf8.count % 4 == 0 else { return nil }
        var unpadded = Substring(text)
        while unpadded.hasSuffix("=") { unpadded = unpadded.dropLast() }
        guard text.utf8.count - unpadded.utf8.count <= 2 else { return nil }
        var translated = ""
        for character in unpadded {
            switch character {
            case "+": translated.append("-")
            case "/": translated.append("_")
            case "-", "_": return nil
            default: translated.append(character)
            }
        }
        return Base64URL.decode(translated)
    }
}
