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
        var digestLength: UInt32 = 0
        let status = bytes.withNonNullBytes { pointer, count in
            digest.withUnsafeMutableBufferPointer { output in
                EVP_Digest(pointer, count, output.baseAddress, &digestLength, EVP_sha256(), nil)
            }
        }
        guard status == 1, digestLength == byteCount else {
            preconditionFailure(CryptographyError.openSSL(.hashingFailed, "EVP_Digest(SHA-256) failed").description)
        }
        return digest
    }

    /// Returns the 32-byte SHA-256 digest of the UTF-8 encoding of `string`.
    public static func hash(_ string: String) -> [UInt8] {
        hash(Array(string.utf8))
    }
}
