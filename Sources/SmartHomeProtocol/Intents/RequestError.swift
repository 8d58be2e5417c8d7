/// Why a request body is not an intent Hearth can handle.
public struct RequestError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The kinds of failure, which decide the HTTP answer.
    public enum Kind: Sendable, Hashable {
        /// Not JSON at all: HTTP 400.
        case malformedJSON
        /// JSON, but not a well-formed intent: HTTP 200 with `protocolError`.
        case invalidRequest
    }

    public var kind: Kind
    /// The request id, when it could be read.
    public var requestId: String?
    /// What is wrong, for logs and `debugString`.
    public var reason: String

    public init(kind: Kind, requestId: String?, reason: String) {
        self.kind = kind
        self.requestId = requestId
        self.reason = reason
    }

    public var description: String { reason }

    /// Finds `"requestId": "…"` in a body that is not valid JSON, so the error answer can still echo it.
    /// Only a plain string without escapes is taken.
    static func scanRequestId(_ body: [UInt8]) -> String? {
        let key = Array("\"requestId\"".utf8)
        guard body.count > key.count else { return nil }
        var index = 0
        search: while index + key.count <= body.count {
            for offset in 0..<key.count where body[index + offset] != key[offset] {
                index += 1
                continue search
            }
            var cursor = index + key.count
            func skipSpace() {
                while cursor < body.count,
                    body[cursor] == 0x20 || body[cursor] == 0x09 || body[cursor] == 0x0A
                        || body[cursor] == 0x0D
                {
                    cursor += 1
                }
            }
            skipSpace()
            guard cursor < body.count, body[cursor] == UInt8(ascii: ":") else { return nil }
            cursor += 1
            skipSpace()
            guard cursor < body.count, body[cursor] == UInt8(ascii: "\"") else { return nil }
            cursor += 1
            let start = cursor
            while cursor < body.count, body[cursor] != UInt8(ascii: "\""), body[cursor] != UInt8(ascii: "\\"),
                body[cursor] >= 0x20
            {
                cursor += 1
            }
            guard cursor < body.count, body[cursor] == UInt8(ascii: "\""), cursor - start <= 256 else { return nil }
            // An id that is not UTF-8 is not echoed (the parser refused the body for it).
            return String(validating: body[start..<cursor], as: UTF8.self)
        }
        return nil
    }
}
