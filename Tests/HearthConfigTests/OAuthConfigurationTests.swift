import Foundation
import HearthConfig
import HearthTestSupport
import InMemoryLogging
import JSON
import Logging
import OAuth
import Testing

/// `oauth.*` configuration: clients checked, secrets never from the JSON, secret variables checked by name.
struct OAuthConfigurationTests {
    @Test(arguments: [
        (
            #"{"oauth": {"clients": [{"id": "g", "redirectURIs": ["https://x.example/r"], "secret": "s"}]}}"#,
            "secretFile"
        ),
        (#"{"oauth": {"clients": [{"id": "g", "redirectURIs": ["http://x.example/r"]}]}}"#, "https"),
        (#"{"oauth": {"clients": [{"id": "g", "redirectURIs": ["https://x.example/r#f"]}]}}"#, "fragment"),
        (#"{"oauth": {"clients": [{"id": "g", "redirectURIs": []}]}}"#, "redirectURIs"),
        (#"{"oauth": {"clients": [{"id": "g h", "redirectURIs": ["https://x.example/r"]}]}}"#, ".id"),
        (
            #"{"oauth": {"clients": [{"id": "a-b", "redirectURIs": ["https://x/r"]}, {"id": "a.b", "redirectURIs": ["https://x/r"]}]}}"#,
            "repeats"
        ),
        (#"{"oauth": {"clients": {"id": "g"}}}"#, "array"),
        (#"{"oauth": {"accessTokenTTLSeconds": 5}}"#, "outside"),
    ])
    func badClientConfigurationIsRefused(_ file: String, _ mentions: String) throws {
        let error = try #require(try ConfigurationTests.loadError(file: file))
        #expect(error.message.contains(mentions), "\(error.message)")
    }

    @Test func secretVariablesNamingNoClientAreWarnedAboutAndIgnored() throws {
        let values = try ConfigurationTests.load(environment: ["HEARTH_OAUTH_CLIENT_SECRET_GOOGLE": "s"])
        #expect(values[\.oauth.clients].map(\.secretVariable) == ["HEARTH_OAUTH_CLIENT_SECRET_GOOGLE"])
        #expect(values.warnings.isEmpty)
        let misspelt = try ConfigurationTests.load(environment: ["HEARTH_OAUTH_CLIENT_SECRET_GOGLE": "s"])
        #expect(
            misspelt.warnings == [
                ConfigurationWarning(
                    .secretForNoClient,
                    variable: "HEARTH_OAUTH_CLIENT_SECRET_GOGLE",
                    didYouMean: "HEARTH_OAUTH_CLIENT_SECRET_GOOGLE"
                )
            ]
        )
        #expect(misspelt.warnings.first?.description.contains("=s") == false, "the value is not echoed")
        let unrelated = try ConfigurationTests.load(environment: ["HEARTH_OAUTH_CLIENT_SECRET_ACME": "s"])
        #expect(
            unrelated.warnings == [
                ConfigurationWarning(.secretForNoClient, variable: "HEARTH_OAUTH_CLIENT_SECRET_ACME")
            ]
        )
    }

    @Test func aSecretVariableOfAClientWithASecretFileIsWarnedAbout() throws {
        let file =
            #"{"oauth": {"clients": [{"id": "google", "redirectURIs": ["https://a.example/cb"], "secretFile": "/s"}]}}"#
        let values = try ConfigurationTests.load(file: file, environment: ["HEARTH_OAUTH_CLIENT_SECRET_GOOGLE": "s"])
        #expect(
            values.warnings == [
                ConfigurationWarning(.secretShadowedBySecretFile, variable: "HEARTH_OAUTH_CLIENT_SECRET_GOOGLE")
            ]
        )
    }

    @Test func clientsComeFromTheEnvironmentAsJSON() throws {
        let values = try ConfigurationTests.load(environment: [
            "HEARTH_OAUTH_CLIENTS": #"[{"id": "acme", "redirectURIs": ["https://acme.example/cb"]}]"#
        ])
        #expect(
            values[\.oauth.clients] == [OAuthClientConfiguration(id: "acme", redirectURIs: ["https://acme.example/cb"])]
        )
    }

    @Test func secretsResolveFromFileOrEnvironmentAndMissingOnesAreWarned() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = try directory.write("secret", "from-file\n")
        let clients = [
            OAuthClientConfiguration(id: "a", redirectURIs: ["https://a/r"], secretFile: file),
            OAuthClientConfiguration(id: "b-c", redirectURIs: ["https://b/r"]),
            OAuthClientConfiguration(id: "d", redirectURIs: ["https://d/r"]),
        ]
        let handler = InMemoryLogHandlerBox()
        let resolved = OAuthClientConfiguration.resolve(
            clients,
            environment: ["HEARTH_OAUTH_CLIENT_SECRET_B_C": "from-env"],
            logger: handler.logger
        )
        #expect(resolved.map(\.hasSecret) == [true, true, false])
        let warnings = handler.handler.entries.filter { $0.level == .warning }
        #expect(warnings.count == 1)
        #expect(warnings.first?.metadata["oauth.client.id"] == "d")
        let text = handler.handler.entries.map { "\($0.message) \($0.metadata)" }.joined()
        #expect(!text.contains("from-file") && !text.contains("from-env"))
    }
}
