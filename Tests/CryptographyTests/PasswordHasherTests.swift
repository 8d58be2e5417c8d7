import Cryptography
import Testing

struct PasswordHasherTests {
    /// Few iterations keep the tests fast; the default count has its own test.
    private let fastIterations = 1000

    @Test func hashVerifies() throws {
        let encoded = try PasswordHasher.hash(password: "correct horse battery staple", iterations: fastIterations)
        #expect(PasswordHasher.verify(password: "correct horse battery staple", encoded: encoded))
    }

    @Test func wrongPasswordFails() throws {
        let encoded = try PasswordHasher.hash(password: "correct horse battery staple", iterations: fastIterations)
        #expect(!PasswordHasher.verify(password: "correct horse battery stapler", encoded: encoded))
        #expect(!PasswordHasher.verify(password: "", encoded: encoded))
    }

    @Test func twoHashesOfOnePasswordDiffer() throws {
        let first = try PasswordHasher.hash(password: "1234", iterations: fastIterations)
        let second = try PasswordHasher.hash(password: "1234", iterations: fastIterations)
        #expect(first != second)
        #expect(PasswordHasher.verify(password: "1234", encoded: first))
        #expect(PasswordHasher.verify(password: "1234", encoded: second))
    }

    @Test func encodedFormat() throws {
        let encoded = try PasswordHasher.hash(password: "pin", iterations: fastIterations)
        let fields = encoded.split(separator: "$", omittingEmptySubsequences: false).map(String.init)
        #expect(fields.count == 4)
        #expect(fields[0] == "pbkdf2-sha256")
        #expect(fields[1] == "1000")
        #expect(Base64URL.decode(fields[2])?.count == 16)
        #expect(Base64URL.decode(fields[3])?.count == 32)
    }

    @Test func defaultIterationCount() throws {
        let encoded = try PasswordHasher.hash(password: "pin")
        #expect(encoded.hasPrefix("pbkdf2-sha256$210000$"))
        #expect(PasswordHasher.verify(password: "pin", encoded: encoded))
    }

    // PBKDF2-HMAC-SHA256, P = "password", S = "salt", c = 4096, dkLen = 32 (the value
    // `openssl kdf -keylen 32 -kdfopt digest:SHA256 -kdfopt pass:password -kdfopt salt:salt -kdfopt iter:4096 PBKDF2`
    // prints): checks that verify computes standard PBKDF2, not just something self-consistent.
    @Test func knownAnswer() {
        let hash = bytes(hex: "c5e478d59288c841aa530db6845c4c8d962893a001ce4e11a4963873aa98134a")
        let encoded = "pbkdf2-sha256$4096$\(Base64URL.encode(Array("salt".utf8)))$\(Base64URL.encode(hash))"
        #expect(PasswordHasher.verify(password: "password", encoded: encoded))
        #expect(!PasswordHasher.verify(password: "passwore", encoded: encoded))
        let wrongCount = "pbkdf2-sha256$4095$\(Base64URL.encode(Array("salt".utf8)))$\(Base64URL.encode(hash))"
        #expect(!PasswordHasher.verify(password: "password", encoded: wrongCount))
    }

    @Test func unicodeAndEmptyPasswords() throws {
        let unicode = try PasswordHasher.hash(password: "Grüße 🔑", iterations: fastIterations)
        #expect(PasswordHasher.verify(password: "Grüße 🔑", encoded: unicode))
        #expect(!PasswordHasher.verify(password: "Grusse 🔑", encoded: unicode))
        let empty = try PasswordHasher.hash(password: "", iterations: fastIterations)
        #expect(PasswordHasher.verify(password: "", encoded: empty))
        #expect(!PasswordHasher.verify(password: " ", encoded: empty))
    }

    static let validSalt = Base64URL.encode(Array("saltsaltsaltsalt".utf8))
    static let validHash = Base64URL.encode([UInt8](repeating: 7, count: 32))

    @Test(arguments: [
        "",
        "pbkdf2-sha256",
        "pbkdf2-sha256$1000$\(validSalt)",
        "pbkdf2-sha256$1000$\(validSalt)$\(validHash)$extra",
        "pbkdf2-sha512$1000$\(validSalt)$\(validHash)",
        "bcrypt$1000$\(validSalt)$\(validHash)",
        "pbkdf2-sha256$$\(validSalt)$\(validHash)",
        "pbkdf2-sha256$0$\(validSalt)$\(validHash)",
        "pbkdf2-sha256$-5$\(validSalt)$\(validHash)",
        "pbkdf2-sha256$+5$\(validSalt)$\(validHash)",
        "pbkdf2-sha256$ten$\(validSalt)$\(validHash)",
        "pbkdf2-sha256$99999999999$\(validSalt)$\(validHash)",
        "pbkdf2-sha256$1000$$\(validHash)",
        "pbkdf2-sha256$1000$not base64!$\(validHash)",
        "pbkdf2-sha256$1000$\(validSalt)$",
        "pbkdf2-sha256$1000$\(validSalt)$\(Base64URL.encode([UInt8](repeating: 7, count: 31)))",
        "pbkdf2-sha256$1000$\(validSalt)$\(validHash)x",
    ])
    func malformedEncodedStringIsFalse(encoded: String) {
        #expect(!PasswordHasher.verify(password: "anything", encoded: encoded))
    }

    @Test(arguments: [0, -1, PasswordHasher.maximumIterations + 1])
    func iterationCountOutOfRangeThrows(iterations: Int) {
        #expect {
            _ = try PasswordHasher.hash(password: "pin", iterations: iterations)
        } throws: { error in
            (error as? CryptographyError)?.code == .invalidArgument
        }
    }
}
