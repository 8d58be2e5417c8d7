/// Answers requests. Called synchronously on the listener's threads, concurrently: it must be thread-safe and
/// must not block for long.
public protocol HTTPResponder: Sendable {
    func respond(to request: HTTPRequest) -> HTTPResponse
}
