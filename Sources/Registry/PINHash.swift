import Cryptography
import MatterModel

/// Hashing and checking device PINs: PBKDF2-HMAC-SHA256 through Cryptography's `PasswordHasher`, the iteration
/// count, salt and hash in the stored string (`pbkdf2-sha256$<iterations>$<salt>$<hash>`).
///
/// ``iterations`` is far below the 210 000 OWASP recommends for passwords, on purpose: a PIN is checked on the
/// request path (one EXECUTE, inside its transaction), so one check should cost tens of milliseconds, not hundreds.
/// That is acceptable because a PIN's strength is not the hash but the rate limit: after
/// `fulfillment.maxPinAttempts` wrong PINs the device answers `tooManyFailedAttempts` without hashing anything, and
/// an attacker who steals the database faces at most 10¹² candidates however slow the hash is. The count lives in
/// each hash, so raising it later keeps old hashes verifying.
public enum PINHash {
    /// PBKDF2 iterations for new PIN hashes.
    public static let iterations = 25_000

    /// Hashes a PIN with a fresh salt.
    public static func hash(_ pin: String) throws -> String {
        try PasswordHasher.hash(password: pin, iterations: iterations)
    }

    /// Whether `pin` matches `encoded`; the final comparison takes constant time (`PasswordHasher.verify`).
    /// A malformed hash matches nothing.
    public static func verify(_ pin: String, against encoded: String) -> Bool {
        PasswordHasher.verify(password: pin, encoded: encoded)
    }

    /// Whether `pin` matches a device's secret. A hashed secret is checked as ``verify(_:against:)`` does; a clear
    /// one (only a device built in code holds one: stores hash on import) is compared in constant time.
    public static func verify(_ pin: String, secret: PINSecret) -> Bool {
        switch secret {
        case .hashed(let encoded): verify(pin, against: encoded)
        case .clear(let clear): constantTimeEquals(Array(pin.utf8), Array(clear.utf8))
        }
    }
}

extension Device {
    /// This device with a PIN given in clear replaced by its hash: what every store keeps. Hashing happens before
    /// the import's transaction opens, so the writer is not held for it.
    package func hashingPIN() throws -> Device {
        guard case .pin(.clear(let pin)) = challenge else { return self }
        var device = self
        device.challenge = .pin(.hashed(try PINHash.hash(pin)))
        return device
    }
}

extension DeviceFile {
    /// The file with every clear PIN hashed (see ``Device/hashingPIN()``).
    package func hashingPINs() throws -> DeviceFile {
        var file = self
        for userIndex in file.users.indices {
            for deviceIndex in file.users[userIndex].devices.indices {
                file.users[userIndex].devices[deviceIndex] = try file.users[userIndex].devices[deviceIndex].hashingPIN()
            }
        }
        return file
    }
}
