import Foundation
import Fulfillment
import HearthApp
import SmartHomeProtocol
import Testing

/// `ConfigKey`, `ConfigValues` and `HearthConfiguration`, in process. Every load names its file explicitly and
/// passes its own environment, so neither the working directory nor the test runner's variables leak in.
struct ConfigurationTests {
    /// `{"http": {"port": 1}}` → `["http.port": 1]`.
    static func flatten(_ json: JSON, prefix: String = "") -> [String: JSON] {
        guard case .object(let object) = json else { return [prefix: json] }
        var flat: [String: JSON] = [:]
        for (key, value) in object.members {
            flat.merge(flatten(value, prefix: prefix.isEmpty ? key : "\(prefix).\(key)")) { first, _ in first }
        }
        return flat
    }

    /// Loads with `fileText` as the configuration file; the error, or `nil` when it loaded.
    static func loadError(
        file fileText: String = "{}",
        environment: [String: String] = [:],
        overrides: [String: JSON] = [:]
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
        overrides: [String: JSON] = [:]
    ) throws -> ConfigValues {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = try directory.write("hearth.json", fileText)
        return try ConfigValues.load(file: file, environment: environment, overrides: overrides)
    }

    // MARK: - Config/hearth.json and ConfigKey.all

    @Test func hearthJSONListsEveryKeyWithItsDefault() throws {
        let data = try #require(FileManager.default.contents(atPath: RepositoryRoot.config("hearth.json").path))
        let file = Self.flatten(try JSONParser.parse(Array(data)))
        let paths = ConfigKey.all.map(\.path)
        #expect(Set(paths).count == paths.count, "each key once")
        #expect(Set(file.keys) == Set(paths), "Config/hearth.json and ConfigKey.all list the same keys")
        for key in ConfigKey.all {
            #expect(file[key.path] == key.defaultValue, "\(key.path): file \(String(describing: file[key.path]))")
        }
    }

    @Test func loadingHearthJSONGivesTheDefaults() throws {
        let loaded = try ConfigValues.load(file: RepositoryRoot.config("hearth.json").path, environment: [:])
        let defaults = ConfigValues()
        for key in ConfigKey.all {
            switch key.kind {
            case .string, .choice:
                #expect(loaded.string(key.path) == defaults.string(key.path), "\(key.path)")
                #expect(.string(defaults.string(key.path)) == key.defaultValue, "\(key.path)")
            case .integer:
                #expect(loaded.int(key.path) == defaults.int(key.path), "\(key.path)")
                #expect(.int(defaults.int(key.path)) == key.defaultValue, "\(key.path)")
            case .boolean:
                #expect(loaded.bool(key.path) == defaults.bool(key.path), "\(key.path)")
                #expect(.bool(defaults.bool(key.path)) == key.defaultValue, "\(key.path)")
            case .oauthClients:
                #expect(loaded.oauthClients() == defaults.oauthClients(), "\(key.path)")
                #expect(defaults.oauthClients().map(\.id) == ["google"], "\(key.path)")
            }
        }
    }

    @Test func everyDefaultIsValidForItsKey() throws {
        var values = ConfigValues()
        for key in ConfigKey.all {
            #expect(throws: Never.self, "\(key.path)") { try values.set(key.path, key.defaultValue, source: "test") }
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
        let key = try #require(ConfigKey.all.first { $0.path == path })
        #expect(key.environmentVariable == variable)
    }

    @Test func environmentVariableNamesAreDistinctAndShellSafe() {
        let names = ConfigKey.all.map(\.environmentVariable)
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
        #expect(fromFile.int("http.port") == 1111)
        #expect(fromFile.int("http.threads") == 3)
        #expect(fromFile.int("http.maxBodyBytes") == 1_048_576, "keys the file leaves out keep their default")

        let environment = ["HEARTH_HTTP_PORT": "2222", "HEARTH_LOG_LEVEL": "debug"]
        let fromEnvironment = try Self.load(file: file, environment: environment)
        #expect(fromEnvironment.int("http.port") == 2222)
        #expect(fromEnvironment.int("http.threads") == 3, "the file's other keys stay")
        #expect(fromEnvironment.string("log.level") == "debug")

        let overridden = try Self.load(
            file: file,
            environment: environment,
            overrides: ["http.port": 3333, "database.path": "flag.sqlite"]
        )
        #expect(overridden.int("http.port") == 3333)
        #expect(overridden.string("database.path") == "flag.sqlite")
        #expect(overridden.int("http.threads") == 3)
        #expect(overridden.string("log.level") == "debug")

        let environmentOnly = try Self.load(environment: ["HEARTH_HTTP_CONNECTION_LIMIT": "7"])
        #expect(environmentOnly.int("http.connectionLimit") == 7)
        #expect(environmentOnly.int("http.port") == 8080)
    }

    @Test func hearthConfigurationTypesTheValues() throws {
        let values = try Self.load(
            file: #"{"http": {"threads": 3, "shutdownGracePeriodSeconds": 4}, "devices": {"seedFile": ""}}"#,
            environment: [
                "HEARTH_FULFILLMENT_STRICT_OPERATION_VALIDATION": "false",
                "HEARTH_DATABASE_SYNCHRONOUS": "full",
            ],
            overrides: ["http.port": 0, "database.path": "/tmp/x.sqlite"]
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
        #expect(values.bool("fulfillment.willReportState") == expected)
    }

    // MARK: - Refusals

    @Test(arguments: [
        (#"{"http": {"prot": 8080}}"#, "http.prot"),
        (#"{"htp": {"port": 8080}}"#, "htp.port"),
        (#"{"verbose": true}"#, "verbose"),
        (#"{"http": {"port": 8080, "tls": {"cert": "x"}}}"#, "http.tls.cert"),
    ])
    func unknownFileKeyIsAnError(_ file: String, _ path: String) throws {
        let error = try #require(try Self.loadError(file: file))
        #expect(error.message.contains(path), "\(error)")
        #expect(error.message.contains("unknown"), "\(error)")
    }

    @Test func unknownHearthEnvironmentVariableIsAnError() throws {
        let error = try #require(try Self.loadError(environment: ["HEARTH_FOO": "1"]))
        #expect(error.message.contains("HEARTH_FOO"), "\(error)")
        #expect(error.message.contains("HEARTH_HTTP_PORT"), "lists the known variables: \(error)")
        #expect(try Self.loadError(environment: ["PATH": "/bin", "HEARTHSTONE": "x", "hearth_foo": "y"]) == nil)
    }

    @Test(arguments: [
        (#"{"http": {"port": 70000}}"#, [String: String](), [String: JSON]()),
        (#"{"http": {"port": -1}}"#, [:], [:]),
        ("{}", ["HEARTH_HTTP_PORT": "65536"], [:]),
        ("{}", [:], ["http.port": 70000]),
        (#"{"http": {"maxBodyBytes": 100}}"#, [:], [:]),
        (#"{"http": {"threads": 257}}"#, [:], [:]),
    ])
    func outOfRangeIsAnError(_ file: String, _ environment: [String: String], _ overrides: [String: JSON]) throws {
        let error = try #require(try Self.loadError(file: file, environment: environment, overrides: overrides))
        #expect(error.message.contains("outside"), "\(error)")
    }

    @Test func portRangeBoundsAreAccepted() throws {
        #expect(try Self.load(file: #"{"http": {"port": 0}}"#).int("http.port") == 0)
        #expect(try Self.load(environment: ["HEARTH_HTTP_PORT": "65535"]).int("http.port") == 65535)
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
