/// The drain's wake-up function, held by reference (see ``RegistryState/outboxObserver``).
package final class OutboxObserver: Sendable {
    package let notify: @Sendable () -> Void

    package init(_ notify: @escaping @Sendable () -> Void) {
        self.notify = notify
    }
}
