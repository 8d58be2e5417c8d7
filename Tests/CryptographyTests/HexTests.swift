import Cryptography
import Testing

struct HexTests {
    @Test func encodesLowerCaseWithLeadingZeros() {
        #expect(Hex.encode([0x00, 0x0f, 0xa0, 0xff]) == "000fa0ff")
        #expect(Hex.encode([0xde, 0xad, 0xbe, 0xef]) == "deadbeef")
    }

    @Test func empty() {
        #expect(Hex.encode([]) == "")
    }

    @Test func everyByteValue() {
        let all = (0...255).map { UInt8($0) }
        let encoded = Hex.encode(all)
        #expect(encoded.count == 512)
        #expect(encoded.hasPrefix("000102030405060708090a0b0c0d0e0f10"))
        #expect(encoded.hasSuffix("fafbfcfdfeff"))
        #expect(encoded == encoded.lowercased())
    }
}
