// swift-tools-version:6.1
import PackageDescription

let swiftSettings: [SwiftSetting] = [
    .swiftLanguageMode(.v6),
    // ExistentialAny: an existential is spelled `any P`, so its cost (boxing, dynamic dispatch) shows where it is paid.
    // MemberImportVisibility: a file sees only the members of modules it imports itself, so a stray or missing import
    // (and with it a missing dependency declaration) fails the build instead of leaking in through another file.
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
]

let package = Package(
    name: "hearth",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "hearth", targets: ["hearth"]),
        // What a manufacturer's own tests use: the fakes, the manual clock and a live Hearth on port 0.
        .library(name: "HearthTesting", targets: ["HearthFakes", "HearthTesting"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.13.0"),
        .package(url: "https://github.com/groue/GRDB.swift.git", from: "7.10.0"),
        .package(url: "https://github.com/x-sheep/swift-property-based.git", from: "2.0.1"),
        .package(url: "https://github.com/apple/swift-http-types.git", from: "1.8.0"),
        .package(url: "https://github.com/apple/swift-metrics.git", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus.git", from: "2.4.1"),
    ],
    targets: [
        // MARK: C libraries, in rings: system library -> shims -> the one Swift module that touches them.
        .systemLibrary(
            name: "CMicroHTTPD",
            pkgConfig: "libmicrohttpd",
            providers: [.apt(["libmicrohttpd-dev"])]
        ),
        .target(
            name: "CMicroHTTPDShims",
            dependencies: ["CMicroHTTPD"]
        ),
        .systemLibrary(
            name: "COpenSSL",
            pkgConfig: "openssl",
            providers: [.apt(["libssl-dev"])]
        ),
        .systemLibrary(
            name: "CCurl",
            pkgConfig: "libcurl",
            providers: [.apt(["libcurl4-openssl-dev"])]
        ),
        .target(
            name: "CCurlShims",
            dependencies: ["CCurl"]
        ),
        .systemLibrary(
            name: "CPostgreSQL",
            pkgConfig: "libpq",
            providers: [.apt(["libpq-dev"])]
        ),

        // MARK: Swift modules, arrows pointing down the README's "Architecture" section.
        // HTTP as responders see it (swift-http-types' heads with a body, the responder protocol, media types, form
        // encoding): what the listener, OAuth, HomeGraph and the app share, without the C listener.
        .target(
            name: "HTTPMessages",
            dependencies: [.product(name: "HTTPTypes", package: "swift-http-types")],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "MicroHTTPD",
            dependencies: [
                "Clocks",
                "CMicroHTTPD",
                "CMicroHTTPDShims",
                "HTTPMessages",
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "Cryptography",
            dependencies: ["COpenSSL"],
            swiftSettings: swiftSettings
        ),
        // PostgreSQL's client (libpq) as Swift sees it: connections, a pool, `$n` parameters, typed rows, transactions
        // retried on serialization failure. The one module that touches CPostgreSQL.
        .target(
            name: "PostgreSQL",
            dependencies: ["CPostgreSQL"],
            swiftSettings: swiftSettings
        ),
        // Outbound HTTP on libcurl's multi interface (system libcurl on the system OpenSSL): every answer bounded, a
        // deadline that stops the transfer, no redirects. The one module that touches CCurl.
        .target(
            name: "OutboundHTTP",
            dependencies: [
                "CCurl",
                "CCurlShims",
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ],
            swiftSettings: swiftSettings
        ),
        // The one source of time (a `Clock` with wall time beside it), injected wherever time matters; a leaf.
        .target(
            name: "Clocks",
            swiftSettings: swiftSettings
        ),
        // The one JSON reader, writer and value type, a leaf every module that speaks JSON imports.
        .target(
            name: "JSON",
            swiftSettings: swiftSettings
        ),
        // JOSE as a relying party and a resource server read it: JSON Web Keys and key sets, compact JWS, JWT
        // claims, verified with the system OpenSSL through Cryptography. Verification only; nothing here signs.
        .target(
            name: "JOSE",
            dependencies: ["Cryptography", "JSON"],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "SmartHomeProtocol",
            dependencies: ["JSON"],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "MatterModel",
            dependencies: ["JSON"],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "Registry",
            dependencies: [
                "JSON",
                "Clocks",
                "MatterModel",
                "Cryptography",
            ],
            swiftSettings: swiftSettings
        ),
        // The registry in a SQLite file or in memory (GRDB): the engine's connection, SQL, schema and migrations,
        // the change-counter probe, backups.
        .target(
            name: "RegistrySQLite",
            dependencies: [
                "Clocks",
                "JSON",
                "MatterModel",
                "Registry",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
            ],
            swiftSettings: swiftSettings
        ),
        // The registry in a PostgreSQL database (our libpq driver): the engine's connection, SQL, schema and
        // migrations.
        .target(
            name: "RegistryPostgreSQL",
            dependencies: [
                "Clocks",
                "JSON",
                "MatterModel",
                "PostgreSQL",
                "Registry",
            ],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "Fulfillment",
            dependencies: [
                "JSON",
                "Clocks",
                "SmartHomeProtocol",
                "MatterModel",
                "Registry",
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "HomeGraph",
            dependencies: [
                "Clocks",
                "Cryptography",
                "JSON",
                "HTTPMessages",
                "OutboundHTTP",
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "OAuth",
            dependencies: [
                "JSON",
                "Clocks",
                "Registry",
                "Cryptography",
                "HTTPMessages",
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "Reporting",
            dependencies: [
                "Clocks",
                "HomeGraph",
                "Registry",
                "Fulfillment",
                "MatterModel",
                "JSON",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            swiftSettings: swiftSettings
        ),
        // The device backend's network API (`/v1`): users, devices, state, events and the change stream, for
        // machines holding an API key. Knows HTTP as HTTPMessages gives it; nothing of Google's wire model. Its
        // OpenAPI document is a file, `openapi.json`, compiled in by EmbedJSONPlugin.
        .target(
            name: "DeviceAPI",
            dependencies: [
                "Clocks",
                "HTTPMessages",
                "JSON",
                "MatterModel",
                "OAuth",
                "Registry",
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings,
            plugins: ["EmbedJSONPlugin"]
        ),
        // Command delivery to the device backend (`commands.delivery: webhook`): the signed webhook client (OutboundHTTP),
        // its body and answer format. Implements Fulfillment's `CommandDeliverer`.
        .target(
            name: "CommandDelivery",
            dependencies: [
                "Clocks",
                "Cryptography",
                "Fulfillment",
                "JSON",
                "OutboundHTTP",
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings
        ),
        // The manufacturer's identity provider as Hearth talks to it (OpenID Connect): discovery and the JWKS, cached;
        // Hearth as its client (authorization URL, code exchange, ID token); its access tokens checked (JWKS or RFC 7662
        // introspection), verdicts cached. Sends through OutboundHTTP, verifies through JOSE.
        .target(
            name: "OpenIDConnect",
            dependencies: [
                "Clocks",
                "Cryptography",
                "HTTPMessages",
                "JOSE",
                "JSON",
                "OutboundHTTP",
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "CoreMetrics", package: "swift-metrics"),
            ],
            swiftSettings: swiftSettings
        ),
        // The fakes a test (Hearth's or a manufacturer's) talks to instead of the outside world: Google's token endpoint
        // and HomeGraph API, a device backend receiving webhook deliveries, and a clock that moves when told. Part of
        // the `HearthTesting` product; no product module depends on it but the app layer, for the two fake commands.
        .target(
            name: "HearthFakes",
            dependencies: [
                "Clocks",
                "CommandDelivery",
                "Cryptography",
                "HomeGraph",
                "HTTPMessages",
                "JSON",
                "OutboundHTTP",
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings
        ),
        // Hearth's log lines (`log.format` text or JSON, sanitized, buffered off the request threads): the handlers
        // `hearth` bootstraps swift-log with. A leaf above Clocks and JSON.
        .target(
            name: "HearthLogging",
            dependencies: [
                "Clocks",
                "JSON",
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings
        ),
        // Record and replay (`record.*`, `hearth replay`): intents written as fixture files, and sent again to a
        // deployment and compared. Knows HTTP as HTTPMessages gives it; sends through OutboundHTTP.
        .target(
            name: "RecordReplay",
            dependencies: [
                "Clocks",
                "HomeGraph",
                "HTTPMessages",
                "JSON",
                "OutboundHTTP",
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings
        ),
        // The HTTP layer of `hearth serve`: the responder that routes every request, bearer authentication, the
        // bad-credential throttle, the request observer (the one log line and the metrics per request) and the
        // metrics registry behind `/metrics`.
        .target(
            name: "HearthHTTP",
            dependencies: [
                "Clocks",
                "Cryptography",
                "DeviceAPI",
                "Fulfillment",
                "HearthLogging",
                "HomeGraph",
                "HTTPMessages",
                "JSON",
                "OAuth",
                "RecordReplay",
                "Registry",
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "CoreMetrics", package: "swift-metrics"),
                .product(name: "Prometheus", package: "swift-prometheus"),
            ],
            swiftSettings: swiftSettings
        ),
        // Hearth's configuration: every key declared once (`ConfigKeys`), layered from defaults, a JSON file, the
        // environment and flags, checked as it is read, typed into `HearthConfiguration` of the components' options.
        .target(
            name: "HearthConfig",
            dependencies: [
                "RegistryPostgreSQL",
                "RegistrySQLite",
                "Clocks",
                "Fulfillment",
                "HearthHTTP",
                "HearthLogging",
                "JSON",
                "MicroHTTPD",
                "OAuth",
                "RecordReplay",
                "Registry",
                "Reporting",
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings
        ),
        // The application layer: composes the modules above into `hearth serve` (one wiring place,
        // `HearthApplication`) and the commands' work; re-exports what the `hearth` executable needs.
        .target(
            name: "HearthApp",
            dependencies: [
                "CommandDelivery",
                "DeviceAPI",
                // Only for `hearth fake-homegraph` and `hearth fake-device-backend`, which run the fakes.
                "HearthFakes",
                "HearthConfig",
                "HearthHTTP",
                "HearthLogging",
                "HTTPMessages",
                "Clocks",
                "MicroHTTPD",
                "OAuth",
                "OpenIDConnect",
                "JOSE",
                "OutboundHTTP",
                "Cryptography",
                "MatterModel",
                "RecordReplay",
                "Registry",
                "RegistryPostgreSQL",
                "RegistrySQLite",
                "Fulfillment",
                "HomeGraph",
                "Reporting",
                "SmartHomeProtocol",
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
                .product(name: "CoreMetrics", package: "swift-metrics"),
            ],
            swiftSettings: swiftSettings
        ),
        // The command line: parses arguments, calls the app layer (HearthApp), prints. CommandDelivery and Logging
        // only for `fake-device-backend` and `fake-homegraph` (`FakeDeviceBackend.Options`, `Logger.Level`), until
        // they are built from the testing product.
        .executableTarget(
            name: "hearth",
            dependencies: [
                "HearthApp",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: swiftSettings
        ),
        // A live Hearth for tests (the `HearthTesting` product): the real listener on 127.0.0.1 port 0, a real SQLite
        // file in a temporary directory, helpers to send intents and use `/v1`, a graceful stop — run as `serve` runs
        // it (`LiveHearth`) or built in the test's process with its inside open (`InProcessHearth`); and the fakes
        // served on port 0 for it to talk to.
        .target(
            name: "HearthTesting",
            dependencies: [
                "Clocks",
                "HearthApp",
                "HearthFakes",
                "HTTPMessages",
                "JSON",
                "MicroHTTPD",
                "OutboundHTTP",
                "Registry",
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
            ],
            swiftSettings: swiftSettings
        ),

        // MARK: Build tools: a target's JSON files compiled into it as Swift source (no resource bundle beside the
        // binary), checked to be JSON on the way. Plugins live under Sources/ (the top level is fixed).
        .executableTarget(
            name: "EmbedJSON",
            dependencies: ["JSON"],
            swiftSettings: swiftSettings
        ),
        .plugin(
            name: "EmbedJSONPlugin",
            capability: .buildTool(),
            dependencies: ["EmbedJSON"],
            path: "Sources/EmbedJSONPlugin"
        ),

        // MARK: Tests, mirroring Sources/.
        // Helpers every test target would otherwise copy (openssl key pairs and certificates, temporary
        // directories). A regular target kept under Tests/: test targets may depend on it, no product links it.
        .target(
            name: "HearthTestSupport",
            dependencies: [
                "Clocks",
                "HearthLogging",
                "JSON",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "InMemoryLogging", package: "swift-log"),
            ],
            path: "Tests/HearthTestSupport",
            swiftSettings: swiftSettings
        ),
        // The registry tests' device fixtures and self-removing directory, shared by the registry's test target and
        // the engines'. A regular target kept under Tests/, like HearthTestSupport.
        .target(
            name: "RegistryTestSupport",
            dependencies: ["MatterModel"],
            path: "Tests/RegistryTestSupport",
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "MicroHTTPDTests",
            dependencies: [
                "HearthFakes",
                "HearthTestSupport",
                "HTTPMessages",
                "MicroHTTPD",
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "DeviceAPITests",
            dependencies: [
                "HearthFakes",
                "Clocks",
                "DeviceAPI",
                "HearthTestSupport",
                "HTTPMessages",
                "JSON",
                "MatterModel",
                "MicroHTTPD",
                "OAuth",
                "Registry",
                "RegistrySQLite",
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "EmbedJSONTests",
            dependencies: ["EmbedJSON"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "HTTPMessagesTests",
            dependencies: [
                "HTTPMessages",
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "CryptographyTests",
            dependencies: ["Cryptography", "HearthTestSupport"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "JOSETests",
            dependencies: ["Cryptography", "HearthTestSupport", "JOSE", "JSON"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "PostgreSQLTests",
            dependencies: ["HearthTestSupport", "PostgreSQL"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "JSONTests",
            dependencies: ["JSON"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "SmartHomeProtocolTests",
            dependencies: [
                "JSON",
                "SmartHomeProtocol",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "MatterModelTests",
            dependencies: ["JSON", "MatterModel"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "RegistryTests",
            dependencies: [
                "HearthFakes",
                "HearthTestSupport",
                "Clocks",
                "Cryptography",
                "JSON",
                "Registry",
                "RegistryPostgreSQL",
                "RegistrySQLite",
                "RegistryTestSupport",
                "MatterModel",
                "PostgreSQL",
                .product(name: "GRDB", package: "GRDB.swift"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "RegistrySQLiteTests",
            dependencies: [
                "HearthTestSupport",
                "Clocks",
                "Cryptography",
                "Registry",
                "RegistrySQLite",
                "RegistryTestSupport",
                "MatterModel",
                .product(name: "GRDB", package: "GRDB.swift"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "RegistryPostgreSQLTests",
            dependencies: [
                "HearthFakes",
                "HearthTestSupport",
                "Clocks",
                "JSON",
                "Registry",
                "RegistryPostgreSQL",
                "RegistrySQLite",
                "RegistryTestSupport",
                "MatterModel",
                "PostgreSQL",
                .product(name: "GRDB", package: "GRDB.swift"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "FulfillmentTests",
            dependencies: [
                "HearthFakes",
                "HearthTestSupport",
                "Clocks",
                "Fulfillment",
                "JSON",
                "SmartHomeProtocol",
                "MatterModel",
                "Registry",
                "RegistrySQLite",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "InMemoryLogging", package: "swift-log"),
                .product(name: "PropertyBased", package: "swift-property-based"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "OutboundHTTPTests",
            dependencies: [
                "HearthTestSupport",
                "OutboundHTTP",
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "HomeGraphTests",
            dependencies: [
                "Clocks",
                "HearthFakes",
                "HearthTestSupport",
                "HomeGraph",
                "OutboundHTTP",
                "Cryptography",
                "MicroHTTPD",
                "JSON",
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "OAuthTests",
            dependencies: [
                "HearthTestSupport",
                "HearthFakes",
                "Clocks",
                "OAuth",
                "Registry",
                "RegistrySQLite",
                "Cryptography",
                "HTTPMessages",
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "InMemoryLogging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "ReportingTests",
            dependencies: [
                "Clocks",
                "HearthFakes",
                "HearthTestSupport",
                "Reporting",
                "HomeGraph",
                "OutboundHTTP",
                "Registry",
                "RegistrySQLite",
                "Fulfillment",
                "MatterModel",
                "JSON",
                "MicroHTTPD",
                "Cryptography",
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "HearthLoggingTests",
            dependencies: [
                "HearthFakes",
                "HearthLogging",
                "HearthTestSupport",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "InMemoryLogging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "RecordReplayTests",
            dependencies: [
                "HearthTestSupport",
                "HearthTesting",
                "JSON",
                "RecordReplay",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "InMemoryLogging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "HearthHTTPTests",
            dependencies: [
                "HearthFakes",
                "RegistrySQLite",
                "Clocks",
                "Fulfillment",
                "HearthHTTP",
                "HearthLogging",
                "HearthTestSupport",
                "HearthTesting",
                "HomeGraph",
                "HTTPMessages",
                "JSON",
                "MatterModel",
                "MicroHTTPD",
                "Registry",
                "SmartHomeProtocol",
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "HearthConfigTests",
            dependencies: [
                "Fulfillment",
                "HearthConfig",
                "HearthHTTP",
                "HearthTestSupport",
                "HTTPMessages",
                "JSON",
                "MicroHTTPD",
                "OAuth",
                "Registry",
                "SmartHomeProtocol",
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "InMemoryLogging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "HearthAppTests",
            dependencies: [
                "Clocks",
                "CommandDelivery",
                "DeviceAPI",
                "HearthFakes",
                "HearthTestSupport",
                "HearthTesting",
                "HearthApp",
                "HearthConfig",
                "HearthHTTP",
                "HearthLogging",
                "RecordReplay",
                "OAuth",
                "hearth",
                "Fulfillment",
                "HomeGraph",
                "Cryptography",
                "MicroHTTPD",
                "JSON",
                "Registry",
                "RegistrySQLite",
                "MatterModel",
                "HTTPMessages",
                "OpenIDConnect",
                "OutboundHTTP",
                "SmartHomeProtocol",
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "InMemoryLogging", package: "swift-log"),
            ],
            resources: [.copy("Fixtures")],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "OpenIDConnectTests",
            dependencies: [
                "Clocks",
                "Cryptography",
                "HearthFakes",
                "HearthTestSupport",
                "HTTPMessages",
                "JOSE",
                "JSON",
                "MicroHTTPD",
                "OpenIDConnect",
                "OutboundHTTP",
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "InMemoryLogging", package: "swift-log"),
                .product(name: "CoreMetrics", package: "swift-metrics"),
                .product(name: "Prometheus", package: "swift-prometheus"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "ClocksTests",
            dependencies: ["Clocks"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "CommandDeliveryTests",
            dependencies: [
                "Clocks",
                "CommandDelivery",
                "Fulfillment",
                "HearthTestSupport",
                "HTTPMessages",
                "JSON",
                "MicroHTTPD",
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "HearthFakesTests",
            dependencies: [
                "Clocks",
                "CommandDelivery",
                "Fulfillment",
                "HearthFakes",
                "HTTPMessages",
                "JSON",
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "HearthTestingTests",
            dependencies: [
                "HearthApp",
                "HearthFakes",
                "HearthTestSupport",
                "HearthTesting",
                "JSON",
                "Registry",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "InMemoryLogging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings
        ),
    ]
)
