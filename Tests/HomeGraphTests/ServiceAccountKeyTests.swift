import Cryptography
import Foundation
import HomeGraph
import JSON
import Testing

struct ServiceAccountKeyTests {
    /// A key file as the Cloud console writes it, with `pem` as its private key.
    private func keyFile(pem: String, dropping field: String? = nil, replacing: (String, JSONValue)? = nil) -> [UInt8] {
        var members: [(String, JSONValue)] = [
            ("type", "service_account"),
            ("project_id", "hearth-test"),
            ("private_key_id", "0123abcd"),
            ("private_key", .string(pem)),
            ("client_email", "hearth@hearth-test.iam.gserviceaccount.com"),
            ("client_id", "1234567890"),
            ("auth_uri", "https://accounts.google.com/o/oauth2/auth"),
            ("token_uri", "https://oauth2.googleapis.com/token"),
        ]
        members.removeAll { $0.0 == field }
        if let (name, value) = replacing, let index = members.firstIndex(where: { $0.0 == name }) {
            members[index].1 = value
        }
        return JSONWriter.bytes(.object(JSONObject(members)))
    }

    @Test func readsAConsoleKeyFile() throws {
        let key = try ServiceAccountKey(json: keyFile(pem: try TestKeyPair.main.privatePEM))
        #expect(key.clientEmail == "hearth@hearth-test.iam.gserviceaccount.com")
        #expect(key.privateKeyID == "0123abcd")
        #expect(key.tokenURI.absoluteString == "https://oauth2.googleapis.com/token")
        #expect(key.projectID == "hearth-test")
        #expect(key.privateKey.bitCount == 2048)
    }

    @Test(arguments: ["client_email", "private_key", "token_uri"])
    func aMissingFieldIsNamed(field: String) throws {
        let error = #expect(throws: HomeGraphError.self) {
            try ServiceAccountKey(json: keyFile(pem: try TestKeyPair.main.privatePEM, dropping: field))
        }
        #expect(error?.code == .invalidServiceAccountKey)
        #expect(error?.message.contains("\"\(field)\" is missing") == true)
    }

    @Test func privateKeyIdIsOptional() throws {
        let key = try ServiceAccountKey(json: keyFile(pem: try TestKeyPair.main.privatePEM, dropping: "private_key_id"))
        #expect(key.privateKeyID == nil)
    }

    @Test func anUnreadablePrivateKeyIsRefused() throws {
        let error = #expect(throws: HomeGraphError.self) {
            try ServiceAccountKey(json: keyFile(pem: "-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n"))
        }
        #expect(error?.message.contains("\"private_key\" is not a usable RSA private key") == true)
    }

    @Test func aPublicKeyIsNotAPrivateKey() throws {
        #expect(throws: HomeGraphError.self) {
            try ServiceAccountKey(json: keyFile(pem: try TestKeyPair.main.publicPEM))
        }
    }

    @Test(arguments: [JSONValue.string("not a url"), .string("ftp://example.com/token"), .int(7)])
    func aBadTokenURIIsRefused(value: JSONValue) throws {
        let error = #expect(throws: HomeGraphError.self) {
            try ServiceAccountKey(
                json: keyFile(pem: try TestKeyPair.main.privatePEM, replacing: ("token_uri", value))
            )
        }
        #expect(error?.message.contains("token_uri") == true)
    }

    @Test func anotherKindOfCredentialIsRefused() throws {
        let error = #expect(throws: HomeGraphError.self) {
            try ServiceAccountKey(
                json: keyFile(pem: try TestKeyPair.main.privatePEM, replacing: ("type", "authorized_user"))
            )
        }
        #expect(error?.message.contains("not \"service_account\"") == true)
    }

    @Test func notJSONIsRefused() {
        let error = #expect(throws: HomeGraphError.self) { try ServiceAccountKey(json: Array("{oops".utf8)) }
        #expect(error?.message.contains("not JSON") == true)
        #expect(throws: HomeGraphError.self) { try ServiceAccountKey(json: Array("[1]".utf8)) }
    }

    @Test func aMissingFileIsNamed() {
        let error = #expect(throws: HomeGraphError.self) {
            try ServiceAccountKey(contentsOfFile: "/nonexistent/hearth-key.json")
        }
        #expect(error?.message.contains("/nonexistent/hearth-key.json") == true)
    }

    @Test func readsAFile() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("hearth-key-\(UUID().uuidString).json")
        try Data(keyFile(pem: try TestKeyPair.main.privatePEM)).write(to: path)
        defer { try? FileManager.default.removeItem(at: path) }
        let key = try ServiceAccountKey(contentsOfFile: path.path)
        #expect(key.clientEmail == "hearth@hearth-test.iam.gserviceaccount.com")
    }
}
