import Cryptography
import JOSE
import JSON
import Testing

/// The known-answer vectors of RFC 7515 Appendix A (copied from the RFC: they are test data).
struct RFC7515VectorTests {
    /// RFC 7515 §A.2.1: the RSA key's public half.
    static let rsaKey = """
        {"kty":"RSA",
         "n":"ofgWCuLjybRlzo0tZWJjNiuSfb4p4fAkd_wWJcyQoTbji9k0l8W26mPddxHmfHQp-Vaw-4qPCJrcS2mJPMEzP1Pt0Bm4d4QlL-yRT-SFd2lZS-pCgNMsD1W_YpRPEwOWvG6b32690r2jZ47soMZo9wGzjb_7OMg0LOL-bSf63kpaSHSXndS5z5rexMdbBYUsLA9e-KXBdQOS-UTo7WTBEMa2R2CapHg665xsmtdVMTBQY4uDZlxvb3qCo5ZwKh9kG4LT6_I5IhlJH7aGhyxXFvUK-DWNmoudF8NAco9_h9iaGNj8q2ethFkMLs91kzk2PAcDTW9gb54h4FRWyuXpoQ",
         "e":"AQAB"}
        """

    /// RFC 7515 §A.2.1: the complete JWS.
    static let rsaToken =
        "eyJhbGciOiJSUzI1NiJ9"
        + ".eyJpc3MiOiJqb2UiLA0KICJleHAiOjEzMDA4MTkzODAsDQogImh0dHA6Ly9leGFtcGxlLmNvbS9pc19yb290Ijp0cnVlfQ"
        + ".cC4hiUPoj9Eetdgtv3hF80EGrhuB__dzERat0XF9g2VtQgr9PJbu3XOiZj5RZmh7AAuHIm4Bh-0Qc_lF5YKt_O8W2Fp5jujGbds9uJdbF9"
        + "CUAr7t1dnZcAcQjbKBYNX4BAynRFdiuB--f_nZLgrnbyTyWzO75vRK5h6xBArLIARNPvkSjtQBMHlb1L07Qe7K0GarZRmB_eSN9383LcOLn"
        + "6_dO--xi12jzDwusC-eOkHWEsqtFZESc6BfI7noOPqvhJ1phCnvWh6IeYI2w9QOYEUipUTI8np6LbgGY9Fs98rqVt5AXLIhWkWywlVmtVrBp"
        + "0igcN_IoypGlUPQGe77Rw"

    /// The vector's claims have `iss` "joe" and `exp` 1300819380, and no `aud`.
    static let rsaExpectations = JWTExpectations(issuer: "joe", audience: "bob")

    @Test func rs256VectorVerifiesWithTheKey() throws {
        let key = try JSONWebKey(json: Array(Self.rsaKey.utf8))
        #expect(key.keyType == "RSA")
        #expect(key.allowedAlgorithms == [.rs256, .rs384, .rs512, .ps256, .ps384, .ps512])
        let jws = try CompactJWS(Self.rsaToken)
        #expect(jws.header.algorithm == "RS256")
        #expect(
            String(decoding: jws.payload, as: UTF8.self)
                == "{\"iss\":\"joe\",\r\n \"exp\":1300819380,\r\n \"http://example.com/is_root\":true}"
        )
        #expect(key.verify(algorithm: .rs256, signingInput: jws.signingInput, signature: jws.signature))
        #expect(!key.verify(algorithm: .rs384, signingInput: jws.signingInput, signature: jws.signature))
        #expect(!key.verify(algorithm: .ps256, signingInput: jws.signingInput, signature: jws.signature))
    }

    @Test func rs256VectorPassesTheSignatureAndReachesTheClaims() throws {
        let keys = JSONWebKeySet(keys: [try JSONWebKey(json: Array(Self.rsaKey.utf8))])
        // Before its expiry the vector fails only on the audience it does not have: the signature held.
        let result = JWTVerifier.verify(Self.rsaToken, keys: keys, expecting: Self.rsaExpectations, now: 1_300_819_000)
        #expect(result.refusal == .missingClaim("aud"))
        // One payload character changed ("joe" → "jof"): the signature no longer covers it.
        var parts = Self.rsaToken.split(separator: ".").map(String.init)
        parts[1] = "eyJpc3MiOiJqb2YiLA0KICJleHAiOjEzMDA4MTkzODAsDQogImh0dHA6Ly9leGFtcGxlLmNvbS9pc19yb290Ijp0cnVlfQ"
        let tampered = parts.joined(separator: ".")
        #expect(
            JWTVerifier.verify(tampered, keys: keys, expecting: Self.rsaExpectations, now: 1_300_819_000).refusal
                == .badSignature
        )
    }

    /// RFC 7515 §A.3.1: the P-256 key's public half.
    static let ecKey = """
        {"kty":"EC","crv":"P-256",
         "x":"f83OJ3D2xF1Bg8vub9tLe1gHMzV76e8Tus9uPHvRVEU",
         "y":"x_FEzRu9m36HLN_tue659LNpXW6pCyStikYjKIWI5a0"}
        """

    /// RFC 7515 §A.3.1: the complete ES256 JWS (same payload as A.2).
    static let ecToken =
        "eyJhbGciOiJFUzI1NiJ9"
        + ".eyJpc3MiOiJqb2UiLA0KICJleHAiOjEzMDA4MTkzODAsDQogImh0dHA6Ly9leGFtcGxlLmNvbS9pc19yb290Ijp0cnVlfQ"
        + ".DtEhU3ljbEg8L38VWAfUAqOyKAM6-Xx-F4GawxaepmXFCgfTjDxw5djxLa8ISlSApmWQxfKTUJqPP3-Kg6NU1Q"

    @Test func es256VectorVerifiesWithTheKey() throws {
        let key = try JSONWebKey(json: Array(Self.ecKey.utf8))
        #expect(key.curve == .p256)
        #expect(key.allowedAlgorithms == [.es256])
        let jws = try CompactJWS(Self.ecToken)
        #expect(jws.signature.count == 64)
        #expect(key.verify(algorithm: .es256, signingInput: jws.signingInput, signature: jws.signature))
        #expect(!key.verify(algorithm: .es384, signingInput: jws.signingInput, signature: jws.signature))
        let keys = JSONWebKeySet(keys: [key])
        #expect(
            JWTVerifier.verify(Self.ecToken, keys: keys, expecting: Self.rsaExpectations, now: 1_300_819_000).refusal
                == .missingClaim("aud")
        )
        // The same signature as DER would be (or any other length): refused, never passed on.
        #expect(!key.verify(algorithm: .es256, signingInput: jws.signingInput, signature: jws.signature + [0]))
        #expect(
            !key.verify(algorithm: .es256, signingInput: jws.signingInput, signature: Array(jws.signature.dropLast()))
        )
    }

    /// RFC 7515 §A.4: ES512 on P-521 over the payload "Payload".
    @Test func es512VectorVerifiesWithTheKey() throws {
        let key = try JSONWebKey(
            json: Array(
                """
                {"kty":"EC","crv":"P-521",
                 "x":"AekpBQ8ST8a8VcfVOTNl353vSrDCLLJXmPk06wTjxrrjcBpXp5EOnYG_NjFZ6OvLFV1jSfS9tsz4qUxcWceqwQGk",
                 "y":"ADSmRA43Z1DSNx_RvcLI87cdL07l6jQyyBXMoxVg_l2Th-x3S1WDhjDly79ajL4Kkd0AZMaZmh9ubmf63e3kyMj2"}
                """.utf8
            )
        )
        let jws = try CompactJWS(
            "eyJhbGciOiJFUzUxMiJ9.UGF5bG9hZA"
                + ".AdwMgeerwtHoh-l192l60hp9wAHZFVJbLfD_UxMi70cwnZOYaRI1bKPWROc-mZZqwqT2SI-KGDKB34XO0aw_7XdtAG8GaSwFKdCAPZ"
                + "goXD2YBJZCPEX3xKpRwcdOO8KpEHwJjyqOgzDO7iKvU8vcnwNrmxYbSW9ERBXukOXolLzeO_Jn"
        )
        #expect(jws.payload == Array("Payload".utf8))
        #expect(jws.signature.count == 132)
        #expect(key.verify(algorithm: .es512, signingInput: jws.signingInput, signature: jws.signature))
        var tampered = jws.signature
        tampered[70] ^= 1
        #expect(!key.verify(algorithm: .es512, signingInput: jws.signingInput, signature: tampered))
    }

    /// RFC 7515 §A.5: the unsecured JWS (`alg` `none`, empty signature) is refused whatever the key set.
    @Test func unsecuredVectorIsRefused() throws {
        let token =
            "eyJhbGciOiJub25lIn0"
            + ".eyJpc3MiOiJqb2UiLA0KICJleHAiOjEzMDA4MTkzODAsDQogImh0dHA6Ly9leGFtcGxlLmNvbS9pc19yb290Ijp0cnVlfQ."
        let keys = JSONWebKeySet(keys: [try JSONWebKey(json: Array(Self.rsaKey.utf8))])
        let refusal = JWTVerifier.verify(token, keys: keys, expecting: Self.rsaExpectations, now: 1_300_819_000).refusal
        #expect(refusal == .unsupportedAlgorithm("none"))
        #expect(refusal?.reason == "alg_none")
    }
}
