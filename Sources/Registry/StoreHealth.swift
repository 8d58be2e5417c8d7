/// Whether the registry can answer, for `/healthz`.
public protocol StoreHealth: Sendable {
    /// Throws when the registry cannot answer (closed, unreadable, its disk gone).
    func checkHealth() throws
}
