import Cryptography
import JOSE
import Testing

struct JSONWebKeySetTests {
    static let rsa = Result { try TestKey.make(.rsa(bits: 2048)) }
    static let p256 = Result { try TestKey.make(.ec(.p256)) }

    @Test func unusableKeysAreSkippedNotFatal() throws {
        let rsa = try Self.rsa.get()
        let small = try TestKey.make(.rsa(bits: 1024))
        let keys = try TestKey.keySet(
            "{\"kty\":\"oct\",\"kid\":\"hmac\",\"k\":\"hJtXIZ2uSN5kbQfbtTNWbpdmhkV8FJG-Onbc6mxCcYg\"}",
            small.jwk(keyID: "small"),
            rsa.jwk(keyID: "enc", use: "enc"),
            "{\"kty\":\"OKP\",\"kid\":\"ed\",\"crv\":\"Ed25519\",\"x\":\"11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo\"}",
            "{\"kty\":\"EC\",\"kid\":\"k1\",\"crv\":\"secp256k1\",\"x\":\"AA\",\"y\":\"AA\"}",
            rsa.jwk(keyID: "oaep", algorithm: "RSA-OAEP"),
            "{\"kty\":\"RSA\",\"kid\":\"padded\",\"n\":\"AQAB==\",\"e\":\"AQAB\"}",
            "\"not an object\"",
            rsa.jwk(keyID: "good")
        )
        #expect(keys.keys.map(\.keyID) == ["good"])
        #expect(keys.skipped.map(\.keyID) == ["hmac", "small", "enc", "ed", "k1", "oaep", "padded", nil])
        #expect(keys.skipped.allSatisfy { !$0.reason.isEmpty })
    }

    @Test func aKeyOfTheSkippedKindIsAnErrorOnItsOwn() throws {
        let small = try TestKey.make(.rsa(bits: 1024))
        #expect(throws: JOSEError.self) { try JSONWebKey(json: Array(small.jwk().utf8)) }
        do {
            _ = try JSONWebKey(json: Array(small.jwk().utf8))
            Issue.record("a 1024-bit RSA key was accepted")
        } catch {
            #expect(error.code == .unusableKey)
            #expect(error.message.contains("1024 bits"))
        }
        do {
            _ = try JSONWebKey(json: Array("{\"kty\":\"oct\",\"k\":\"AAAA\"}".utf8))
            Issue.record("an oct key was accepted")
        } catch {
            #expect(error.code == .unusableKey)
        }
    }

    @Test func aPointNotOnTheCurveIsRefused() throws {
        let key = try Self.p256.get()
        let x = key.publicMembers.first { $0.0 == "x" }!.1
        var y = try #require(Base64URL.decode(key.publicMembers.first { $0.0 == "y" }!.1))
        y[31] ^= 1
        let json = "{\"kty\":\"EC\",\"crv\":\"P-256\",\"x\":\"\(x)\",\"y\":\"\(Base64URL.encode(y))\"}"
        do {
            _ = try JSONWebKey(json: Array(json.utf8))
            Issue.record("a point off the curve was accepted")
        } catch {
            #expect(error.code == .unusableKey)
        }
        // Coordinates one byte short (a leading zero dropped) are refused as well (RFC 7518 §6.2.1.2).
        let short =
            "{\"kty\":\"EC\",\"crv\":\"P-256\",\"x\":\"\(Base64URL.encode(Array(try #require(Base64URL.decode(x)).dropFirst())))\",\"y\":\"\(Base64URL.encode(y))\"}"
        #expect(throws: JOSEError.self) { try JSONWebKey(json: Array(short.utf8)) }
    }

    @Test func allowedAlgorithmsFollowTheKey() throws {
        let rsa = try Self.rsa.get()
        let p256 = try Self.p256.get()
        #expect(try JSONWebKey(json: Array(rsa.jwk().utf8)).allowedAlgorithms.count == 6)
        #expect(try JSONWebKey(json: Array(rsa.jwk(algorithm: "PS512").utf8)).allowedAlgorithms == [.ps512])
        #expect(try JSONWebKey(json: Array(p256.jwk().utf8)).allowedAlgorithms == [.es256])
        #expect(throws: JOSEError.self) { try JSONWebKey(json: Array(rsa.jwk(algorithm: "ES256").utf8)) }
        let keys = try TestKey.keySet(
            rsa.jwk(keyID: "a", algorithm: "RS256"),
            rsa.jwk(keyID: "b"),
            p256.jwk(keyID: "a")
        )
        #expect(keys.candidates(keyID: "a", algorithm: .rs256).map(\.keyType) == ["RSA"])
        #expect(keys.candidates(keyID: "a", algorithm: .es256).map(\.keyType) == ["EC"])
        #expect(keys.candidates(keyID: nil, algorithm: .rs256).map(\.keyID) == ["a", "b"])
        #expect(keys.candidates(keyID: nil, algorithm: .ps256).map(\.keyID) == ["b"])
        #expect(keys.candidates(keyID: "c", algorithm: .rs256).isEmpty)
    }

    @Test func keyOperationsMustIncludeVerify() throws {
        let members = try Self.rsa.get().publicMembers.map { "\"\($0.0)\":\"\($0.1)\"" }.joined(separator: ",")
        let keys = try TestKey.keySet(
            "{\(members),\"kid\":\"sign-only\",\"key_ops\":[\"sign\"]}",
            "{\(members),\"kid\":\"verify\",\"key_ops\":[\"verify\"]}"
        )
        #expect(keys.keys.map(\.keyID) == ["verify"])
    }

    @Test func theDocumentIsBounded() throws {
        let one = try Self.p256.get().jwk()
        let tooMany = "{\"keys\":[" + Array(repeating: one, count: 65).joined(separator: ",") + "]}"
        do {
            _ = try JSONWebKeySet(json: Array(tooMany.utf8))
            Issue.record("65 keys were accepted")
        } catch {
            #expect(error.code == .tooLarge)
        }
        let sixtyFour = "{\"keys\":[" + Array(repeating: one, count: 64).joined(separator: ",") + "]}"
        #expect(try JSONWebKeySet(json: Array(sixtyFour.utf8)).keys.count == 64)
        do {
            _ = try JSONWebKeySet(json: Array(sixtyFour.utf8), maxBytes: 1000)
            Issue.record("a document over maxBytes was accepted")
        } catch {
            #expect(error.code == .tooLarge)
        }
        let longModulus =
            "{\"keys\":[{\"kty\":\"RSA\",\"n\":\"\(String(repeating: "A", count: 1401))\",\"e\":\"AQAB\"}]}"
        #expect(try JSONWebKeySet(json: Array(longModulus.utf8)).skipped.first?.reason.contains("longer") == true)
    }

    @Test(arguments: ["", "[]", "{}", "{\"keys\":{}}", "{\"keys\":[]]", "{\"keys\":[],\"keys\":[]}"])
    func malformedDocumentsAreRefused(document: String) throws {
        do {
            _ = try JSONWebKeySet(json: Array(document.utf8))
            Issue.record("accepted \(document)")
        } catch {
            #expect(error.code == .malformed)
        }
    }
}
