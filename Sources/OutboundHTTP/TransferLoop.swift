internal import CCurl
internal import CCurlShims
import Foundation
import Synchronization

/// The multi handle and the thread that drives it: requests arrive in an inbox (any thread) and the thread adds
/// them to the multi handle, runs transfers, and completes them.
///
/// The one `@unchecked Sendable` of this module: it owns the multi handle, a C pointer. The pointer is used from
/// other threads only through `curl_multi_wakeup`, which libcurl documents as callable from any thread; everything
/// else touches it on the loop's own thread, and the inbox is behind a `Mutex`.
final class TransferLoop: @unchecked Sendable {
    /// A request on its way into the loop.
    struct Submission: Sendable {
        var request: OutboundRequest
        var limits: OutboundLimits
        var completion: @Sendable (Result<OutboundResponse, OutboundHTTPError>) -> Void
    }

    private enum Operation: Sendable {
        case add(UInt64, Submission)
        case cancel(UInt64)
    }

    private struct Inbox {
        var operations: [Operation] = []
        var nextID: UInt64 = 1
        var stopping = false
    }

    /// How long the loop sleeps in `curl_multi_poll` when nothing happens; a wakeup or libcurl's own timers
    /// (deadlines included) end the wait sooner.
    private static let idleWaitMilliseconds: Int32 = 1000

    private static let globalInit: Void = {
        curl_global_init(CLong(CURL_GLOBAL_ALL))
    }()

    private let multi: UnsafeMutableRawPointer
    private let inbox = Mutex(Inbox())

    init(maxHostConnections: Int) {
        Self.globalInit
        guard let multi = curl_multi_init() else {
            fatalError("curl_multi_init failed: libcurl is out of memory")
        }
        self.multi = multi
        _ = CCurlShims_multi_setopt_long(multi, CURLMOPT_MAX_HOST_CONNECTIONS, CLong(maxHostConnections))
        // The pool of idle connections kept for reuse, as large as the connections one host may have open.
        _ = CCurlShims_multi_setopt_long(multi, CURLMOPT_MAXCONNECTS, CLong(maxHostConnections))
    }

    deinit {
        curl_multi_cleanup(multi)
    }

    /// Queues `submission` and wakes the loop; the new transfer's id.
    func submit(_ submission: Submission) -> UInt64 {
        let (id, accepted) = inbox.withLock { inbox in
            let id = inbox.nextID
            inbox.nextID += 1
            guard !inbox.stopping else { return (id, false) }
            inbox.operations.append(.add(id, submission))
            return (id, true)
        }
        if accepted {
            curl_multi_wakeup(multi)
        } else {
            submission.completion(
                .failure(OutboundHTTPError(code: .cancelled, message: "the HTTP client was released"))
            )
        }
        return id
    }

    /// Queues the cancellation of transfer `id` and wakes the loop.
    func cancel(_ id: UInt64) {
        inbox.withLock { $0.operations.append(.cancel(id)) }
        curl_multi_wakeup(multi)
    }

    /// Asks the loop to end; it cancels what is still running.
    func stop() {
        inbox.withLock { $0.stopping = true }
        curl_multi_wakeup(multi)
    }

    /// The loop, on its own thread, until ``stop()``.
    func run() {
        var transfers: [UInt64: Transfer] = [:]
        var ids: [UnsafeMutableRawPointer: UInt64] = [:]

        func remove(_ id: UInt64) -> Transfer? {
            guard let transfer = transfers.removeValue(forKey: id) else { return nil }
            ids[transfer.easy] = nil
            curl_multi_remove_handle(multi, transfer.easy)
            return transfer
        }

        while true {
            let (operations, stopping) = inbox.withLock { inbox in
                defer { inbox.operations.removeAll(keepingCapacity: true) }
                return (inbox.operations, inbox.stopping)
            }
            for operation in operations {
                switch operation {
                case .add(let id, let submission):
                    let transfer: Transfer
                    do {
                        transfer = try Transfer(submission)
                    } catch {
                        submission.completion(.failure(error))
                        continue
                    }
                    transfers[id] = transfer
                    ids[transfer.easy] = id
                    curl_multi_add_handle(multi, transfer.easy)
                case .cancel(let id):
                    remove(id)?.complete(
                        .failure(OutboundHTTPError(code: .cancelled, message: "the request was cancelled"))
                    )
                }
            }
            if stopping {
                for id in Array(transfers.keys) {
                    remove(id)?.complete(
                        .failure(OutboundHTTPError(code: .cancelled, message: "the HTTP client was released"))
                    )
                }
                return
            }

            var running: Int32 = 0
            curl_multi_perform(multi, &running)
            var queued: Int32 = 0
            while let message = curl_multi_info_read(multi, &queued) {
                // The message lives only until its handle is removed: read it first.
                guard message.pointee.msg == CURLMSG_DONE, let easy = message.pointee.easy_handle else { continue }
                let code = CCurlShims_message_result(message)
                guard let id = ids[easy], let transfer = remove(id) else { continue }
                transfer.complete(transfer.result(code))
            }
            curl_multi_poll(multi, nil, 0, Self.idleWaitMilliseconds, nil)
        }
    }
}
