import HTTPMessages

/// A per-client budget of costly or suspicious attempts (sign-ins, which cost a PBKDF2 each; wrong client
/// secrets): each attempt is charged before the work, and the answer says how long to hold the response back once
/// the client has spent its budget. Hearth's `AuthFailureThrottle` is one.
public protocol AttemptBudget: Sendable {
    /// The client a request counts against (its address, or the one a trusted proxy names).
    func client(of request: Request) -> String
    /// Charges one attempt to `client`; zero while within budget, else how long its answer should be held back.
    func charge(_ client: String) -> Duration
}
