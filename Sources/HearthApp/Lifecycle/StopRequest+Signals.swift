import UnixSignals

extension StopRequest {
    /// A stop request made by SIGTERM or SIGINT, from the moment this returns to the end of the process.
    ///
    /// The default action of both signals ends the process at once: no drain of in-flight requests, no
    /// "Hearth stopped", the buffered log lines lost, the database left open with its log beside it. So `serve` traps
    /// them first, before it reads its configuration, and keeps them trapped through start-up (migrations, the seed
    /// import, the listener's start) and the service group's run, which is told through the request; the
    /// development fakes do the same before they read their key or secret.
    ///
    /// The trap is swift-service-lifecycle's `UnixSignalsSequence`: libdispatch installs a handler for each signal,
    /// process-wide, which hands it to a signal source; this returns once the sources are registered, and a task
    /// of its own turns each signal into ``request(_:)``. Blocking the signals in every thread instead (a mask and
    /// `sigwait`) cannot work on Linux: libdispatch parks the main thread in `sigsuspend` with an empty mask, so the
    /// main thread takes every signal. Call it once per process; a signal that comes before it returns still ends
    /// the process.
    public static func trappingSignals() async -> StopRequest {
        let request = StopRequest()
        let signals = await UnixSignalsSequence(trapping: .sigterm, .sigint)
        Task {
            for await signal in signals { request.request(signal) }
        }
        return request
    }
}
