import Foundation
import JSON

/// Configuration values by dotted key, layered: defaults, then a JSON file, then the environment, then
/// explicit overrides (CLI flags). Every value is checked against its ``ConfigKey`` when it is set, so a
/// mistake is reported with where it came from.
public struct ConfigValues: Sendable {
    private var values: [String: JSONValue]
    private let keys: [String: ConfigKey]
    /// What was ignored on the way (unknown `HEARTH_` environment variables), in the order found.
    public private(set) var warnings: [ConfigurationWarning] = []

    /// The defaults.
    public init() {
        var values: [String: JSONValue] = [:]
        var keys: [String: ConfigKey] = [:]
        for key in ConfigKey.all {
            values[key.path] = key.defaultValue
            keys[key.path] = key
        }
        self.values = values
        self.keys = keys
    }

    /// Reads configuration in the usual order: defaults, the file (when given, or `Config/hearth.json` when it
    /// exists in the working directory), the environment, then `overrides`. An unknown key in the file is an error;
    /// an unknown `HEARTH_` environment variable is a warning in ``warnings``.
    public static func load(
        file: String?,
        environment: [String: String] = ProcessInfo.processInfo.environment,
        overrides: [String: JSONValue] = [:]
    ) throws(ConfigurationError) -> ConfigValues {
        var config = ConfigValues()
        if let file {
            try config.apply(file: file)
        } else if FileManager.default.fileExists(atPath: "Config/hearth.json") {
            try config.apply(file: "Config/hearth.json")
        }
        try config.apply(environment: environment)
        for (path, value) in overrides.sorted(by: { $0.key < $1.key }) {
            try config.set(path, value, source: "command line")
        }
        config.checkClientSecretVariables(environment)
        return config
    }

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
            if keys[path] == nil, case .object(let nested) = value {
                try apply(object: nested, prefix: path, source: source)
            } else {
                try set(path, value, source: source)
            }
        }
    }

    /// Applies every `HEARTH_…` variable that names a key. Other `HEARTH_` variables are ignored with a
    /// ``ConfigurationWarning`` (in ``warnings``): the environment is shared with the platform, unlike the file.
    public mutating func apply(environment: [String: String]) throws(ConfigurationError) {
        let byVariable = Dictionary(uniqueKeysWithValues: ConfigKey.all.map { ($0.environmentVariable, $0) })
        for (variable, text) in environment.sorted(by: { $0.key < $1.key }) where variable.hasPrefix("HEARTH_") {
            // Client secrets are not configuration keys; `checkClientSecretVariables` checks their names.
            if variable.hasPrefix(OAuthClientConfiguration.secretVariablePrefix) { continue }
            guard let key = byVariable[variable] else {
                warnings.append(Self.unknownVariableWarning(variable, value: text, known: byVariable.keys))
                continue
            }
            let value: JSONValue
            switch key.kind {
            case .string, .choice: value = .string(text)
            case .oauthClients:
                do {
                    value = try JSONParser.parse(Array(text.utf8))
                } catch {
                    throw ConfigurationError("\(variable): not JSON: \(error)")
                }
            case .integer:
                guard let number = Int(text.trimmingCharacters(in: .whitespaces)) else {
                    throw ConfigurationError("\(variable)=\(text): expected an integer")
                }
                value = .int(number)
            case .boolean:
                switch text.lowercased() {
                case "1", "true", "yes", "on": value = .bool(true)
                case "0", "false", "no", "off": value = .bool(false)
                default: throw ConfigurationError("\(variable)=\(text): expected true or false")
                }
            }
            try set(key.path, value, source: "environment variable \(variable)")
        }
    }

    /// Sets one key after checking the value's kind and range.
    public mutating func set(_ path: String, _ value: JSONValue, source: String) throws(ConfigurationError) {
        guard let key = keys[path] else {
            let hint = EnvironmentVariableNames.closest(to: path, among: keys.keys).map { "did you mean \($0)? " } ?? ""
            throw ConfigurationError(
                "\(source): unknown configuration key \(path); \(hint)"
                    + "every key is listed in the README's Configuration table and in Config/hearth.json"
            )
        }
        switch key.kind {
        case .string:
            guard let text = value.stringValue else { throw ConfigurationError("\(source): \(path) must be a string") }
            if text.isEmpty, !Self.mayBeEmpty.contains(path) {
                throw ConfigurationError("\(source): \(path) must not be empty")
            }
        case .integer(let range):
            guard let number = value.intValue else {
                throw ConfigurationError("\(source): \(path) must be an integer")
            }
            guard range.contains(number) else {
                throw ConfigurationError(
                    "\(source): \(path) = \(number) is outside \(range.lowerBound)…\(range.upperBound)"
                )
            }
        case .boolean:
            guard value.boolValue != nil else { throw ConfigurationError("\(source): \(path) must be true or false") }
        case .choice(let choices):
            guard let text = value.stringValue, choices.contains(text) else {
                throw ConfigurationError("\(source): \(path) must be one of \(choices.joined(separator: ", "))")
            }
        case .oauthClients:
            _ = try OAuthClientConfiguration.parse(value, source: source)
        }
        values[path] = value
    }

    /// Every `HEARTH_OAUTH_CLIENT_SECRET_…` variable should belong to a configured client that takes its secret from
    /// the environment; one that does not is ignored with a warning, like any other unknown `HEARTH_` variable. (A
    /// misspelt one leaves its client without a secret, which ``OAuthClientConfiguration/resolve(_:environment:logger:)``
    /// warns about too; its token requests get `invalid_client`.)
    mutating func checkClientSecretVariables(_ environment: [String: String]) {
        let prefix = OAuthClientConfiguration.secretVariablePrefix
        let clients = oauthClients()
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

    /// `oauth.clients`, parsed (it was checked when set).
    public func oauthClients() -> [OAuthClientConfiguration] {
        guard let value = values["oauth.clients"] else { return [] }
        return (try? OAuthClientConfiguration.parse(value, source: "oauth.clients")) ?? []
    }
    /// String keys for which the empty string means "none".
    private static let mayBeEmpty: Set<String> = [
        "devices.seedFile", "http.trustedProxies", "tls.certificate", "tls.key", "homegraph.serviceAccountKeyFile",
        "homegraph.tokenURI",
    ]

    /// A string value.
    public func string(_ path: String) -> String { values[path]?.stringValue ?? "" }

    /// An integer value.
    public func int(_ path: String) -> Int { values[path]?.intValue ?? 0 }

    /// A boolean value.
    public func bool(_ path: String) -> Bool { values[path]?.boolValue ?? false }
}
