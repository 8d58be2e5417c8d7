import Cryptography
import Testing

struct CryptographyErrorTests {
    @Test func descriptionIsCodeThenMessage() {
        let error = CryptographyError(code: .signingFailed, message: "EVP_DigestSign failed")
        #expect(error.description == "signingFailed: EVP_DigestSign failed")
    }

    @Test func codesAreDistinct() {
        let codes: [CryptographyError.Code] = [
            .randomFailed, .invalidKey, .signingFailed, .hashingFailed, .invalidArgument,
        ]
        #expect(Set(codes).count == codes.count)
        #expect(
            codes.map(\.description) == [
                "randomFailed", "invalidKey", "signingFailed", "hashingFailed", "invalidArgument",
            ]
        )
    }
}
