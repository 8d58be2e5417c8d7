/// What ``ClosableStore/checkpoint()`` did to a SQLite registry: its write-ahead log copied into the database file.
public struct StoreCheckpoint: Sendable, Hashable {
    /// The size of the write-ahead log (`-wal` file) before the checkpoint, in bytes.
    public var walBytes: Int
    /// Whether the log was emptied. `false` when another connection (another process) was still reading from it
    /// when the busy timeout ran out: the database file alone is then not yet the whole registry.
    public var truncated: Bool

    public init(walBytes: Int, truncated: Bool) {
        self.walBytes = walBytes
        self.truncated = truncated
    }
}
