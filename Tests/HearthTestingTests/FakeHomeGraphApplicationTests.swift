import Foundation
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
        try withTemporaryDirectory { directory in
            let missing = directory.appendingPathComponent("missing.pem").path
            let error = #expect(throws: FakeHomeGraphApplication.KeyError.self) {
                try Self.make(publicKeyFile: missing)
            }
            #expect(error?.code == .unreadable)
            #expect(error?.message == "cannot read --public-key \(missing): give a readable PEM file")
            #expect(error.map { CommandFailure($0).status } == .noInput)
        }
    }

    @Test func aFileThatIsNoPublicKeyIsADataError() throws {
        try withTemporaryDirectory { directory in
            let file = directory.appendingPathComponent("key.pem").path
            try Data("not a key\n".utf8).write(to: URL(fileURLWithPath: file))
            let error = #expect(throws: FakeHomeGraphApplication.KeyError.self) { try Self.make(publicKeyFile: file) }
            #expect(error?.code == .invalid)
            #expect(error?.message.hasPrefix("--public-key \(file): ") == true, "\(String(describing: error))")
            #expect(error?.message.hasSuffix("; give a PEM public key") == true, "\(String(describing: error))")
            #expect(error.map { CommandFailure($0).status } == .dataError)
        }
    }

    @Test func aPublicKeyIsAccepted() throws {
        try withTemporaryDirectory { directory in
            let publicKey = directory.appendingPathComponent("public.pem").path
            try RSAKeyPair.write(
                privateKeyPath: directory.appendingPathComponent("private.pem").path,
                publicKeyPath: publicKey
            )
            #expect(throws: Never.self) { try Self.make(publicKeyFile: publicKey) }
        }
    }
}
