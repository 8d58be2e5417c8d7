internal import COpenSSL

/// Returns whether `a` and `b` hold the same bytes, taking a time that depends only on their length.
///
/// Use it to compare secrets (authentication codes, token hashes, password hashes) so that the time taken does not
/// tell an attacker how many leading bytes they guessed right. Arrays of different lengths are unequal; that answer
/// comes at once, which reveals only the length, and the lengths compared here (digest sizes) are public.
/// Two empty arrays are equal.
public func constantTimeEquals(_ a: [UInt8], _ b: [UInt8]) -> Bool {
    guard a.count == b.count else {
        return false
    }
    return a.withNonNullBytes { aPointer, count in
        b.withNonNullBytes { bPointer, _ in
            CRYPTO_memcmp(aPointer, bPointer, count) == 0
        }
    }
}
