import Foundation

/// `commands.delivery`: where an EXECUTE's commands go.
public enum CommandDeliveryMode: String, Sendable, Hashable, CaseIterable {
    /// Applied to the registry and answered SUCCESS; a backend follows `/v1/changes`.
    case registry
    /// Sent to the device backend in one signed POST; what it confirms is committed and answered.
    case webhook
}

/// The `commands.*` keys (the deadline lives in ``Fulfillment/FulfillmentOptions``).
public struct CommandsConfiguration: Sendable, Hashable {
    /// The environment variable holding the webhook secret when `commands.webhookSecretFile` is empty. Not a key:
    /// a secret never sits in the JSON file.
    public static let secretVariable = "HEARTH_COMMANDS_WEBHOOK_SECRET"

    /// `commands.delivery`.
    public var delivery: CommandDeliveryMode
    /// `commands.webhookURL`.
    public var webhookURL: String?
    /// `commands.webhookSecretFile`.
    public var webhookSecretFile: String?
    /// `commands.maxAnswerBytes`: the most bytes of a webhook answer read.
    public var maxAnswerBytes: Int

    /// Creates a configuration.
    public init(
        delivery: CommandDeliveryMode,
        webhookURL: String?,
        webhookSecretFile: String?,
        maxAnswerBytes: Int = 65_536
    ) {
        self.delivery = delivery
        self.webhookURL = webhookURL
        self.webhookSecretFile = webhookSecretFile
        self.maxAnswerBytes = maxAnswerBytes
    }

    /// In `webhook` mode, the URL and the secret (read from the file, else the environment), checked; `nil` in
    /// `registry` mode.
    ///
    /// - Throws: ``ConfigurationError`` naming what is missing or wrong.
    public func webhook(environment: [String: String]) throws(ConfigurationError) -> (url: URL, secret: [UInt8])? {
        guard delivery == .webhook else { return nil }
        guard let text = webhookURL else {
            throw ConfigurationError(
                "commands.delivery is webhook but commands.webhookURL is empty: give the backend's URL"
            )
        }
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme),
            url.host != nil
        else {
            throw ConfigurationError("commands.webhookURL is not an http(s) URL: \(text)")
        }
        let secret: String
        if let file = webhookSecretFile {
            guard let data = FileManager.default.contents(atPath: file) else {
                throw ConfigurationError("cannot read commands.webhookSecretFile \(file)")
            }
            secret = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        } else {
            secret = environment[Self.secretVariable] ?? ""
        }
        guard secret.utf8.count >= 16 else {
            throw ConfigurationError(
                "the webhook secret (commands.webhookSecretFile or \(Self.secretVariable)) must be at least 16 bytes"
            )
        }
        return (url, Array(secret.utf8))
    }
}
