import Foundation
import HTTPMessages
import HTTPTypes

/// A client id and secret as an HTTP Basic `Authorization` value.
enum ClientCredentials {
    /// `Basic base64(id:secret)`, each form-urlencoded first.
    ///
    /// RFC 6749 §2.3.1: "The client identifier is encoded using the "application/x-www-form-urlencoded" encoding
    /// algorithm per Appendix B, and the encoded value is used as the username; the client password is encoded using
    /// the same algorithm and used as the password."
    static func basic(clientID: String, clientSecret: String) -> String {
        let pair = FormEncoding.escape(clientID) + ":" + FormEncoding.escape(clientSecret)
        return "Basic " + Data(pair.utf8).base64EncodedString()
    }

    /// `name=value&…`, each name and value form-urlencoded.
    static func form(_ fields: [(String, String)]) -> [UInt8] {
        Array(fields.map { FormEncoding.escape($0.0) + "=" + FormEncoding.escape($0.1) }.joined(separator: "&").utf8)
    }
}
