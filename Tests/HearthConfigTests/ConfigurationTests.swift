import Foundation
import Fulfillment
import HearthConfig
import HearthTestSupport
import JSON
import Logging
import MicroHTTPD
import Registry
import RegistrySQLite
import SmartHomeProtocol
import Testing

/// `ConfigKeys`, `ConfigValues` and `HearthConfiguration`, in process. Every load names its file explicitly and
/// passes its own environment, so neither the working directory nor the test runner's variables leak in.
struct ConfigurationTests {
    /// `{"http": {"port": 1}}` → `["http.port": 1]`.
    static func flatten(_ json: JSONValue, prefix: String = "") -> [String: JSONValue] {
        guard case .object(let object) = json else { return [prefix: json] }
        var flat: [String: JSONValue] = [:]
        for (key, value) in object.members {
            flat.merge(flatten(value, prefix: prefix.isEmpty ? key : "\(prefix).\(key)")) { first, _ in first }
        }
        return flat
    }

    /// Loads with `fileText` as the configuration file; the error, or `nil` when it loaded.
    static func loadError(
        file fileText: String = "{}",
        environment: [String: String] = [:],
        overrides: [ConfigOverride] = []
    ) throws -> ConfigurationError? {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = try directory.write("hearth.json", fileText)
        do {
            _ = try ConfigValues.load(file: file, environment: environment, overrides: overrides)
            return nil
        } catch {
            #expect(error.message.contains(file) || !environment.isEmpty || !overrides.isEmpty, "names its source")
            return error
        }
    }

    /// Loads with `fileText` as the configuration file; must succeed.
    static func load(
        file fileText: String = "{}",
        environment: [String: String] = [:],
        overrides: [ConfigOverride] = []
    ) throws -> ConfigValues {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = try directory.write("hearth.json", fileText)
        return try ConfigValues.load(file: file, environment: environment, overrides: overrides)
    }

    // MARK: - The declarations, Config/hearth.json, Deploy/hearth.json and the Configuration reference

    @Test func eachKeyIsDeclaredOnceUnderTheScopeAndNameItsPathSpells() {
        let paths = ConfigKeys.all.map(\.path)
        #expect(paths.count > 40, "every scope's keys are listed: \(paths.count)")
        #expect(Set(paths).count == paths.count, "each key once")
        for (label, key) in ConfigKeys.labelled {
            #expect(label == key.path, "ConfigKeys.\(label) declares \(key.path)")
        }
    }

    @Test func hearthJSONListsEveryKeyWithItsDefault() throws {
        let path = RepositoryRoot.config("hearth.json").path
        let data = try #require(FileManager.default.contents(atPath: path))
        let file = Self.flatten(try JSONParser.parse(Array(data)))
        #expect(
            Set(file.keys) == Set(ConfigKeys.all.map(\.path)),
            "Config/hearth.json and ConfigKeys list the same keys"
        )
        let loaded = try ConfigValues.load(file: path, environment: [:])
        for key in ConfigKeys.all {
            #expect(loaded.setting(for: key) == key.defaultSetting, "\(key.path)")
        }
        #expect(loaded[\.oauth.clients].map(\.id) == ["google"])
    }

    /// `Deploy/hearth.json` is what the systemd unit and the Docker image serve with: the defaults, except that it
    /// never seeds the example home (a front-door PIN of 1234) into a production registry, keeps the database in
    /// the state directory, and leaves the OAuth redirect URIs for the operator's own project id.
    @Test func productionConfigIsTheDefaultsWithoutTheExampleHome() throws {
        let path = RepositoryRoot.url.appendingPathComponent("Deploy/hearth.json").path
        let data = try #require(FileManager.default.contents(atPath: path))
        let file = Self.flatten(try JSONParser.parse(Array(data)))
        #expect(Set(file.keys) == Set(ConfigKeys.all.map(\.path)), "Deploy/hearth.json lists every key")

        let loaded = try ConfigValues.load(file: path, environment: [:])
        let differing = Set(ConfigKeys.all.filter { loaded.setting(for: $0) != $0.defaultSetting }.map(\.path))
        #expect(differing == ["devices.seedFile", "database.path", "oauth.clients"], "\(differing)")
        #expect(loaded.warnings.isEmpty)
        let configuration = HearthConfiguration(loaded)
        #expect(configuration.seedFile == nil, "production never imports the example home")
        #expect(configuration.databasePath == "/var/lib/hearth/hearth.sqlite")
        #expect(configuration.oauthClients.map(\.id) == ["google"])
        for uri in configuration.oauthClients.flatMap(\.redirectURIs) {
            #expect(uri.hasSuffix("/r/YOUR-PROJECT-ID"), "a placeholder the operator must replace: \(uri)")
        }
    }

    @Test func everyDefaultIsValidForItsKey() throws {
        var values = ConfigValues()
        for key in ConfigKeys.all {
            #expect(throws: Never.self, "\(key.path)") {
                try values.set(key.path, setting: key.defaultSetting, source: "test")
            }
        }
    }

    /// The document holding the table of configuration keys, from the repository's root, and the heading of its
    /// section: the one place to change when the table moves (to a DocC article, say).
    static let keyTable = (
        document: "Sources/HearthApp/HearthApp.docc/Reference/Configuration.md", heading: "# Configuration"
    )

    /// The Configuration reference's key table: one row per key, with its environment variable, and its type, range and
    /// default as declared (`int 0–65535, `8080``).
    @Test func theReferenceTableIsTheDeclarations() throws {
        let data = try #require(
            FileManager.default.contents(atPath: RepositoryRoot.url.appendingPathComponent(Self.keyTable.document).path)
        )
        let document = "\n" + String(decoding: data, as: UTF8.self)
        let parts = document.components(separatedBy: "\n\(Self.keyTable.heading)\n")
        #expect(parts.count == 2, "\(Self.keyTable.document) has one \"\(Self.keyTable.heading)\" heading")
        let section = try #require(parts.last?.components(separatedBy: "\n## ").first)
        var rows: [String: [String]] = [:]
        for line in section.split(separator: "\n") where line.hasPrefix("| `") {
            let cells = line.dropFirst(2).split(separator: " | ", omittingEmptySubsequences: false).map(String.init)
            let path = cells[0].trimmingCharacters(in: CharacterSet(charactersIn: "`"))
            #expect(rows.updateValue(cells, forKey: path) == nil, "\(path) has one row")
        }
        #expect(
            Set(rows.keys) == Set(ConfigKeys.all.map(\.path)),
            "the reference's table lists every key, and only those"
        )
        for key in ConfigKeys.all {
            guard let cells = rows[key.path], cells.count >= 3 else { continue }
            #expect(cells[1].hasPrefix("`\(key.environmentVariable)`"), "\(key.path): \(cells[1])")
            if let documented = Self.documentedType(key) {
                #expect(cells[2] == documented, "\(key.path)")
            }
        }
    }

    /// How the reference table writes a key's type, range and default; `nil` for `oauth.clients` (in words).
    static func documentedType(_ key: any AnyConfigKey) -> String? {
        switch (key.kind, key.defaultSetting) {
        case (.integer(let range), .integer(let value)):
            "int \(range.lowerBound)–\(range.upperBound), `\(value)`"
        case (.boolean, .boolean(let value)):
            "bool, `\(value)`"
        case (.string, .string(let value)):
            value.isEmpty ? "string, empty" : "string, `\(value)`"
        case (.choice(let choices), .string(let value)):
            choices.map { "`\($0)`" }.joined(separator: "/") + ", `\(value)`"
        default:
            nil
        }
    }

    // MARK: - Environment variable names

    @Test(arguments: [
        ("http.port", "HEARTH_HTTP_PORT"),
        ("http.maxBodyBytes", "HEARTH_HTTP_MAX_BODY_BYTES"),
        ("fulfillment.strictOperationValidation", "HEARTH_FULFILLMENT_STRICT_OPERATION_VALIDATION"),
        ("http.shutdownGracePeriodSeconds", "HEARTH_HTTP_SHUTDOWN_GRACE_PERIOD_SECONDS"),
        ("database.path", "HEARTH_DATABASE_PATH"),
        ("log.level", "HEARTH_LOG_LEVEL"),
        ("oauth.accessTokenTTLSeconds", "HEARTH_OAUTH_ACCESS_TOKEN_TTL_SECONDS"),
        ("oauth.rotateRefreshTokens", "HEARTH_OAUTH_ROTATE_REFRESH_TOKENS"),
    ])
    func environmentVariableName(_ path: String, _ variable: String) throws {
        let key = try #require(ConfigKeys.all.first { $0.path == path })
        #expect(key.environmentVariable == variable)
    }

    @Test func environmentVariableNamesAreDistinctAndShellSafe() {
        let names = ConfigKeys.all.map(\.environmentVariable)
        #expect(Set(names).count == names.count)
        for name in names {
            #expect(name.hasPrefix("HEARTH_") && !name.hasSuffix("_") && !name.contains("__"), "\(name)")
            #expect(name.allSatisfy { ($0.isASCII && $0.isUppercase) || $0 == "_" }, "\(name)")
        }
    }

    // MARK: - Precedence

    @Test func precedenceIsDefaultThenFileThenEnvironmentThenOverrides() throws {
        let file = #"{"http": {"port": 1111, "threads": 3}, "database": {"path": "file.sqlite"}}"#
        let fromFile = try Self.load(file: file)
        #expect(fromFile[\.http.port] == 1111)
        #expect(fromFile[\.http.threads] == 3)
        #expect(fromFile[\.http.maxBodyBytes] == 1_048_576, "keys the file leaves out keep their default")

        let environment = ["HEARTH_HTTP_PORT": "2222", "HEARTH_LOG_LEVEL": "debug"]
        let fromEnvironment = try Self.load(file: file, environment: environment)
        #expect(fromEnvironment[\.http.port] == 2222)
        #expect(fromEnvironment[\.http.threads] == 3, "the file's other keys stay")
        #expect(fromEnvironment[\.log.level] == .debug)

        let overridden = try Self.load(
            file: file,
            environment: environment,
            overrides: [.set(\.http.port, 3333), .set(\.database.path, "flag.sqlite")]
        )
        #expect(overridden[\.http.port] == 3333)
        #expect(overridden[\.database.path] == "flag.sqlite")
        #expect(overridden[\.http.threads] == 3)
        #expect(overridden[\.log.level] == .debug)

        let environmentOnly = try Self.load(environment: ["HEARTH_HTTP_CONNECTION_LIMIT": "7"])
        #expect(environmentOnly[\.http.connectionLimit] == 7)
        #expect(environmentOnly[\.http.port] == 8080)
    }

    @Test func hearthConfigurationTypesTheValues() throws {
        let values = try Self.load(
            file: #"{"http": {"threads": 3, "shutdownGracePeriodSeconds": 4}, "devices": {"seedFile": ""}}"#,
            environment: [
                "HEARTH_FULFILLMENT_STRICT_OPERATION_VALIDATION": "false",
                "HEARTH_DATABASE_SYNCHRONOUS": "full",
            ],
            overrides: [.set(\.http.port, 0), .set(\.database.path, "/tmp/x.sqlite")]
        )
        let configuration = HearthConfiguration(values)
        #expect(configuration.http.port == 0)
        #expect(configuration.http.threadPoolSize == 3)
        #expect(configuration.http.shutdownGracePeriodSeconds == 4)
        #expect(configuration.databasePath == "/tmp/x.sqlite")
        #expect(configuration.synchronous == .full)
        #expect(configuration.seedFile == nil, "an empty seedFile means none")
        #expect(configuration.fulfillment.validationMode == .lenient)
        #expect(configuration.logLevel == .info)

        let defaults = HearthConfiguration(ConfigValues())
        #expect(defaults.seedFile == "Config/devices.json")
        #expect(defaults.fulfillment.validationMode == .strict)
        #expect(defaults.http.port == 8080)
    }

    @Test(arguments: [("1", true), ("true", true), ("YES", true), ("on", true), ("0", false), ("False", false)])
    func environmentBooleans(_ text: String, _ expected: Bool) throws {
        let values = try Self.load(environment: ["HEARTH_FULFILLMENT_WILL_REPORT_STATE": text])
        #expect(values[\.fulfillment.willReportState] == expected)
    }

    // MARK: - Refusals

    @Test(arguments: [
        (#"{"http": {"prot": 8080}}"#, "http.prot", "http.port"),
        (#"{"htp": {"port": 8080}}"#, "htp.port", "http.port"),
        (#"{"verbose": true}"#, "verbose", nil),
        (#"{"http": {"port": 8080, "tls": {"cert": "x"}}}"#, "http.tls.cert", nil),
        (#"{"database": {"pth": "x.sqlite"}}"#, "database.pth", "database.path"),
    ])
    func unknownFileKeyIsAnError(_ file: String, _ path: String, _ suggestion: String?) throws {
        let error = try #require(try Self.loadError(file: file))
        #expect(error.message.contains(path), "\(error)")
        #expect(error.message.contains("unknown"), "\(error)")
        // Says what to do: the closest key when there is one, and where every key is listed.
        #expect(error.message.contains("did you mean") == (suggestion != nil), "\(error)")
        if let suggestion { #expect(error.message.contains("did you mean \(suggestion)?"), "\(error)") }
        #expect(error.message.contains("Config/hearth.json"), "\(error)")
    }

    /// What Kubernetes injects into every pod of a namespace with a Service named `hearth` (port 8080, and a
    /// named port `http`), the nginx e2e script's own overrides, and two typos.
    static let foreignEnvironment = [
        "HEARTH_SERVICE_HOST": "10.0.0.1",
        "HEARTH_SERVICE_PORT": "8080",
        "HEARTH_SERVICE_PORT_HTTP": "8080",
        "HEARTH_PORT": "tcp://10.0.0.1:8080",
        "HEARTH_PORT_8080_TCP": "tcp://10.0.0.1:8080",
        "HEARTH_PORT_8080_TCP_PROTO": "tcp",
        "HEARTH_PORT_8080_TCP_PORT": "8080",
        "HEARTH_PORT_8080_TCP_ADDR": "10.0.0.1",
        "HEARTH_E2E_PORT": "18080",
        "HEARTH_DATABSE_PATH": "typo.sqlite",
        "HEARTH_LOG_LEVL": "debug",
    ]

    @Test func unknownHearthEnvironmentVariablesAreWarnedAboutAndIgnored() throws {
        let values = try Self.load(
            environment: Self.foreignEnvironment.merging(["HEARTH_HTTP_PORT": "9999"]) { a, _ in a }
        )
        #expect(values[\.http.port] == 9999, "the known variable still applies")
        #expect(values[\.database.path] == "hearth.sqlite", "a typo sets nothing")
        #expect(values[\.log.level] == .info)
        let byVariable = Dictionary(uniqueKeysWithValues: values.warnings.map { ($0.variable, $0) })
        #expect(Set(byVariable.keys) == Set(Self.foreignEnvironment.keys), "one warning per ignored variable")
        #expect(values.warnings.map(\.variable) == values.warnings.map(\.variable).sorted(), "in a stable order")
        for variable in Self.foreignEnvironment.keys where variable.hasPrefix("HEARTH_SERVICE_") {
            #expect(byVariable[variable]?.code == .kubernetesServiceLink, "\(variable)")
        }
        for variable in Self.foreignEnvironment.keys where variable.hasPrefix("HEARTH_PORT") {
            #expect(byVariable[variable]?.code == .kubernetesServiceLink, "\(variable)")
        }
        #expect(byVariable["HEARTH_E2E_PORT"] == ConfigurationWarning(.unknownVariable, variable: "HEARTH_E2E_PORT"))
        #expect(byVariable["HEARTH_DATABSE_PATH"]?.didYouMean == "HEARTH_DATABASE_PATH")
        #expect(byVariable["HEARTH_LOG_LEVL"]?.didYouMean == "HEARTH_LOG_LEVEL")
        let typo = try #require(byVariable["HEARTH_DATABSE_PATH"]).description
        #expect(typo.contains("HEARTH_DATABSE_PATH") && typo.contains("Did you mean HEARTH_DATABASE_PATH?"), "\(typo)")
        #expect(!typo.contains("typo.sqlite"), "the value is not echoed (it may be a secret)")
        let link = try #require(byVariable["HEARTH_PORT"]).description
        #expect(link.contains("Kubernetes") && link.contains("enableServiceLinks: false"), "\(link)")
        #expect(try Self.load(environment: ["PATH": "/bin", "HEARTHSTONE": "x", "hearth_foo": "y"]).warnings.isEmpty)
    }

    @Test(
        arguments: [
            ("HEARTH_PORT", "8080", ConfigurationWarning.Code.unknownVariable, "HEARTH_HTTP_PORT"),
            ("HEARTH_PORT", "tcp://10.0.0.1:8080", .kubernetesServiceLink, nil),
            ("HEARTH_ADMIN_SERVICE_HOST", "10.0.0.2", .kubernetesServiceLink, nil),
            ("HEARTH_ADMIN_PORT_9090_UDP_ADDR", "10.0.0.2", .kubernetesServiceLink, nil),
            ("HEARTH_PORT_X_TCP", "tcp://10.0.0.1:8080", .unknownVariable, nil),
            ("HEARTH_HTTP_PROT", "1", .unknownVariable, "HEARTH_HTTP_PORT"),
            ("HEARTH_HTPP_MAX_BODY_BYTES", "1", .unknownVariable, "HEARTH_HTTP_MAX_BODY_BYTES"),
            ("HEARTH_SEED_FILE", "x.json", .unknownVariable, "HEARTH_DEVICES_SEED_FILE"),
            ("HEARTH_FOO", "1", .unknownVariable, nil),
        ] as [(String, String, ConfigurationWarning.Code, String?)]
    )
    func unknownVariableIsClassified(
        _ variable: String,
        _ value: String,
        _ code: ConfigurationWarning.Code,
        _ suggestion: String?
    ) throws {
        let values = try Self.load(environment: [variable: value])
        #expect(values.warnings == [ConfigurationWarning(code, variable: variable, didYouMean: suggestion)])
    }

    @Test func aKnownVariableWithABadValueIsStillAnError() throws {
        let error = try #require(try Self.loadError(environment: ["HEARTH_HTTP_PORT": "tcp://10.0.0.1:8080"]))
        #expect(error.message.contains("HEARTH_HTTP_PORT"), "\(error)")
    }

    @Test(arguments: [
        (#"{"http": {"port": 70000}}"#, [String: String](), [ConfigOverride]()),
        (#"{"http": {"port": -1}}"#, [:], []),
        ("{}", ["HEARTH_HTTP_PORT": "65536"], []),
        ("{}", [:], [.set(\.http.port, 70000)]),
        (#"{"http": {"maxBodyBytes": 100}}"#, [:], []),
        (#"{"http": {"threads": 257}}"#, [:], []),
    ])
    func outOfRangeIsAnError(_ file: String, _ environment: [String: String], _ overrides: [ConfigOverride]) throws {
        let error = try #require(try Self.loadError(file: file, environment: environment, overrides: overrides))
        #expect(error.message.contains("outside"), "\(error)")
    }

    @Test func portRangeBoundsAreAccepted() throws {
        #expect(try Self.load(file: #"{"http": {"port": 0}}"#)[\.http.port] == 0)
        #expect(try Self.load(environment: ["HEARTH_HTTP_PORT": "65535"])[\.http.port] == 65535)
    }

    @Test(arguments: [
        (#"{"http": {"port": "8080"}}"#, [String: String](), "http.port"),
        (#"{"http": {"port": 80.5}}"#, [:], "http.port"),
        (#"{"http": {"host": 127}}"#, [:], "http.host"),
        (#"{"fulfillment": {"strictOperationValidation": "yes"}}"#, [:], "fulfillment.strictOperationValidation"),
        (#"{"database": {"synchronous": "sometimes"}}"#, [:], "database.synchronous"),
        (#"{"log": {"level": "loud"}}"#, [:], "log.level"),
        (#"{"http": {"port": null}}"#, [:], "http.port"),
        (#"{"http": 8080}"#, [:], "http"),
        ("{}", ["HEARTH_HTTP_PORT": "eighty"], "HEARTH_HTTP_PORT"),
        ("{}", ["HEARTH_FULFILLMENT_STRICT_OPERATION_VALIDATION": "maybe"], "HEARTH_FULFILLMENT_STRICT"),
    ])
    func wrongTypeIsAnError(_ file: String, _ environment: [String: String], _ named: String) throws {
        let error = try #require(try Self.loadError(file: file, environment: environment))
        #expect(error.message.contains(named), "\(error)")
    }

    @Test(arguments: ["not json", "[1, 2]", #"{"http": {"port": 8080}"#])
    func unusableFileIsAnError(_ text: String) throws {
        #expect(try Self.loadError(file: text) != nil)
    }

    @Test func missingFileIsAnError() {
        let path = "/nonexistent/hearth-\(UUID().uuidString).json"
        #expect(throws: ConfigurationError.self) { try ConfigValues.load(file: path, environment: [:]) }
        do {
            _ = try ConfigValues.load(file: path, environment: [:])
        } catch {
            #expect(error.message.contains(path))
        }
    }
}
