import HearthTestSupport
import Synchronization

/// Where the current `hearth serve` listens, and which servers were killed: writers and consumers that lose their
/// connection to a killed server wait here for the next one.
final class ServerRelay: Sendable {
    private struct State {
        var ports: [Int]
        var killed: Set<Int> = []
    }

    private let state: Mutex<State>
    private let restarts = EventCount()

    init(port: Int) {
        state = Mutex(State(ports: [port]))
    }

    /// The newest server: its generation (0 for the first) and port.
    var current: (generation: Int, port: Int) {
        state.withLock { ($0.ports.count - 1, $0.ports[$0.ports.count - 1]) }
    }

    /// Says that server `generation` is about to be killed (before the signal, so that whoever loses a connection
    /// to it knows why).
    func markKilled(_ generation: Int) {
        state.withLock { _ = $0.killed.insert(generation) }
    }

    func wasKilled(_ generation: Int) -> Bool {
        state.withLock { $0.killed.contains(generation) }
    }

    /// A new server listens on `port`.
    func restarted(port: Int) {
        state.withLock { $0.ports.append(port) }
        restarts.increment()
    }

    /// Blocks until a server newer than `generation` listens; `nil` after `timeout`.
    func waitForServer(after generation: Int, timeout: Duration) -> (generation: Int, port: Int)? {
        guard restarts.wait(atLeast: generation + 1, timeout: timeout) else { return nil }
        return current
    }
}
