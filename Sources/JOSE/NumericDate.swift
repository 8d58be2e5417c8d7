/// RFC 7519 §2 NumericDate from a JSON number's text, exactly.
enum NumericDate {
    /// The largest magnitude accepted: 2^53 seconds (some 285 million years), the range every JSON implementation
    /// reads exactly; it also keeps the verifier's arithmetic on dates far from overflow.
    static let maximumMagnitude: Int64 = 1 << 53

    /// `value` when its magnitude is at most ``maximumMagnitude``.
    static func bounded(_ value: Int) -> Int64? {
        let seconds = Int64(value)
        return seconds.magnitude <= UInt64(maximumMagnitude) ? seconds : nil
    }

    /// The whole seconds of `text` — an optional minus, digits, an optional fraction — truncated toward zero; `nil`
    /// for an exponent form or a magnitude over ``maximumMagnitude``.
    static func seconds(_ text: String) -> Int64? {
        var digits = Substring(text)
        var negative = false
        if digits.first == "-" {
            negative = true
            digits = digits.dropFirst()
        }
        if let dot = digits.firstIndex(of: ".") {
            let fraction = digits[digits.index(after: dot)...]
            guard !fraction.isEmpty, fraction.allSatisfy({ $0.isASCII && $0.isNumber }) else {
                return nil
            }
            digits = digits[..<dot]
        }
        guard !digits.isEmpty, digits.count <= 19, digits.allSatisfy({ $0.isASCII && $0.isNumber }),
            let magnitude = Int64(digits)
        else {
            return nil
        }
        guard magnitude <= maximumMagnitude else {
            return nil
        }
        return negative ? -magnitude : magnitude
    }
}
