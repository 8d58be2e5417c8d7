/// One configuration key, typed: its dotted path in `hearth.json`, the kind of value it takes (and its range), its
/// default, and how its ``ConfigSetting`` reads as a `Value`. Every key is declared once, in ``ConfigKeys``; the
/// defaults, the environment variables, the checks, the reads (`values[\.http.port]`) and the Configuration article's table's test
/// all come from that declaration.
///
/// Precedence, lowest first: the default here, `hearth.json`, the `HEARTH_…` environment variable, a CLI flag.
public struct ConfigKey<Value: Sendable & Equatable>: AnyConfigKey {
    /// Dotted path in the JSON file (`http.port`).
    public let path: String
    public let kind: ConfigKind
    /// The value when neither the file, the environment nor a flag sets one.
    public let defaultValue: Value
    /// One line: what the key does.
    public let summary: String
    private let decode: @Sendable (ConfigSetting) -> Value?
    private let encode: @Sendable (Value) -> ConfigSetting

    private init(
        _ path: String,
        _ kind: ConfigKind,
        default defaultValue: Value,
        _ summary: String,
        decode: @escaping @Sendable (ConfigSetting) -> Value?,
        encode: @escaping @Sendable (Value) -> ConfigSetting
    ) {
        self.path = path
        self.kind = kind
        self.defaultValue = defaultValue
        self.summary = summary
        self.decode = decode
        self.encode = encode
    }

    public var defaultSetting: ConfigSetting { encode(defaultValue) }

    /// `setting` as this key's value; `nil` when it is of another kind (never for a setting this key checked).
    public func value(of setting: ConfigSetting) -> Value? { decode(setting) }

    /// `value` as a setting: how a typed override or `set` is checked and stored.
    public func setting(of value: Value) -> ConfigSetting { encode(value) }
}

extension ConfigKey where Value == Int {
    /// An integer in `range`.
    static func integer(_ path: String, _ range: ClosedRange<Int>, default value: Int, _ summary: String) -> Self {
        Self(path, .integer(range), default: value, summary, decode: \.integerValue, encode: ConfigSetting.integer)
    }
}

extension ConfigKey where Value == Double {
    /// A number from 0 to 1.
    static func fraction(_ path: String, default value: Double, _ summary: String) -> Self {
        Self(path, .fraction, default: value, summary, decode: \.numberValue, encode: ConfigSetting.number)
    }
}

extension ConfigKey where Value == Bool {
    /// `true` or `false` (in the environment also `1`/`0`, `yes`/`no`, `on`/`off`).
    static func boolean(_ path: String, default value: Bool, _ summary: String) -> Self {
        Self(path, .boolean, default: value, summary, decode: \.booleanValue, encode: ConfigSetting.boolean)
    }
}

extension ConfigKey where Value == String {
    /// A string; an empty one is refused.
    static func string(_ path: String, default value: String, _ summary: String) -> Self {
        Self(
            path,
            .string(mayBeEmpty: false),
            default: value,
            summary,
            decode: \.stringValue,
            encode: ConfigSetting.string
        )
    }

    /// A list written as one string (`http.trustedProxies`: comma-separated); empty means none.
    static func list(_ path: String, default value: String, _ summary: String) -> Self {
        Self(
            path,
            .string(mayBeEmpty: true),
            default: value,
            summary,
            decode: \.stringValue,
            encode: ConfigSetting.string
        )
    }
}

extension ConfigKey where Value == String? {
    /// A path or URL that may be absent: the empty string is `nil`.
    static func optionalString(_ path: String, default value: String?, _ summary: String) -> Self {
        Self(
            path,
            .string(mayBeEmpty: true),
            default: value,
            summary,
            decode: { setting in setting.stringValue.map { $0.isEmpty ? nil : $0 } },
            encode: { value in .string(value ?? "") }
        )
    }
}

extension ConfigKey where Value: RawRepresentable & CaseIterable, Value.RawValue == String {
    /// One of `Value`'s cases, by raw value.
    static func choice(_ path: String, default value: Value, _ summary: String) -> Self {
        Self(
            path,
            .choice(Value.allCases.map(\.rawValue)),
            default: value,
            summary,
            decode: { setting in setting.stringValue.flatMap(Value.init(rawValue:)) },
            encode: { value in .string(value.rawValue) }
        )
    }
}

extension ConfigKey where Value == [OAuthClientConfiguration] {
    /// `oauth.clients`: an array of `{"id", "redirectURIs", "secretFile"?}`.
    static func oauthClients(_ path: String, default value: Value, _ summary: String) -> Self {
        Self(
            path,
            .oauthClients,
            default: value,
            summary,
            decode: \.oauthClientsValue,
            encode: ConfigSetting.oauthClients
        )
    }
}
