import Clocks
import Fulfillment
import MatterModel
import OAuth
import OpenIDConnect
import RecordReplay

extension HearthApplication {
    /// What a test or an embedder puts in place of what the configuration would build; each `nil` leaves the
    /// configuration's.
    public struct Overrides: Sendable {
        /// Imported into an empty registry, in place of `devices.seedFile`.
        public var seed: DeviceFile?
        /// Where EXECUTE's commands go, in place of `commands.delivery`'s deliverer.
        public var deliverer: (any CommandDeliverer)?
        /// Records answered intents, in place of the recorder `record.*` describes.
        public var recorder: FulfillmentRecorder?
        /// The OAuth clients, secrets resolved, in place of `oauth.clients`.
        public var oauthClients: [OAuthClient]?
        /// Charged for each sign-in attempt, in place of the budget `oauth.signInBurst` and `…PerMinute` describe.
        public var signInBudget: (any AttemptBudget)?
        /// Charged for each wrong client secret, in place of the budget `http.badToken…` describes.
        public var clientSecretBudget: (any AttemptBudget)?
        /// Checks a password against its stored hash (`password`, `encoded`), in place of PBKDF2's check.
        public var verifyPassword: (@Sendable (String, String) -> Bool)?
        /// The clock the listener's delayed answers wait on, in place of the system clock.
        public var listenerClock: (any HearthClock)?
        /// How the identity provider is asked (deadlines, sizes, cache lifetimes), in place of the defaults
        /// (`oauth.upstream.*`, `auth.externalTokens.*`); tests on a loaded machine give longer deadlines.
        public var identityProvider: OpenIDProviderSettings?

        /// No overrides: everything as the configuration says.
        public init(
            seed: DeviceFile? = nil,
            deliverer: (any CommandDeliverer)? = nil,
            recorder: FulfillmentRecorder? = nil,
            oauthClients: [OAuthClient]? = nil,
            signInBudget: (any AttemptBudget)? = nil,
            clientSecretBudget: (any AttemptBudget)? = nil,
            verifyPassword: (@Sendable (String, String) -> Bool)? = nil,
            listenerClock: (any HearthClock)? = nil,
            identityProvider: OpenIDProviderSettings? = nil
        ) {
            self.seed = seed
            self.deliverer = deliverer
            self.recorder = recorder
            self.oauthClients = oauthClients
            self.signInBudget = signInBudget
            self.clientSecretBudget = clientSecretBudget
            self.verifyPassword = verifyPassword
            self.listenerClock = listenerClock
            self.identityProvider = identityProvider
        }
    }
}
