import Synchronization
import UnixSignals

/// A request to stop a server (`hearth serve`, `hearth fake-homegraph`, `hearth fake-device-backend`), made once (by
/// SIGTERM or SIGINT, see ``trappingSignals()``) and kept: start-up looks at it between its steps, and the running
/// service group is told through ``whenRequested(_:)``.
///
/// A request made before anyone listens is not lost: ``signal`` says it was made, and an action registered later runs
/// at once.
public final class StopRequest: Sendable {
    private struct State {
        var signal: UnixSignal?
        var actions: [@Sendable (UnixSignal) -> Void] = []
    }

    private let state = Mutex(State())

    /// A request not yet made.
    public init() {}

    /// The signal that asked to stop, or `nil` while none has.
    public var signal: UnixSignal? {
        state.withLock { $0.signal }
    }

    /// Asks to stop. The first request counts; later ones change nothing.
    public func request(_ signal: UnixSignal) {
        let actions = state.withLock { state -> [@Sendable (UnixSignal) -> Void] in
            guard state.signal == nil else { return [] }
            state.signal = signal
            defer { state.actions = [] }
            return state.actions
        }
        for action in actions { action(signal) }
    }

    /// Runs `action` once with the signal that asked to stop: at once if one has, else when one does (on the thread
    /// that made the request).
    public func whenRequested(_ action: @escaping @Sendable (UnixSignal) -> Void) {
        let signal = state.withLock { state -> UnixSignal? in
            if state.signal == nil { state.actions.append(action) }
            return state.signal
        }
        if let signal { action(signal) }
    }
}
