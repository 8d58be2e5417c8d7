import ServiceLifecycle

extension StopRequest {
    /// Shuts `group` down gracefully once a stop is requested. The group takes no signals of its own: a request made
    /// before it runs is kept, and the group stops its services as soon as it has started them.
    func shutDownWhenRequested(_ group: ServiceGroup) {
        whenRequested { _ in Task { await group.triggerGracefulShutdown() } }
    }
}
