/// Who a bearer token speaks for: the agent user, and the OAuth client the token was issued to.
public struct Principal: Sendable, Hashable {
    /// The user whose devices the token reaches.
    public var agentUserId: String
    /// The OAuth client (`oauth.clients[].id`) the token was issued to; `nil` for a `hearth token issue` token.
    public var clientId: String?

    /// Creates a principal.
    public init(agentUserId: String, clientId: String? = nil) {
        self.agentUserId = agentUserId
        self.clientId = clientId
    }
}
