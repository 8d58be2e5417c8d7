import Cryptography
import Testing

/// Lower-case hexadecimal both ways: what `encode` writes `decode` reads back, and nothing else.
struct HexTests {
    @Test func encodeAndDecodeRoundTrip() {
        let bytes: [UInt8] = [0x00, 0x0F, 0xA0, 0xFF, 0x7E]
        #expect(Hex.encode(bytes) == "000fa0ff7e")
        #expect(Hex.decode("000fa0ff7e") == bytes)
        #expect(Hex.decode("") == [])
    }

    @Test(arguments: ["0", "0G", "0A", "zz", "0 ", "abc"])
    func anythingElseIsRefused(_ text: String) {
        #expect(Hex.decode(text) == nil)
    }
}
