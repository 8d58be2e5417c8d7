/// Answers requests. Called synchronously on the listener's threads, concurrently: it must be thread-safe and
/// must not block for long. Slow work goes elsewhere and answers through ``HTTPResponse/deferred(_:ifAbandoned:)``.
public protocol HTTPResponder: Sendable {
    /// Answers one fully read request. A status outside 100...999 is sent as 500.
    func respond(to request: HTTPRequest) -> HTTPResponse
}
