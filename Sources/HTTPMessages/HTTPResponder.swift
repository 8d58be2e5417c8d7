/// Answers requests. Called synchronously on the listener's threads, concurrently: it must be thread-safe and
/// must not block for long. Slow work goes elsewhere and answers through ``Response/deferred(_:ifAbandoned:)``.
public protocol HTTPResponder: Sendable {
    /// Answers one fully read request.
    func respond(to request: Request) -> Response
}
