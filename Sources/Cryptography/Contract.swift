// Contract for the Cryptography module (to be replaced by the real implementation, one type per file).
//
// public enum SHA256 {
//     public static func hash(_ bytes: [UInt8]) -> [UInt8]            // 32 bytes
//     public static func hash(_ string: String) -> [UInt8]            // of the UTF-8 bytes
// }
// public enum HMACSHA256 {
//     public static func authenticationCode(for message: [UInt8], key: [UInt8]) -> [UInt8]
// }
// public func constantTimeEquals(_ a: [UInt8], _ b: [UInt8]) -> Bool   // CRYPTO_memcmp; false on length mismatch
// public enum SecureRandom {
//     public static func bytes(count: Int) throws(CryptographyError) -> [UInt8]        // RAND_bytes
//     public static func token(byteCount: Int = 32) throws(CryptographyError) -> String // base64url, no padding
// }
// public enum Base64URL { encode([UInt8]) -> String; decode(String) -> [UInt8]? }
// public enum Hex { encode([UInt8]) -> String (lower case) }
// public struct RSAPrivateKey: Sendable { init(pem: String) throws(CryptographyError); func signRS256([UInt8]) throws -> [UInt8] }
// public enum PasswordHasher { hash(password:) throws -> String; verify(password:, encoded:) -> Bool }  // PBKDF2-HMAC-SHA256
// public struct CryptographyError: Error, CustomStringConvertible { code: Code; message: String }
