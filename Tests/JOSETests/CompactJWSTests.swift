import Cryptography
import JOSE
import Testing

struct CompactJWSTests {
    static let header = Base64URL.encode(Array("{\"alg\":\"RS256\",\"kid\":\"k1\",\"typ\":\"JWT\"}".utf8))
    static let payload = Base64URL.encode(Array("{\"sub\":\"a\"}".utf8))
    static let signature = Base64URL.encode([1, 2, 3])

    @Test func partsAreSplitAndDecoded() throws {
        let jws = try CompactJWS("\(Self.header).\(Self.payload).\(Self.signature)")
        #expect(jws.header.algorithm == "RS256")
        #expect(jws.header.keyID == "k1")
        #expect(jws.header.type == "JWT")
        #expect(jws.header.critical == nil)
        #expect(jws.payload == Array("{\"sub\":\"a\"}".utf8))
        #expect(jws.signingInput == Array("\(Self.header).\(Self.payload)".utf8))
        #expect(jws.signature == [1, 2, 3])
    }

    @Test(arguments: [
        "", ".", "..", "a.b", "a.b.c.d", "a.b.c.d.e",
        "\(header).\(payload)",
        "\(header)=.\(payload).\(signature)",
        "\(header).\(payload)=.\(signature)",
        "\(header).\(payload).\(signature)=",
        "\(header).\(payload).AQI+",
        "\(header).\(payload).AQ/I",
        "\(header) .\(payload).\(signature)",
        ".\(payload).\(signature)",
        "\(Base64URL.encode(Array("[\"alg\"]".utf8))).\(payload).\(signature)",
        "\(Base64URL.encode(Array("{\"kid\":\"k1\"}".utf8))).\(payload).\(signature)",
        "\(Base64URL.encode(Array("{\"alg\":1}".utf8))).\(payload).\(signature)",
        "\(Base64URL.encode(Array("{\"alg\":\"RS256\",\"alg\":\"none\"}".utf8))).\(payload).\(signature)",
        "\(Base64URL.encode(Array("{\"alg\":\"RS256\",\"crit\":[]}".utf8))).\(payload).\(signature)",
        "\(Base64URL.encode(Array("{\"alg\":\"RS256\",\"crit\":\"b64\"}".utf8))).\(payload).\(signature)",
        "\(Base64URL.encode(Array("{\"alg\":\"RS256\",\"kid\":7}".utf8))).\(payload).\(signature)",
    ])
    func malformedTokensAreRefused(token: String) {
        do {
            _ = try CompactJWS(token)
            Issue.record("accepted \(token)")
        } catch {
            #expect(error.code == .malformed)
        }
    }

    @Test func sizesAreBounded() throws {
        let big = Base64URL.encode([UInt8](repeating: 0x41, count: 13_000))
        do {
            _ = try CompactJWS("\(Self.header).\(big).\(Self.signature)")
            Issue.record("a token over 16 KiB was accepted")
        } catch {
            #expect(error.code == .tooLarge)
        }
        #expect(try CompactJWS("\(Self.header).\(big).\(Self.signature)", maxBytes: 20_000).payload.count == 13_000)
        let padding = String(repeating: " ", count: 4_100)
        let bigHeader = Base64URL.encode(Array("{\"alg\":\"RS256\"\(padding)}".utf8))
        do {
            _ = try CompactJWS("\(bigHeader).\(Self.payload).\(Self.signature)")
            Issue.record("a header over 4 KiB was accepted")
        } catch {
            #expect(error.code == .tooLarge)
        }
    }

    @Test func refusalsThroughTheVerifierAreMalformed() {
        let refusal = JWTVerifier.verify(
            "not a token",
            keys: JSONWebKeySet(keys: []),
            expecting: JWTExpectations(issuer: "i", audience: "a"),
            now: 0
        ).refusal
        guard case .malformed? = refusal else {
            Issue.record("expected malformed, got \(String(describing: refusal))")
            return
        }
        #expect(refusal?.reason == "malformed")
    }

    @Test(arguments: [
        ("1800000000", Int64?.some(1_800_000_000)), ("1800000000.999", 1_800_000_000), ("-1.5", -1), ("0", 0),
        ("9007199254740992", 9_007_199_254_740_992), ("9007199254740993", nil), ("1.8e9", nil),
        ("99999999999999999999", nil),
    ])
    func numericDatesAreReadExactly(text: String, seconds: Int64?) throws {
        let payload = Array("{\"exp\":\(text)}".utf8)
        if let seconds {
            #expect(try JWTClaims(json: payload).expires == seconds)
        } else {
            #expect(throws: JOSEError.self) { try JWTClaims(json: payload) }
        }
    }
}
