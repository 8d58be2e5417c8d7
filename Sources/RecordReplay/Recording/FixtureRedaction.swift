import JSON

/// What a recording must not keep: the answers to two-factor challenges and anything named like a credential.
///
/// The Authorization header is never recorded at all (a fixture has no headers). In the bodies, every member whose
/// name is one of ``secretNames`` (any case) has its value replaced by ``marker``, wherever it sits: EXECUTE's
/// `execution[].challenge.pin` (Google's PIN answer), and a token, password or key a client put in `customData`.
/// `challenge.ack` is kept: it is a yes, not a secret, and replaying it gives the same answer.
public enum FixtureRedaction {
    /// The value a redacted secret is replaced with.
    public static let marker = "REDACTED"

    /// Member names whose values are secrets, lowercased.
    public static let secretNames: Set<String> = [
        "pin", "password", "passphrase", "secret", "client_secret", "clientsecret", "token", "access_token",
        "accesstoken", "refresh_token", "refreshtoken", "id_token", "idtoken", "authorization", "apikey", "api_key",
        "assertion", "camerastreamauthtoken",
    ]

    /// `value` with every secret member's value replaced by ``marker``.
    public static func redact(_ value: JSONValue) -> JSONValue {
        switch value {
        case .object(let object):
            var redacted = JSONObject()
            redacted.reserveCapacity(object.count)
            for (key, member) in object {
                redacted.append(key, secretNames.contains(key.lowercased()) ? .string(marker) : redact(member))
            }
            return .object(redacted)
        case .array(let elements):
            return .array(elements.map(redact))
        default:
            return value
        }
    }
}
