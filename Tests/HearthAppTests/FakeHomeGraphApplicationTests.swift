import HearthApp
import HearthTestSupport
import Logging
import Testing

/// `FakeHomeGraphApplication`, in process: the key checks `hearth fake-homegraph` relies on, and the exit status each
/// refusal means (the process tests cover the listener).
struct FakeHomeGraphApplicationTests {
    static func make(publicKeyFile: String) throws(FakeHomeGraphApplication.KeyError) -> FakeHomeGraphApplication {
        try FakeHomeGraphApplication(
            host: "127.0.0.1",
            port: 0,
            publicKeyFile: publicKeyFile,
            audience: nil,
            tokenLifetimeSeconds: 60,
            logger: Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() })
        )
    }

    @Test func aMissingKeyFileIsNoInput() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let missing = directory.path("missing.pem")
        let error = #expect(throws: FakeHomeGraphApplication.KeyError.self) { try Self.make(publicKeyFile: missing) }
        #expect(error?.code == .unreadable)
        #expect(error?.message == "cannot read --public-key \(missing): give a readable PEM file")
        #expect(error.map { CommandFailure($0).status } == .noInput)
    }

    @Test func aFileThatIsNoPublicKeyIsADataError() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = try directory.write("key.pem", "not a key\n")
        let error = #expect(throws: FakeHomeGraphApplication.KeyError.self) { try Self.make(publicKeyFile: file) }
        #expect(error?.code == .invalid)
        #expect(error?.message.hasPrefix("--public-key \(file): ") == true, "\(String(describing: error))")
        #expect(error?.message.hasSuffix("; give a PEM public key") == true, "\(String(describing: error))")
        #expect(error.map { CommandFailure($0).status } == .dataError)
    }

    @Test func aPublicKeyIsAccepted() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let publicKey = directory.path("public.pem")
        try RSAKeyPair.write(privateKeyPath: directory.path("private.pem"), publicKeyPath: publicKey)
        #expect(throws: Never.self) { try Self.make(publicKeyFile: publicKey) }
    }
}
