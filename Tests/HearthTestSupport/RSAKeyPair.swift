import Foundation

/// An RSA key pair made with the openssl command line at test time (`genpkey`, then `pkey -pubout`), as PEM text.
public struct RSAKeyPair: Sendable {
    /// The private key, PKCS#8 PEM.
    public let privatePEM: String
    /// The public key, SubjectPublicKeyInfo PEM.
    public let publicPEM: String

    /// Writes a fresh key to `privateKeyPath` (PKCS#8 PEM) and, when given, its public half to `publicKeyPath`.
    public static func write(privateKeyPath: String, publicKeyPath: String? = nil, bits: Int = 2048) throws {
        try runOpenSSLChecked([
            "genpkey", "-algorithm", "RSA", "-pkeyopt", "rsa_keygen_bits:\(bits)", "-out", privateKeyPath,
        ])
        if let publicKeyPath {
            try runOpenSSLChecked(["pkey", "-in", privateKeyPath, "-pubout", "-out", publicKeyPath])
        }
    }

    /// Generates a key pair in a temporary directory, removed before returning.
    public static func generate(bits: Int = 2048) throws -> RSAKeyPair {
        try withTemporaryDirectory { directory in
            let keyPath = directory.appendingPathComponent("key.pem").path
            let publicPath = directory.appendingPathComponent("pub.pem").path
            try write(privateKeyPath: keyPath, publicKeyPath: publicPath, bits: bits)
            return RSAKeyPair(
                privatePEM: try String(contentsOfFile: keyPath, encoding: .utf8),
                publicPEM: try String(contentsOfFile: publicPath, encoding: .utf8)
            )
        }
    }
}

/// Generates an RSA key with the openssl command line into `directory` and returns the path of the PKCS#8 PEM file.
public func generateRSAKey(in directory: URL, bits: Int = 2048) throws -> URL {
    let key = directory.appendingPathComponent("key.pem")
    try RSAKeyPair.write(privateKeyPath: key.path, bits: bits)
    return key
}
