import HearthHTTP
import MicroHTTPD
import RecordReplay
import Registry
import ServiceLifecycle

/// Hearth built and listening (``HearthApplication/start(overrides:)``): its registry, the port its listener is
/// bound to, its metrics, and the services `hearth serve` runs beside the listener.
public struct HearthServer: Sendable {
    /// The registry, open.
    public let store: any ServingStore
    /// The port the listener is bound to (the configured one, or the one the system chose for port 0).
    public let port: Int
    /// The metrics `/metrics` serves; `nil` when `metrics.enabled` is off.
    public let metrics: HearthMetrics?
    /// The listener, started.
    public let listener: HTTPServer
    /// The recorder of answered intents, if any: drained before the registry closes.
    let recorder: FulfillmentRecorder?
    /// What a service group runs, in start order: the HomeGraph drain (when reporting), the change-log pruning, the
    /// listener. The group stops them in reverse: the listener first, so nothing is written after the drain stops.
    let services: [any Service]

    /// Stops the listener (in-flight requests finish), writes what the recorder holds, and closes the registry.
    public func shutdown() {
        listener.shutdown()
        recorder?.drain()
        try? store.close()
    }
}
