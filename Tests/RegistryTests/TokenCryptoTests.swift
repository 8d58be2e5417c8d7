import Cryptography
import Testing

@testable import Registry

struct TokenCryptoTests {
    private func hex(_ digest: SHA256Digest) -> String {
        digest.bytes.map { String($0, radix: 16).count == 1 ? "0" + String($0, radix: 16) : String($0, radix: 16) }
            .joined()
    }

    @Test func hashIsSHA256OfTheUTF8Bytes() {
        #expect(hex(tokenHash("abc")) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(hex(tokenHash("")) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(
            hex(tokenHash(String(repeating: "a", count: 1000)))
                == "41edece42d63e8d9bf515a9ba6932e1c20cbc9f5a5d134645adb5db1b9737ea3"
        )
    }

    @Test func equalityComparesWholeHashes() {
        #expect(tokenHash("a") == tokenHash("a"))
        #expect(tokenHash("a") != tokenHash("b"))
        #expect(Array(tokenHash("a").data) == tokenHash("a").bytes, "the blob stored is the digest's bytes")
    }

    @Test func newTokensAreBase64URLAndDistinct() throws {
        let alphabet = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
        let tokens = try (0..<50).map { _ in try newToken() }
        #expect(Set(tokens).count == 50)
        for token in tokens {
            #expect(token.count == 43)
            #expect(token.allSatisfy(alphabet.contains))
        }
    }
}
