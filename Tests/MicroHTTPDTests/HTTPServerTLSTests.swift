import Foundation
import HTTPMessages
import HearthTestSupport
import Logging
import Testing

@testable import MicroHTTPD

/// HTTPS through microhttpd and GnuTLS, with certificates made by the `openssl` command line.
struct HTTPServerTLSTests {
    private func tlsServer(
        _ credentials: TLSCredentials,
        responder: some HTTPResponder = RecordingResponder()
    )
        -> HTTPServer
    {
        HTTPServer(
            configuration: HTTPServerConfiguration(port: 0, threadPoolSize: 2, tls: credentials),
            responder: responder,
            logger: .silent
        )
    }

    @Test(arguments: [false, true])
    func servesHTTPSVerifiedByCurl(ellipticCurve: Bool) throws {
        let certificate = try SelfSignedCertificate(ellipticCurve: ellipticCurve)
        defer { certificate.remove() }
        let server = tlsServer(
            TLSCredentials(certificatePEM: certificate.certificatePEM, privateKeyPEM: certificate.keyPEM)
        )
        let port = try server.start()
        defer { server.shutdown() }
        let result = try Curl.run([
            "--cacert", certificate.certificatePath, "--data-binary", "over tls", "https://localhost:\(port)/secure",
        ])
        #expect(result.status == 200)
        #expect(result.body == "over tls")
        #expect(result.headers.contains("X-Path: /secure"))
    }

    @Test func plainHTTPToTheTLSPortFailsAndTheServerStaysUp() throws {
        let certificate = try SelfSignedCertificate()
        defer { certificate.remove() }
        let responder = RecordingResponder()
        let server = tlsServer(
            TLSCredentials(certificatePEM: certificate.certificatePEM, privateKeyPEM: certificate.keyPEM),
            responder: responder
        )
        let port = try server.start()
        defer { server.shutdown() }
        let plain = try Curl.run(["http://127.0.0.1:\(port)/plain"])
        #expect(plain.status == 0, "no HTTP answer to a plaintext request")
        let raw = try RawHTTPClient(port: port, readTimeoutSeconds: 5)
        try raw.send("GET /plain HTTP/1.1\r\nHost: t\r\n\r\n")
        #expect(raw.closes(withinMilliseconds: 5000))
        #expect(responder.requests.isEmpty)
        let secure = try Curl.run(["--cacert", certificate.certificatePath, "https://localhost:\(port)/after"])
        #expect(secure.status == 200)
    }

    @Test func aKeyThatDoesNotMatchTheCertificateFailsAtStart() throws {
        let first = try SelfSignedCertificate()
        let second = try SelfSignedCertificate()
        defer {
            first.remove()
            second.remove()
        }
        let server = tlsServer(TLSCredentials(certificatePEM: first.certificatePEM, privateKeyPEM: second.keyPEM))
        let error = #expect(throws: HTTPServerError.self) { try server.start() }
        #expect(error?.code == .invalidTLSCredentials)
        #expect(server.port == nil)
    }

    @Test func textThatIsNotPEMFailsAtStart() throws {
        let server = tlsServer(
            TLSCredentials(certificatePEM: Array("not a certificate".utf8), privateKeyPEM: Array("nor a key".utf8))
        )
        let error = #expect(throws: HTTPServerError.self) { try server.start() }
        #expect(error?.code == .invalidTLSCredentials)
    }

    @Test func credentialsNeverPrintTheKey() throws {
        let credentials = TLSCredentials(certificatePEM: Array("CERT".utf8), privateKeyPEM: Array("SECRET-KEY".utf8))
        #expect(!"\(credentials)".contains("SECRET"))
        #expect(!String(reflecting: credentials).contains("SECRET"))
    }
}
