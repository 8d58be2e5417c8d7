/// A configuration value as it was set, checked against its key's ``ConfigKind``; a ``ConfigKey`` reads it as its
/// own type.
public enum ConfigSetting: Sendable, Hashable {
    case string(String)
    case integer(Int)
    case boolean(Bool)
    case number(Double)
    case oauthClients([OAuthClientConfiguration])

    /// The string, for `.string`.
    public var stringValue: String? {
        if case .string(let value) = self { value } else { nil }
    }

    /// The integer, for `.integer`.
    public var integerValue: Int? {
        if case .integer(let value) = self { value } else { nil }
    }

    /// The boolean, for `.boolean`.
    public var booleanValue: Bool? {
        if case .boolean(let value) = self { value } else { nil }
    }

    /// The number, for `.number`.
    public var numberValue: Double? {
        if case .number(let value) = self { value } else { nil }
    }

    /// The clients, for `.oauthClients`.
    public var oauthClientsValue: [OAuthClientConfiguration]? {
        if case .oauthClients(let value) = self { value } else { nil }
    }
}
