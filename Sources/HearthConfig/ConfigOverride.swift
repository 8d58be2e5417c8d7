/// A value a command-line flag gives a key (`--port` for `http.port`), applied last and checked like every other.
public struct ConfigOverride: Sendable {
    /// The key's dotted path.
    public let path: String
    /// The value, as a setting of the key's kind.
    public let setting: ConfigSetting

    /// `key` set to `value`: `.set(\.http.port, 8081)`.
    public static func set<Value>(_ key: KeyPath<ConfigKeys, ConfigKey<Value>>, _ value: Value) -> ConfigOverride {
        let key = ConfigKeys.declared[keyPath: key]
        return ConfigOverride(path: key.path, setting: key.setting(of: value))
    }
}
