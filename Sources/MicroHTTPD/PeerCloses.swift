internal import CMicroHTTPDShims
import Dispatch
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Notices at once that the client of a streamed response closed its connection, although microhttpd does not.
///
/// Why: an idle stream's connection is suspended (`MHD_suspend_connection`), and microhttpd does not watch a suspended
/// connection's socket at all: neither the request-completed callback nor the response's free callback can come
/// until something resumes it. A client that closed its stream was therefore noticed only when the next event or
/// heartbeat resumed the connection, and often only at the heartbeat after (the first write into a socket the peer has
/// closed succeeds), so its stream lived on for up to two heartbeat intervals.
///
/// How: each watched connection's socket is duplicated (so the descriptor stays this object's, whatever microhttpd
/// does with its own) and registered in one epoll set for `EPOLLRDHUP` only: the peer's FIN or reset, never the
/// arrival of data, so a client that sends bytes cannot make this spin. The epoll set itself is a descriptor a
/// Dispatch read source watches; when it fires, the closed connections are collected, unregistered, and their
/// handler called (which ends the stream and so resumes the connection, which microhttpd then closes). A watch ends
/// when its handler ran or when ``forget(_:)`` is called (microhttpd freed the response), whichever comes first.
/// Without epoll (not Linux) nothing is watched and a closed stream is noticed at its next write, as before. The
/// epoll calls are C shims (`CMicroHTTPDShims_peer_close_watch_…`): Swift's Glibc module has no `<sys/epoll.h>`.
final class PeerCloses: Sendable {
    /// A read source that may cross threads: Dispatch sources are thread-safe (`cancel()` may be called anywhere).
    private struct ReadSource: @unchecked Sendable {
        let source: any DispatchSourceRead
    }

    private struct Watch {
        let descriptor: Int32
        let closed: @Sendable () -> Void
    }

    private let epoll: Int32
    private let source: ReadSource?
    private let watches = Mutex<[UInt64: Watch]>([:])

    init() {
        let epoll = CMicroHTTPDShims_peer_close_watch_create()
        self.epoll = epoll
        guard epoll >= 0 else {
            source = nil
            return
        }
        let source = ReadSource(
            source: DispatchSource.makeReadSource(
                fileDescriptor: epoll,
                queue: DispatchQueue(label: "MicroHTTPD.PeerCloses")
            )
        )
        self.source = source
        // Dispatch requires the descriptor to stay open until the source is cancelled.
        source.source.setCancelHandler { close(epoll) }
        source.source.setEventHandler { [weak self] in self?.collect() }
        source.source.resume()
    }

    deinit {
        for watch in watches.withLock({ $0.values }) {
            close(watch.descriptor)
        }
        source?.source.cancel()
    }

    /// The number of connections watched now.
    var count: Int {
        watches.withLock { $0.count }
    }

    /// Calls `closed` once, on this object's queue, when the peer of `connection` closes it (or it fails); returns
    /// false when the connection cannot be watched. `ticket` names the watch for ``forget(_:)``.
    @discardableResult
    func watch(_ connection: OpaquePointer, ticket: UInt64, closed: @escaping @Sendable () -> Void) -> Bool {
        guard epoll >= 0 else { return false }
        let descriptor = CMicroHTTPDShims_duplicate_connection_socket(connection)
        guard descriptor >= 0 else { return false }
        watches.withLock { $0[ticket] = Watch(descriptor: descriptor, closed: closed) }
        guard CMicroHTTPDShims_peer_close_watch_add(epoll, descriptor, ticket) == 0 else {
            if let watch = watches.withLock({ $0.removeValue(forKey: ticket) }) {
                close(watch.descriptor)
            }
            return false
        }
        return true
    }

    /// Stops watching `ticket` (its response is gone) and closes the duplicate; nothing if it already ended.
    func forget(_ ticket: UInt64) {
        guard let watch = watches.withLock({ $0.removeValue(forKey: ticket) }) else { return }
        end(watch)
    }

    /// Unregisters and closes a watch's duplicate. Unregistering first matters: the registration belongs to the
    /// socket, which microhttpd's own descriptor may keep open after the duplicate is closed.
    private func end(_ watch: Watch) {
        CMicroHTTPDShims_peer_close_watch_remove(epoll, watch.descriptor)
        close(watch.descriptor)
    }

    /// On the queue: takes the connections whose peer closed and calls their handlers.
    private func collect() {
        withUnsafeTemporaryAllocation(of: UInt64.self, capacity: 64) { tickets in
            guard let base = tickets.baseAddress else { return }
            while true {
                let count = Int(CMicroHTTPDShims_peer_close_watch_collect(epoll, base, Int32(tickets.count)))
                for ticket in tickets.prefix(count) {
                    guard let watch = watches.withLock({ $0.removeValue(forKey: ticket) }) else { continue }
                    end(watch)
                    watch.closed()
                }
                if count < tickets.count { return }
            }
        }
    }
}
