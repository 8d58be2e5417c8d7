import Cryptography
import Testing

struct ConstantTimeEqualsTests {
    @Test func equalArrays() {
        let digest = SHA256.hash("abc")
        #expect(constantTimeEquals(digest, digest))
        #expect(constantTimeEquals([1, 2, 3], [1, 2, 3]))
    }

    @Test func differingBytes() {
        #expect(!constantTimeEquals([1, 2, 3], [1, 2, 4]))
        #expect(!constantTimeEquals([0, 2, 3], [1, 2, 3]))
        var tampered = SHA256.hash("abc")
        tampered[31] ^= 0x01
        #expect(!constantTimeEquals(SHA256.hash("abc"), tampered))
    }

    @Test func differentLengths() {
        #expect(!constantTimeEquals([1, 2, 3], [1, 2]))
        #expect(!constantTimeEquals([1, 2], [1, 2, 3]))
        #expect(!constantTimeEquals([], [0]))
    }

    @Test func emptyArraysAreEqual() {
        #expect(constantTimeEquals([], []))
    }
}
