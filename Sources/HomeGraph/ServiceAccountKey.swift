import Cryptography
import Foundation
import JSON

/// A Google Cloud service-account key, as the JSON key file the Cloud console downloads holds it.
///
/// Only what Hearth needs is read: `client_email` (the JWT's issuer), `private_key` (PKCS #8 PEM, RS256),
/// `private_key_id` (the JWT header's `kid`, optional) and `token_uri` (where access tokens come from; Google's is
/// `https://oauth2.googleapis.com/token`). `type`, when present, must be `service_account`.
public struct ServiceAccountKey: Sendable {
    /// The service account's e-mail address, the assertion's `iss`.
    public var clientEmail: String
    /// The key's id, the assertion header's `kid`; `nil` when the file has none.
    public var privateKeyID: String?
    /// The RSA private key that signs assertions.
    public var privateKey: RSAPrivateKey
    /// The OAuth 2.0 token endpoint, and the assertion's `aud`.
    public var tokenURI: URL
    /// The Google Cloud project, when the file names one.
    public var projectID: String?

    /// Creates a key from its parts (tests, and keys that do not come from a file).
    public init(
        clientEmail: String,
        privateKeyID: String?,
        privateKey: RSAPrivateKey,
        tokenURI: URL,
        projectID: String? = nil
    ) {
        self.clientEmail = clientEmail
        self.privateKeyID = privateKeyID
        self.privateKey = privateKey
        self.tokenURI = tokenURI
        self.projectID = projectID
    }

    /// Reads a key file's JSON.
    ///
    /// - Throws: ``HomeGraphError/Code/invalidServiceAccountKey`` naming the field that is missing or wrong.
    public init(json bytes: [UInt8]) throws(HomeGraphError) {
        func invalid(_ message: String) -> HomeGraphError {
            HomeGraphError(code: .invalidServiceAccountKey, message: "service-account key: \(message)")
        }
        let json: JSONValue
        do {
            json = try JSONParser.parse(bytes)
        } catch {
            throw invalid("not JSON (\(error))")
        }
        guard case .object(let object) = json else {
            throw invalid("not a JSON object")
        }
        func string(_ field: String, required: Bool) throws(HomeGraphError) -> String? {
            guard let value = object[field], value != .null else {
                if required { throw invalid("\"\(field)\" is missing") }
                return nil
            }
            guard let text = value.stringValue, !text.isEmpty else {
                throw invalid("\"\(field)\" must be a non-empty string")
            }
            return text
        }
        if let type = try string("type", required: false), type != "service_account" {
            throw invalid("\"type\" is \"\(type)\", not \"service_account\"")
        }
        let clientEmail = try string("client_email", required: true)!
        let pem = try string("private_key", required: true)!
        let tokenURIText = try string("token_uri", required: true)!
        guard let tokenURI = URL(string: tokenURIText), let scheme = tokenURI.scheme?.lowercased(),
            scheme == "https" || scheme == "http", tokenURI.host != nil
        else {
            throw invalid("\"token_uri\" is not an http(s) URL: \(tokenURIText)")
        }
        let privateKey: RSAPrivateKey
        do {
            privateKey = try RSAPrivateKey(pem: pem)
        } catch {
            throw invalid("\"private_key\" is not a usable RSA private key (\(error.message))")
        }
        self.init(
            clientEmail: clientEmail,
            privateKeyID: try string("private_key_id", required: false),
            privateKey: privateKey,
            tokenURI: tokenURI,
            projectID: try string("project_id", required: false)
        )
    }

    /// Reads a key file.
    ///
    /// - Throws: ``HomeGraphError/Code/invalidServiceAccountKey`` for a file that cannot be read or holds a bad key;
    ///   the message names the file.
    public init(contentsOfFile path: String) throws(HomeGraphError) {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw HomeGraphError(
                code: .invalidServiceAccountKey,
                message: "service-account key file \(path) cannot be read"
            )
        }
        do {
            try self.init(json: Array(data))
        } catch {
            throw HomeGraphError(code: error.code, message: "\(path): \(error.message)")
        }
    }
}
