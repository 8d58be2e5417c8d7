import Cryptography
import Testing

struct SHA256Tests {
    @Test func emptyInput() {
        #expect(Hex.encode(SHA256.hash([])) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(Hex.encode(SHA256.hash("")) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    }

    @Test func abc() {
        let expected = "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        #expect(Hex.encode(SHA256.hash("abc")) == expected)
        #expect(Hex.encode(SHA256.hash([0x61, 0x62, 0x63])) == expected)
    }

    @Test func twoBlockMessage() {
        let digest = SHA256.hash("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq")
        #expect(Hex.encode(digest) == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
    }

    @Test func oneMillionAs() {
        let digest = SHA256.hash([UInt8](repeating: 0x61, count: 1_000_000))
        #expect(Hex.encode(digest) == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    @Test func stringIsHashedAsUTF8() {
        let string = "Küche 💡"
        #expect(SHA256.hash(string) == SHA256.hash(Array(string.utf8)))
        #expect(SHA256.hash(string).count == SHA256.byteCount)
        #expect(SHA256.hash(string) != SHA256.hash("Kuche 💡"))
    }
}
