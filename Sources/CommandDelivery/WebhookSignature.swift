import Cryptography

/// The `Hearth-Signature` header of a webhook delivery: `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, t + "." +
/// body)>`, after the scheme Stripe's webhooks use. The timestamp is inside the signed text, so a receiver that
/// refuses an old `t` refuses a replayed delivery too.
public enum WebhookSignature {
    /// The header's name.
    public static let headerName = "Hearth-Signature"
    /// How old a `t` ``verify(_:body:secret:now:tolerance:)`` accepts by default: five minutes.
    public static let defaultTolerance: Int64 = 300

    /// The header value signing `body` at `timestamp` (unix seconds).
    public static func header(body: [UInt8], secret: [UInt8], timestamp: Int64) -> String {
        "t=\(timestamp),v1=\(Hex.encode(code(body: body, secret: secret, timestamp: timestamp)))"
    }

    /// Whether `header` signs `body` with `secret` at a `t` no more than `tolerance` seconds from `now` (either way).
    public static func verify(
        _ header: String,
        body: [UInt8],
        secret: [UInt8],
        now: Int64,
        tolerance: Int64 = defaultTolerance
    ) -> Bool {
        var timestamp: Int64?
        var signatures: [[UInt8]] = []
        for part in header.split(separator: ",") {
            let pair = part.split(separator: "=", maxSplits: 1)
            guard pair.count == 2 else { continue }
            let name = pair[0].trimmingSpaces
            let value = pair[1].trimmingSpaces
            if name == "t" {
                timestamp = Int64(value)
            } else if name == "v1", let bytes = Self.hexBytes(value) {
                signatures.append(bytes)
            }
        }
        guard let timestamp, abs(now - timestamp) <= tolerance, !signatures.isEmpty else { return false }
        let expected = code(body: body, secret: secret, timestamp: timestamp)
        return signatures.contains { constantTimeEquals($0, expected) }
    }

    private static func code(body: [UInt8], secret: [UInt8], timestamp: Int64) -> [UInt8] {
        var message = Array("\(timestamp).".utf8)
        message.append(contentsOf: body)
        return HMACSHA256.authenticationCode(for: message, key: secret)
    }

    /// Lower- or upper-case hex as bytes; `nil` when it is not hex.
    static func hexBytes(_ text: String) -> [UInt8]? {
        let digits = Array(text.utf8)
        guard digits.count.isMultiple(of: 2) else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(digits.count / 2)
        func value(_ digit: UInt8) -> UInt8? {
            switch digit {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): return digit - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): return digit - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): return digit - UInt8(ascii: "A") + 10
            default: return nil
            }
        }
        var index = 0
        while index < digits.count {
            guard let high = value(digits[index]), let low = value(digits[index + 1]) else { return nil }
            bytes.append(high << 4 | low)
            index += 2
        }
        return bytes
    }
}

extension Substring {
    fileprivate var trimmingSpaces: String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}
