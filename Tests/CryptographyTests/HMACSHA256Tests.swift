import Cryptography
import Testing

struct HMACSHA256Tests {
    @Test func rfc4231TestCase1() {
        let code = HMACSHA256.authenticationCode(
            for: Array("Hi There".utf8),
            key: [UInt8](repeating: 0x0b, count: 20)
        )
        #expect(Hex.encode(code) == "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7")
    }

    @Test func rfc4231TestCase2() {
        let code = HMACSHA256.authenticationCode(
            for: Array("what do ya want for nothing?".utf8),
            key: Array("Jefe".utf8)
        )
        #expect(Hex.encode(code) == "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843")
    }

    @Test func rfc4231TestCase6KeyLongerThanBlock() {
        let code = HMACSHA256.authenticationCode(
            for: Array("Test Using Larger Than Block-Size Key - Hash Key First".utf8),
            key: [UInt8](repeating: 0xaa, count: 131)
        )
        #expect(Hex.encode(code) == "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54")
    }

    // Empty buffers must not reach OpenSSL as null pointers; the value is from `openssl dgst -sha256 -hmac ''`.
    @Test func emptyKeyAndMessage() {
        let code = HMACSHA256.authenticationCode(for: [], key: [])
        #expect(Hex.encode(code) == "b613679a0814d9ec772f95d778c35fc5ff1697c493715653c6c712144292c5ad")
    }

    @Test func differentKeysGiveDifferentCodes() {
        let message = Array("same message".utf8)
        let first = HMACSHA256.authenticationCode(for: message, key: Array("key one".utf8))
        let second = HMACSHA256.authenticationCode(for: message, key: Array("key two".utf8))
        #expect(first != second)
        #expect(first.count == HMACSHA256.byteCount)
    }
}
