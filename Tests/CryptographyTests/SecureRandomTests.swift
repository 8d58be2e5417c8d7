import Cryptography
import Testing

struct SecureRandomTests {
    @Test(arguments: [0, 1, 16, 32, 1000])
    func bytesHaveTheRequestedLength(count: Int) throws {
        #expect(try SecureRandom.bytes(count: count).count == count)
    }

    @Test func bytesDifferBetweenCalls() throws {
        let first = try SecureRandom.bytes(count: 32)
        let second = try SecureRandom.bytes(count: 32)
        #expect(first != second)
        #expect(first != [UInt8](repeating: 0, count: 32))
    }

    @Test func negativeCountThrows() {
        #expect {
            _ = try SecureRandom.bytes(count: -1)
        } throws: { error in
            (error as? CryptographyError)?.code == .invalidArgument
        }
    }

    @Test func tokenIs43Base64URLCharacters() throws {
        let token = try SecureRandom.token()
        let alphabet = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
        #expect(token.count == 43)
        #expect(token.allSatisfy { alphabet.contains($0) })
        #expect(Base64URL.decode(token)?.count == 32)
    }

    @Test func tokensDiffer() throws {
        #expect(try SecureRandom.token() != SecureRandom.token())
    }

    @Test func tokenLengthFollowsByteCount() throws {
        #expect(try SecureRandom.token(byteCount: 16).count == 22)
        #expect(try SecureRandom.token(byteCount: 3).count == 4)
    }
}
