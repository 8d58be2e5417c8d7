import Foundation
import Synchronization

/// Sends HTTP requests on libcurl's multi interface: one thread per client drives every transfer, requests come
/// from any thread, and each request's ``OutboundLimits`` stop its transfer.
///
/// - Every answer is bounded: a body over ``OutboundLimits/maxAnswerBytes`` (declared in `Content-Length` or sent)
///   or a head over ``OutboundLimits/maxHeaderBytes`` stops the transfer and fails it.
/// - The deadline is the whole transfer's, not an idle timeout: an endless answer is cut off at it.
/// - Redirects are never followed: a 3xx is returned as an answer (``OutboundResponse/location``).
/// - Only `http` and `https`; connections are pooled and kept alive across requests (up to 256 per host).
///
/// Completions run on the client's thread: they must return quickly and never wait for another request.
public final class HTTPClient: Sendable {
    /// Identifies one started request, for ``cancel(_:)``.
    public struct TransferID: Hashable, Sendable {
        let value: UInt64
    }

    /// The client the process shares (its thread lives as long as the process).
    public static let shared = HTTPClient()

    private let loop: TransferLoop

    /// Creates a client with its own thread and connection pool; up to `maxHostConnections` connections to one
    /// host at a time (requests beyond wait for one, within their deadline).
    public init(maxHostConnections: Int = 256) {
        loop = TransferLoop(maxHostConnections: maxHostConnections)
        let loop = loop
        let thread = Thread { loop.run() }
        thread.name = "hearth.http-client"
        thread.start()
    }

    // Ends the thread: transfers still running complete with `cancelled`, and the thread's last reference frees
    // the multi handle.
    deinit {
        loop.stop()
    }

    /// Starts `request`; `completion` is called exactly once, on the client's thread, with the answer or the
    /// reason there is none. Keep the client alive meanwhile: releasing it cancels what it is still sending.
    @discardableResult
    public func start(
        _ request: OutboundRequest,
        limits: OutboundLimits,
        completion: @escaping @Sendable (Result<OutboundResponse, OutboundHTTPError>) -> Void
    ) -> TransferID {
        TransferID(
            value: loop.submit(TransferLoop.Submission(request: request, limits: limits, completion: completion))
        )
    }

    /// Stops a started request: its connection is closed and its completion gets ``OutboundHTTPError/Code/cancelled``.
    /// Does nothing when the request has already completed.
    public func cancel(_ id: TransferID) {
        loop.cancel(id.value)
    }

    /// Sends `request` and returns the answer, whatever its status. Cancelling the calling task stops the transfer.
    ///
    /// - Throws: ``OutboundHTTPError`` when there is no complete answer within `limits`.
    public func send(
        _ request: OutboundRequest,
        limits: OutboundLimits
    ) async throws(OutboundHTTPError)
        -> OutboundResponse
    {
        // Whether the task was cancelled before the transfer had an id, and the id once it has one.
        let started = Mutex<(id: TransferID?, cancelled: Bool)>((nil, false))
        let result = await withTaskCancellationHandler {
            await withCheckedContinuation {
                (continuation: CheckedContinuation<Result<OutboundResponse, OutboundHTTPError>, Never>) in
                let id = start(request, limits: limits) { continuation.resume(returning: $0) }
                let cancelled = started.withLock { state in
                    state.id = id
                    return state.cancelled
                }
                if cancelled { cancel(id) }
            }
        } onCancel: {
            let id = started.withLock { state in
                state.cancelled = true
                return state.id
            }
            if let id { cancel(id) }
        }
        return try result.get()
    }
}
