import CommandDelivery
import Foundation
import Testing

/// The `Hearth-Signature` header: an HMAC over the timestamp and the body, checked within a tolerance.
@Suite struct WebhookSignatureTests {
    let secret = Array("whsec-test-secret".utf8)
    let body = Array(#"{"requestId":"r"}"#.utf8)

    @Test func aSignatureVerifiesWithinFiveMinutes() {
        let header = WebhookSignature.header(body: body, secret: secret, timestamp: 1_700_000_000)
        #expect(WebhookSignature.verify(header, body: body, secret: secret, now: 1_700_000_000))
        #expect(WebhookSignature.verify(header, body: body, secret: secret, now: 1_700_000_300))
    }

    @Test func staleWrongOrTamperedSignaturesAreRefused() {
        let header = WebhookSignature.header(body: body, secret: secret, timestamp: 1_700_000_000)
        #expect(!WebhookSignature.verify(header, body: body, secret: secret, now: 1_700_000_301))
        #expect(!WebhookSignature.verify(header, body: body, secret: Array("other".utf8), now: 1_700_000_000))
        #expect(!WebhookSignature.verify(header, body: body + [0x20], secret: secret, now: 1_700_000_000))
        let retimed = header.replacingOccurrences(of: "t=1700000000", with: "t=1700000100")
        #expect(!WebhookSignature.verify(retimed, body: body, secret: secret, now: 1_700_000_100))
        #expect(!WebhookSignature.verify("garbage", body: body, secret: secret, now: 1_700_000_000))
    }
}
