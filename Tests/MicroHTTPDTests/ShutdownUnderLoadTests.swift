import Dispatch
import HearthTestSupport
import Synchronization
import Testing

@testable import MicroHTTPD

/// Shutting a thread-pool server down while its workers are busy.
///
/// microhttpd 0.9.75–1.0.1 aborts the process ("Failed to remove listen FD from epoll set") when
/// `MHD_quiesce_daemon` removes the listen socket from a worker's epoll set that the worker, woken by traffic, has
/// just removed itself: the quiesce path does not tolerate `ENOENT` for pool workers (daemon.c). Hearth accepts
/// connections on a thread of its own and stops it instead of quiescing (`CMicroHTTPDShims_acceptor_create`); this
/// drives that stop while every worker is busy. A regression here ends the test process or hangs the shutdown.
struct ShutdownUnderLoadTests {
    @Test func shuttingDownWhileEveryWorkerIsServingNeverAborts() throws {
        for _ in 0..<200 {
            let server = HTTPServer(
                configuration: HTTPServerConfiguration(port: 0, threadPoolSize: 4, shutdownGracePeriodSeconds: 5),
                responder: RecordingResponder(),
                logger: .silent
            )
            let port = try server.start()
            let answered = EventCount()
            let stop = Atomic<Bool>(false)
            let clients = DispatchGroup()
            for _ in 0..<6 {
                DispatchQueue.global().async(group: clients) {
                    // Each client opens connections and sends keep-alive requests until the server goes away.
                    while !stop.load(ordering: .acquiring) {
                        guard let client = try? RawHTTPClient(port: port) else { return }
                        for _ in 0..<20 {
                            guard (try? client.send("GET /x HTTP/1.1\r\nHost: test\r\n\r\n")) != nil,
                                let answer = try? client.readResponse(), answer.status == 200
                            else { break }
                            answered.increment()
                        }
                    }
                }
            }
            // Shut down only once traffic flows, so that workers are mid-iteration when the listener is quiesced.
            try #require(answered.wait(atLeast: 50), "the clients were answered")
            server.shutdown()
            stop.store(true, ordering: .releasing)
            clients.wait()
            #expect(server.port == nil)
            #expect(server.inFlightRequestCount == 0)
        }
    }
}
