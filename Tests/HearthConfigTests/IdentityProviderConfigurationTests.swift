import Foundation
import HearthConfig
import HearthTestSupport
import Testing

/// `oauth.upstream.*` and `auth.externalTokens.*`: read from the file and the environment, then checked by
/// `resolve(environment:)` before anything talks to a provider.
struct IdentityProviderConfigurationTests {
    static let upstreamFile = """
        {"oauth": {"upstream": {"issuer": "https://id.example.com/", "clientID": "hearth",
          "callbackURL": "https://hearth.example.com/oauth/upstream/callback", "scopes": "email, openid,profile",
          "userClaim": "email", "createUsers": false, "tokenEndpointAuthMethod": "client_secret_post"}}}
        """

    @Test func bothAreOffByDefault() throws {
        let configuration = HearthConfiguration(try ConfigurationTests.load())
        #expect(configuration.upstream == nil)
        #expect(configuration.externalTokens == nil)
    }

    @Test func upstreamKeysAreReadFromTheFileWithOpenIDFirst() throws {
        let configuration = HearthConfiguration(try ConfigurationTests.load(file: Self.upstreamFile))
        let upstream = try #require(configuration.upstream)
        #expect(upstream.issuer == "https://id.example.com/")
        #expect(upstream.scopes == ["openid", "email", "profile"])
        #expect(upstream.userClaim == "email")
        #expect(upstream.createUsers == false)
        #expect(upstream.authentication == .clientSecretPost)
        let resolved = try upstream.resolve(environment: [UpstreamSignInConfiguration.secretVariable: "s3cret"])
        #expect(resolved.clientSecret == "s3cret")
        #expect(resolved.clientID == "hearth")
    }

    @Test func theSecretVariableIsNotAnUnknownVariable() throws {
        let values = try ConfigurationTests.load(
            file: Self.upstreamFile,
            environment: [
                UpstreamSignInConfiguration.secretVariable: "s3cret",
                ExternalTokensConfiguration.secretVariable: "other",
            ]
        )
        #expect(values.warnings.isEmpty, "\(values.warnings)")
    }

    @Test func upstreamKeysComeFromTheEnvironmentToo() throws {
        let values = try ConfigurationTests.load(environment: [
            "HEARTH_OAUTH_UPSTREAM_ISSUER": "http://127.0.0.1:9400",
            "HEARTH_OAUTH_UPSTREAM_CLIENT_ID": "hearth",
            "HEARTH_OAUTH_UPSTREAM_CALLBACK_URL": "http://127.0.0.1:8181/oauth/upstream/callback",
        ])
        let upstream = try #require(HearthConfiguration(values).upstream)
        #expect(upstream.clientID == "hearth")
        #expect(upstream.scopes == ["openid"])
        #expect(upstream.authentication == .clientSecretBasic)
    }

    @Test func aSecretFileWinsOverTheVariable() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = try directory.write("upstream.secret", "from-file\n")
        var upstream = try #require(HearthConfiguration(try ConfigurationTests.load(file: Self.upstreamFile)).upstream)
        upstream.clientSecretFile = file
        let resolved = try upstream.resolve(environment: [UpstreamSignInConfiguration.secretVariable: "from-env"])
        #expect(resolved.clientSecret == "from-file")
    }

    @Test(arguments: [
        ("http://id.example.com/", "https", "oauth.upstream.issuer"),
        ("not a url", "absolute URL", "oauth.upstream.issuer"),
    ])
    func anIssuerThatIsNotHTTPSIsRefused(issuer: String, message: String, key: String) throws {
        let upstream = UpstreamSignInConfiguration(
            issuer: issuer,
            clientID: "hearth",
            clientSecretFile: nil,
            callbackURL: "https://hearth.example.com/oauth/upstream/callback"
        )
        let error = try #require(throws: ConfigurationError.self) {
            try upstream.resolve(environment: [UpstreamSignInConfiguration.secretVariable: "s"])
        }
        #expect(error.message.contains(message) && error.message.contains(key), "\(error.message)")
    }

    @Test func whatIsMissingIsNamed() throws {
        func message(_ upstream: UpstreamSignInConfiguration, _ environment: [String: String] = [:]) throws -> String {
            try #require(throws: ConfigurationError.self) { try upstream.resolve(environment: environment) }.message
        }
        let issuer = "https://id.example.com"
        let callback = "https://hearth.example.com/oauth/upstream/callback"
        #expect(
            try message(.init(issuer: issuer, clientID: nil, clientSecretFile: nil, callbackURL: callback))
                .contains("oauth.upstream.clientID")
        )
        #expect(
            try message(.init(issuer: issuer, clientID: "h", clientSecretFile: nil, callbackURL: nil))
                .contains("oauth.upstream.callbackURL")
        )
        #expect(
            try message(
                .init(issuer: issuer, clientID: "h", clientSecretFile: nil, callbackURL: "https://h.example/cb")
            ).contains("/oauth/upstream/callback")
        )
        #expect(
            try message(.init(issuer: issuer, clientID: "h", clientSecretFile: nil, callbackURL: callback))
                .contains(UpstreamSignInConfiguration.secretVariable)
        )
    }

    @Test func externalTokensNeedAnAudienceAndIntrospectionCredentials() throws {
        let values = try ConfigurationTests.load(
            file: """
                {"auth": {"externalTokens": {"issuer": "https://id.example.com/", "audience": "https://hearth.example.com",
                  "introspectionURL": "https://id.example.com/introspect", "introspectionClientID": "hearth",
                  "cacheEntries": 5, "retryAfterSeconds": 7}}}
                """
        )
        let external = try #require(HearthConfiguration(values).externalTokens)
        let resolved = try external.resolve(environment: [ExternalTokensConfiguration.secretVariable: "introspect"])
        #expect(resolved.audience == "https://hearth.example.com")
        #expect(resolved.introspection?.clientSecret == "introspect")
        #expect(resolved.cacheEntries == 5 && resolved.retryAfterSeconds == 7)

        var noAudience = external
        noAudience.audience = nil
        let error = try #require(throws: ConfigurationError.self) {
            try noAudience.resolve(environment: [ExternalTokensConfiguration.secretVariable: "introspect"])
        }
        #expect(error.message.contains("auth.externalTokens.audience"))
        var noClient = external
        noClient.introspectionClientID = nil
        let missingClient = try #require(throws: ConfigurationError.self) {
            try noClient.resolve(environment: [:])
        }
        #expect(missingClient.message.contains("auth.externalTokens.introspectionClientID"))
    }
}
