import Foundation
import JSON
import Logging
import OAuth

/// One entry of `oauth.clients`: `{"id": "google", "redirectURIs": ["https://…"], "secretFile": "/path"}`.
///
/// The secret never comes from the JSON: it is read from `secretFile` when given, else from the environment
/// variable ``secretVariable`` (`HEARTH_OAUTH_CLIENT_SECRET_<ID>`, the id upper-cased with `-` and `.` as `_`).
public struct OAuthClientConfiguration: Sendable, Hashable {
    public var id: String
    public var redirectURIs: [String]
    public var secretFile: String?

    public init(id: String, redirectURIs: [String], secretFile: String? = nil) {
        self.id = id
        self.redirectURIs = redirectURIs
        self.secretFile = secretFile
    }

    /// The prefix of every client-secret environment variable.
    public static let secretVariablePrefix = "HEARTH_OAUTH_CLIENT_SECRET_"

    /// `HEARTH_OAUTH_CLIENT_SECRET_GOOGLE` for `google`.
    public var secretVariable: String {
        Self.secretVariablePrefix
            + String(id.uppercased().map { $0 == "-" || $0 == "." ? "_" : $0 })
    }

    /// Parses and checks the `oauth.clients` value; `source` names where it came from in errors.
    public static func parse(_ value: JSONValue, source: String) throws(ConfigurationError) -> [Self] {
        let path = "oauth.clients"
        guard let entries = value.arrayValue else {
            throw ConfigurationError(
                "\(source): \(path) must be an array of {\"id\", \"redirectURIs\", \"secretFile\"?}"
            )
        }
        var clients: [Self] = []
        var variables: Set<String> = []
        for (index, entry) in entries.enumerated() {
            let at = "\(source): \(path)[\(index)]"
            guard let object = entry.objectValue else { throw ConfigurationError("\(at) must be an object") }
            for key in object.keys where !["id", "redirectURIs", "secretFile"].contains(key) {
                throw ConfigurationError(
                    "\(at): unknown member \(key) (a secret never goes in the configuration file: use secretFile)"
                )
            }
            guard let id = object["id"]?.stringValue, isValidId(id) else {
                throw ConfigurationError("\(at).id must be 1–64 characters of A–Z a–z 0–9 . _ -")
            }
            guard let uris = object["redirectURIs"]?.arrayValue, !uris.isEmpty else {
                throw ConfigurationError("\(at).redirectURIs must be a non-empty array of https URIs")
            }
            var redirectURIs: [String] = []
            for uri in uris {
                guard let text = uri.stringValue, isValidRedirectURI(text) else {
                    throw ConfigurationError(
                        "\(at).redirectURIs: \(uri) is not an absolute https URI without fragment or spaces"
                    )
                }
                redirectURIs.append(text)
            }
            var secretFile: String?
            if let file = object["secretFile"] {
                guard let text = file.stringValue, !text.isEmpty else {
                    throw ConfigurationError("\(at).secretFile must be a non-empty path")
                }
                secretFile = text
            }
            let client = Self(id: id, redirectURIs: redirectURIs, secretFile: secretFile)
            guard variables.insert(client.secretVariable).inserted else {
                throw ConfigurationError("\(at).id \(id) repeats another client's id (or its \(client.secretVariable))")
            }
            clients.append(client)
        }
        return clients
    }

    private static func isValidId(_ id: String) -> Bool {
        (1...64).contains(id.utf8.count)
            && id.utf8.allSatisfy { byte in
                switch byte {
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                    UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "-"):
                    true
                default: false
                }
            }
    }

    /// RFC 6749 §3.1.2: absolute, no fragment; Hearth also insists on https.
    private static func isValidRedirectURI(_ uri: String) -> Bool {
        uri.hasPrefix("https://") && uri.utf8.count > "https://".utf8.count && !uri.contains("#")
            && !uri.unicodeScalars.contains { $0.properties.isWhitespace || $0.value < 0x20 }
    }

    /// The clients with their secrets: from each `secretFile` (one trailing newline dropped), else from the
    /// environment. A client whose secret is missing or unreadable is kept without one (its token requests get
    /// `invalid_client`) and logged as a warning — never the secret itself.
    public static func resolve(
        _ clients: [Self],
        environment: [String: String],
        logger: Logger
    ) -> [OAuthClient] {
        clients.map { client in
            var secret: String?
            if let file = client.secretFile {
                if let data = FileManager.default.contents(atPath: file) {
                    var text = String(decoding: data, as: UTF8.self)
                    if text.hasSuffix("\n") { text.removeLast() }
                    if text.hasSuffix("\r") { text.removeLast() }
                    secret = text.isEmpty ? nil : text
                }
            } else if let value = environment[client.secretVariable], !value.isEmpty {
                secret = value
            }
            if secret == nil {
                logger.warning(
                    "An OAuth client has no secret; its token requests will get invalid_client",
                    metadata: [
                        "oauth.client.id": "\(client.id)",
                        "oauth.client.secret_source": "\(client.secretFile ?? client.secretVariable)",
                    ]
                )
            }
            return OAuthClient(id: client.id, redirectURIs: client.redirectURIs, secret: secret)
        }
    }
}
