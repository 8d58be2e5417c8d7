/// A SHA-256 digest held inline (four 64-bit words, no array): what a lookup keyed by a hash wants on a hot path, where
/// an array would cost two allocations (the input bytes and the digest) and hashing 32 elements one at a time.
///
/// `==` compares all four words whatever they hold, with no early exit (an exclusive-or of each pair, or-ed together),
/// so comparing a presented token's digest with a stored one takes the same time however many bytes match.
public struct SHA256Digest: Hashable, Sendable {
    private let word0: UInt64
    private let word1: UInt64
    private let word2: UInt64
    private let word3: UInt64

    /// The digest of 32 bytes as stored (a database column); nil for any other length.
    public init?(bytes: some Collection<UInt8>) {
        guard bytes.count == SHA256.byteCount else { return nil }
        self.init { raw in
            for (index, byte) in bytes.enumerated() { raw[index] = byte }
        }
    }

    /// Builds a digest from the 32 bytes `fill` writes.
    init(filling fill: (UnsafeMutableRawBufferPointer) -> Void) {
        var words: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
        withUnsafeMutableBytes(of: &words) { fill($0) }
        (word0, word1, word2, word3) = words
    }

    /// The 32 bytes, in the digest's order.
    public var bytes: [UInt8] {
        withUnsafeBytes(of: (word0, word1, word2, word3)) { Array($0) }
    }

    public static func == (a: SHA256Digest, b: SHA256Digest) -> Bool {
        ((a.word0 ^ b.word0) | (a.word1 ^ b.word1) | (a.word2 ^ b.word2) | (a.word3 ^ b.word3)) == 0
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(word0)
        hasher.combine(word1)
        hasher.combine(word2)
        hasher.combine(word3)
    }
}
