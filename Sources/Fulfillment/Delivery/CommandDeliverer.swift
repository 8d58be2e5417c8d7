/// Carries an EXECUTE's commands to the devices' own backend (`commands.delivery: webhook`) and reports what the
/// backend said. Fulfillment knows nothing of how (HTTP, signing, JSON): the app wires an implementation in
/// (`CommandDelivery`'s `WebhookDeliverer`); without one, EXECUTE applies commands to the registry only.
public protocol CommandDeliverer: Sendable {
    /// Sends `commands` and calls `completion` exactly once, from any thread, at the latest when `deadline` has
    /// passed (then with ``DeliveryOutcome/deadlinePassed``). Must never block the caller's thread.
    func deliver(
        _ commands: PlannedCommands,
        deadline: Duration,
        completion: @escaping @Sendable (DeliveryOutcome) -> Void
    )
}
