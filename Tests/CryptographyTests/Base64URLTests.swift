import Cryptography
import Foundation
import Testing

struct Base64URLTests {
    /// RFC 4648 §10 test vectors, without padding.
    static let vectors: [(plain: String, encoded: String)] = [
        ("", ""),
        ("f", "Zg"),
        ("fo", "Zm8"),
        ("foo", "Zm9v"),
        ("foob", "Zm9vYg"),
        ("fooba", "Zm9vYmE"),
        ("foobar", "Zm9vYmFy"),
    ]

    @Test(arguments: vectors)
    func rfc4648Vectors(plain: String, encoded: String) {
        #expect(Base64URL.encode(Array(plain.utf8)) == encoded)
        #expect(Base64URL.decode(encoded) == Array(plain.utf8))
    }

    @Test func usesTheURLSafeAlphabet() {
        // Standard base64 of these bytes is "+/8=", "+++/" and "+/+/".
        #expect(Base64URL.encode([0xfb, 0xff]) == "-_8")
        #expect(Base64URL.encode([0xfb, 0xef, 0xbf]) == "---_")
        #expect(Base64URL.encode([0xfb, 0xff, 0xbf]) == "-_-_")
        #expect(Base64URL.decode("-_-_") == [0xfb, 0xff, 0xbf])
    }

    @Test func decodeAcceptsPadding() {
        #expect(Base64URL.decode("Zg==") == Array("f".utf8))
        #expect(Base64URL.decode("Zm8=") == Array("fo".utf8))
        #expect(Base64URL.decode("Zm9v") == Array("foo".utf8))
        #expect(Base64URL.decode("-_8=") == [0xfb, 0xff])
    }

    @Test func roundTripOverRandomInputs() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2000 {
            let count = Int.random(in: 0...70, using: &generator)
            let input = (0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) }
            let encoded = Base64URL.encode(input)
            #expect(!encoded.contains("="))
            #expect(Base64URL.decode(encoded) == input)
            // Cross-check against Foundation's standard base64, translated to the URL alphabet.
            let foundation = Data(input).base64EncodedString()
                .replacingOccurrences(of: "+", with: "-")
                .replacingOccurrences(of: "/", with: "_")
            #expect(Base64URL.decode(foundation) == input)
            #expect(foundation.replacingOccurrences(of: "=", with: "") == encoded)
        }
    }

    @Test(arguments: [
        "A",  // 4n + 1 characters encode nothing
        "Zm9vY",
        "Zm9v!",  // outside the alphabet
        "Zm+v",  // standard alphabet, not base64url
        "Zm/v",
        " Zg",
        "Zg\n",
        "Zg=",  // padding that does not reach a multiple of 4
        "Zg===",
        "Zm8==",
        "Z=g=",  // padding in the middle
        "Zg==Zg==",
        "=",
        "==",
        "Zh",  // non-zero unused bits: non-canonical
        "Zm9=",
        "Zü",
    ])
    func rejectsInvalidInput(input: String) {
        #expect(Base64URL.decode(input) == nil)
    }
}
