import HearthConfig
import Testing

/// The `commands.*` configuration that turns webhook mode on.
struct CommandsConfigurationTests {
    @Test func webhookModeNeedsAURLAndALongEnoughSecret() throws {
        let missingURL = CommandsConfiguration(delivery: .webhook, webhookURL: nil, webhookSecretFile: nil)
        #expect(throws: ConfigurationError.self) { try missingURL.webhook(environment: [:]) }
        let notHTTP = CommandsConfiguration(delivery: .webhook, webhookURL: "ftp://x/y", webhookSecretFile: nil)
        #expect(throws: ConfigurationError.self) { try notHTTP.webhook(environment: [:]) }
        let fromEnvironment = CommandsConfiguration(
            delivery: .webhook,
            webhookURL: "http://127.0.0.1:8070/commands",
            webhookSecretFile: nil
        )
        #expect(throws: ConfigurationError.self) {
            try fromEnvironment.webhook(environment: [CommandsConfiguration.secretVariable: "short"])
        }
        let webhook = try fromEnvironment.webhook(
            environment: [CommandsConfiguration.secretVariable: "a-secret-of-16-bytes-or-more"]
        )
        #expect(webhook?.secret == Array("a-secret-of-16-bytes-or-more".utf8))
        let registry = CommandsConfiguration(delivery: .registry, webhookURL: nil, webhookSecretFile: nil)
        #expect(try registry.webhook(environment: [:]) == nil)
    }
}
