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

    /// The inline digest is the same SHA-256 as the array one, byte for byte, for the FIPS 180-4 vectors, an empty
    /// string, non-ASCII text, a small string (stored inline in the `String`) and a long one (stored on the heap), and a
    /// string sliced out of a longer one.
    @Test(arguments: [
        "", "abc", "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", "Küche 💡", "x",
        String(repeating: "token-", count: 100),
    ])
    func inlineDigestIsTheSameHash(_ string: String) {
        let digest = SHA256.digest(utf8: string)
        #expect(digest.bytes == SHA256.hash(string))
        #expect(SHA256Digest(bytes: digest.bytes) == digest)
        let sliced = String(("<" + string + ">").dropFirst().dropLast())
        #expect(SHA256.digest(utf8: sliced) == digest)
    }

    @Test func inlineDigestsCompareAndHashByEveryByte() {
        let digest = SHA256.digest(utf8: "abc")
        var bytes = digest.bytes
        #expect(SHA256Digest(bytes: bytes.dropLast()) == nil, "31 bytes are not a digest")
        #expect(SHA256Digest(bytes: bytes + [0]) == nil, "nor are 33")
        for index in [0, 7, 8, 15, 16, 24, 31] {
            var changed = bytes
            changed[index] ^= 0x01
            let other = try! #require(SHA256Digest(bytes: changed))
            #expect(other != digest, "byte \(index) counts")
        }
        bytes.swapAt(0, 31)
        #expect(SHA256Digest(bytes: bytes) != digest)
        let keyed: [SHA256Digest: String] = [digest: "abc", SHA256.digest(utf8: "abd"): "abd"]
        #expect(keyed[SHA256.digest(utf8: "abc")] == "abc")
        #expect(keyed[SHA256.digest(utf8: "abd")] == "abd")
        #expect(keyed[SHA256.digest(utf8: "abe")] == nil)
    }
}
