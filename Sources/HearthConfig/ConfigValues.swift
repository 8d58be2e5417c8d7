import Foundation
import JSON

/// Configuration values, layered: defaults, then a JSON file, then the environment, then explicit overrides (CLI
/// flags). Every value is checked against its ``ConfigKey`` when it is set, so a mistake is reported with where it
/// came from; reads are typed: `values[\.http.port]` is an `Int`.
public struct ConfigValues: Sendable {
    /// What was set, by path; a key not here has its default.
    private var settings: [String: ConfigSetting] = [:]
    /// What was ignored on the way (unknown `HEARTH_` environment variables), in the order found.
    public private(set) var warnings: [ConfigurationWarning] = []

    private static let keys = Dictionary(uniqueKeysWithValues: ConfigKeys.all.map { ($0.path, $0) })
    private static let keysByVariable = Dictionary(
        uniqueKeysWithValues: ConfigKeys.all.map { ($0.environmentVariable, $0) }
    )

    /// The defaults.
    public init() {}

    /// The value of `key`: the last one set, else its default.
    public subscript<Value>(_ key: KeyPath<ConfigKeys, ConfigKey<Value>>) -> Value {
        let key = ConfigKeys.declared[keyPath: key]
        return settings[key.path].flatMap(key.value(of:)) ?? key.defaultValue
    }

    /// The setting of `key`: the last one set, else its default.
    public func setting(for key: any AnyConfigKey) -> ConfigSetting {
        settings[key.path] ?? key.defaultSetting
    }

    /// Reads configuration in the usual order: defaults, the file (when given, or `Config/hearth.json` when it
    /// exists in the working directory), the environment, then `overrides`. An unknown key in the file is an error;
    /// an unknown `HEARTH_` environment variable is a warning in ``warnings``.
    public static func load(
        file: String?,
        environment: [String: String] = ProcessInfo.processInfo.environment,
        overrides: [ConfigOverride] = []
    ) throws(ConfigurationError) -> ConfigValues {
        var config = ConfigValues()
        if let file {
            try config.apply(file: file)
        } else if FileManager.default.fileExists(atPath: "Config/hearth.json") {
            try config.apply(file: "Config/hearth.json")
        }
        try config.apply(environment: environment)
        for override in overrides {
            try config.store(override.path, override.setting, source: "command line")
        }
        config.checkClientSecretVariables(environment)
        return config
    }

    // MARK: - The file

    /// Applies a JSON file whose nested objects spell the dotted keys (`{"http": {"port": 8080}}`).
    public mutating func apply(file: String) throws(ConfigurationError) {
        guard let data = FileManager.default.contents(atPath: file) else {
            throw ConfigurationError("cannot read the configuration file \(file)")
        }
        let json: JSONValue
        do {
            json = try JSONParser.parse(Array(data))
        } catch {
            throw ConfigurationError("\(file): \(error)")
        }
        guard case .object(let root) = json else {
            throw ConfigurationError("\(file): the top level must be an object")
        }
        try apply(object: root, prefix: "", source: file)
    }

    private mutating func apply(object: JSONObject, prefix: String, source: String) throws(ConfigurationError) {
        for (name, value) in object {
            let path = prefix.isEmpty ? name : "\(prefix).\(name)"
            if Self.keys[path] == nil, case .object(let nested) = value {
                try apply(object: nested, prefix: path, source: source)
            } else {
                try set(path, value, source: source)
            }
        }
    }

    /// Sets one key from a JSON value (as the file spells it) after checking the value's kind and range.
    public mutating func set(_ path: String, _ value: JSONValue, source: String) throws(ConfigurationError) {
        let key = try Self.key(path, source: source)
        let setting: ConfigSetting
        switch key.kind {
        case .string, .choice:
            guard let text = value.stringValue else {
                if case .choice(let choices) = key.kind {
                    throw ConfigurationError("\(source): \(path) must be one of \(choices.joined(separator: ", "))")
                }
                throw ConfigurationError("\(source): \(path) must be a string")
            }
            setting = .string(text)
        case .integer:
            guard let number = value.intValue else {
                throw ConfigurationError("\(source): \(path) must be an integer")
            }
            setting = .integer(number)
        case .boolean:
            guard let flag = value.boolValue else {
                throw ConfigurationError("\(source): \(path) must be true or false")
            }
            setting = .boolean(flag)
        case .fraction:
            guard let number = value.doubleValue else {
                throw ConfigurationError("\(source): \(path) must be a number from 0 to 1")
            }
            setting = .number(number)
        case .oauthClients:
            setting = .oauthClients(try OAuthClientConfiguration.parse(value, source: source))
        }
        try store(path, setting, source: source)
    }

    // MARK: - The environment

    /// Applies every `HEARTH_…` variable that names a key. Other `HEARTH_` variables are ignored with a
    /// ``ConfigurationWarning`` (in ``warnings``): the environment is shared with the platform, unlike the file.
    public mutating func apply(environment: [String: String]) throws(ConfigurationError) {
        for (variable, text) in environment.sorted(by: { $0.key < $1.key }) where variable.hasPrefix("HEARTH_") {
            // Client secrets are not configuration keys; `checkClientSecretVariables` checks their names.
            if variable.hasPrefix(OAuthClientConfiguration.secretVariablePrefix) { continue }
            if variable == CommandsConfiguration.secretVariable { continue }
            if variable == DatabaseLocation.passwordVariable { continue }
            if variable == UpstreamSignInConfiguration.secretVariable { continue }
            if variable == ExternalTokensConfiguration.secretVariable { continue }
            guard let key = Self.keysByVariable[variable] else {
                warnings.append(Self.unknownVariableWarning(variable, value: text, known: Self.keysByVariable.keys))
                continue
            }
            let source = "environment variable \(variable)"
            switch key.kind {
            case .string, .choice:
                try store(key.path, .string(text), source: source)
            case .oauthClients:
                let json: JSONValue
                do {
                    json = try JSONParser.parse(Array(text.utf8))
                } catch {
                    throw ConfigurationError("\(variable): not JSON: \(error)")
                }
                try set(key.path, json, source: source)
            case .integer:
                guard let number = Int(text.trimmingCharacters(in: .whitespaces)) else {
                    throw ConfigurationError("\(variable)=\(text): expected an integer")
                }
                try store(key.path, .integer(number), source: source)
            case .fraction:
                guard let number = Double(text.trimmingCharacters(in: .whitespaces)) else {
                    throw ConfigurationError("\(variable)=\(text): expected a number from 0 to 1")
                }
                try store(key.path, .number(number), source: source)
            case .boolean:
                switch text.lowercased() {
                case "1", "true", "yes", "on": try store(key.path, .boolean(true), source: source)
                case "0", "false", "no", "off": try store(key.path, .boolean(false), source: source)
                default: throw ConfigurationError("\(variable)=\(text): expected true or false")
                }
            }
        }
    }

    /// Every `HEARTH_OAUTH_CLIENT_SECRET_…` variable should belong to a configured client that takes its secret from
    /// the environment; one that does not is ignored with a warning, like any other unknown `HEARTH_` variable. (A
    /// misspelt one leaves its client without a secret, which ``OAuthClientConfiguration/resolve(_:environment:logger:)``
    /// warns about too; its token requests get `invalid_client`.)
    mutating func checkClientSecretVariables(_ environment: [String: String]) {
        let prefix = OAuthClientConfiguration.secretVariablePrefix
        let clients = self[\.oauth.clients]
        let fromEnvironment = clients.filter { $0.secretFile == nil }.map(\.secretVariable)
        let fromFile = Set(clients.filter { $0.secretFile != nil }.map(\.secretVariable))
        for variable in environment.keys.sorted() where variable.hasPrefix(prefix) {
            if fromEnvironment.contains(variable) { continue }
            if fromFile.contains(variable) {
                warnings.append(ConfigurationWarning(.secretShadowedBySecretFile, variable: variable))
            } else {
                warnings.append(
                    ConfigurationWarning(
                        .secretForNoClient,
                        variable: variable,
                        didYouMean: EnvironmentVariableNames.closest(to: variable, among: fromEnvironment)
                    )
                )
            }
        }
    }

    private static func unknownVariableWarning(
        _ variable: String,
        value: String,
        known: some Collection<String>
    ) -> ConfigurationWarning {
        if EnvironmentVariableNames.isKubernetesServiceLink(variable, value: value) {
            return ConfigurationWarning(.kubernetesServiceLink, variable: variable)
        }
        return ConfigurationWarning(
            .unknownVariable,
            variable: variable,
            didYouMean: EnvironmentVariableNames.closest(to: variable, among: known)
        )
    }

    // MARK: - Setting, checked

    /// Sets `key` to `value` after checking its range (a flag's value, a test's).
    public mutating func set<Value>(
        _ key: KeyPath<ConfigKeys, ConfigKey<Value>>,
        _ value: Value,
        source: String
    ) throws(ConfigurationError) {
        let key = ConfigKeys.declared[keyPath: key]
        try store(key.path, key.setting(of: value), source: source)
    }

    /// Sets one key after checking that `setting` is of its kind, and within its range or choices.
    public mutating func set(_ path: String, setting: ConfigSetting, source: String) throws(ConfigurationError) {
        try store(path, setting, source: source)
    }

    private mutating func store(_ path: String, _ setting: ConfigSetting, source: String) throws(ConfigurationError) {
        let key = try Self.key(path, source: source)
        switch (key.kind, setting) {
        case (.string(let mayBeEmpty), .string(let text)):
            if text.isEmpty, !mayBeEmpty {
                throw ConfigurationError("\(source): \(path) must not be empty")
            }
        case (.integer(let range), .integer(let number)):
            guard range.contains(number) else {
                throw ConfigurationError(
                    "\(source): \(path) = \(number) is outside \(range.lowerBound)…\(range.upperBound)"
                )
            }
        case (.fraction, .number(let number)):
            guard (0...1).contains(number) else {
                throw ConfigurationError("\(source): \(path) = \(number) is outside 0…1")
            }
        case (.boolean, .boolean), (.oauthClients, .oauthClients):
            break
        case (.choice(let choices), .string(let text)):
            guard choices.contains(text) else {
                throw ConfigurationError("\(source): \(path) must be one of \(choices.joined(separator: ", "))")
            }
        default:
            throw ConfigurationError("\(source): \(path) cannot be set to \(setting)")
        }
        settings[path] = setting
    }

    /// The key at `path`; an unknown one is an error that names the closest key.
    private static func key(_ path: String, source: String) throws(ConfigurationError) -> any AnyConfigKey {
        guard let key = keys[path] else {
            let hint = EnvironmentVariableNames.closest(to: path, among: keys.keys).map { "did you mean \($0)? " } ?? ""
            throw ConfigurationError(
                "\(source): unknown configuration key \(path); \(hint)"
                    + "every key is listed in the Configuration reference (Sources/HearthApp/HearthApp.docc/Reference/Configuration.md) and in Config/hearth.json"
            )
        }
        return key
    }
}
