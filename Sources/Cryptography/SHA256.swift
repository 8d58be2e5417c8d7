internal import COpenSSL

/// SHA-256 (FIPS 180-4), computed by OpenSSL.
public enum SHA256 {
    /// The number of bytes in a SHA-256 digest.
    public static let byteCount = 32

    /// Returns the 32-byte SHA-256 digest of `bytes`.
    ///
    /// Traps if OpenSSL cannot compute a digest, which happens only when it cannot allocate memory or its default
    /// provider is missing: both leave the process unable to do any cryptography.
    public static func hash(_ bytes: [UInt8]) -> [UInt8] {
        var digest = [UInt8](repeating: 0, count: byteCount)
        bytes.withNonNullBytes { pointer, count in
            digest.withUnsafeMutableBytes { output in compute(pointer, count, into: output) }
        }
        return digest
    }

    /// The digest of the UTF-8 encoding of `string`, held inline: hashed from the string's own storage when it is
    /// contiguous (a native string always is), with no array on either side.
    public static func digest(utf8 string: String) -> SHA256Digest {
        SHA256Digest { output in
            let hashed: Void? = string.utf8.withContiguousStorageIfAvailable { input in
                input.withNonNullBytes { pointer, count in compute(pointer, count, into: output) }
            }
            if hashed == nil {
                Array(string.utf8).withNonNullBytes { pointer, count in compute(pointer, count, into: output) }
            }
        }
    }

    /// Hashes `count` bytes at `input` into the first 32 bytes of `output`.
    private static func compute(_ input: UnsafePointer<UInt8>, _ count: Int, into output: UnsafeMutableRawBufferPointer)
    {
        precondition(output.count >= byteCount, "a SHA-256 digest needs 32 bytes")
        var digestLength: UInt32 = 0
        let status = EVP_Digest(
            input,
            count,
            output.baseAddress?.assumingMemoryBound(to: UInt8.self),
            &digestLength,
            algorithm.pointer,
            nil
        )
        guard status == 1, digestLength == byteCount else {
            preconditionFailure(CryptographyError.openSSL(.hashingFailed, "EVP_Digest(SHA-256) failed").description)
        }
    }

    /// OpenSSL 3 looks an algorithm up in its provider on every use of `EVP_sha256()` (an "implicit fetch"); fetched
    /// once here, it saves about half the cost of hashing a bearer token on every request. A fetched `EVP_MD` is
    /// immutable and safe to share between threads; it lives as long as the process.
    private static let algorithm: FetchedDigest = {
        guard let md = EVP_MD_fetch(nil, "SHA256", nil) else {
            preconditionFailure(CryptographyError.openSSL(.hashingFailed, "EVP_MD_fetch(SHA256) failed").description)
        }
        return FetchedDigest(pointer: md)
    }()

    /// Returns the 32-byte SHA-256 digest of the UTF-8 encoding of `string`.
    public static func hash(_ string: String) -> [UInt8] {
        digest(utf8: string).bytes
    }
}

/// A fetched OpenSSL digest algorithm, shared read-only between threads (OpenSSL documents fetched `EVP_MD`
/// objects as thread-safe to use concurrently).
private struct FetchedDigest: @unchecked Sendable {
    let pointer: OpaquePointer
}
