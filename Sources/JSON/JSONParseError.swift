/// Why a text is not JSON (or not the JSON a ``JSONParser/Options`` accepts), and where.
public struct JSONParseError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What kind of refusal this is.
    public enum Code: Sendable, Hashable {
        /// Not RFC 8259 syntax: a missing or unexpected character, a bad number, escape or string.
        case syntax
        /// Bytes that are not UTF-8 (RFC 8259 §8.1), refused at the first byte of the first bad sequence.
        case invalidUTF8
        /// An escaped UTF-16 surrogate without its pair (`"\uD800"`), which no UTF-8 string can hold.
        case loneSurrogate
        /// A member name given twice in one object (``JSONParser/Options/DuplicateKeys/refuse``).
        case duplicateKey
        /// A byte order mark (``JSONParser/Options/ByteOrderMark/refuse``).
        case byteOrderMark
        /// Arrays and objects nested deeper than ``JSONParser/maximumDepth``.
        case nestingTooDeep
        /// A number whose nearest `Double` is infinite (``JSONParser/Options/Numbers/double``).
        case numberOutOfRange
    }

    /// What kind of refusal this is.
    public var code: Code
    /// Byte offset of the problem in the text given to the parser.
    public var offset: Int
    /// 1-based line of ``offset``.
    public var line: Int
    /// 1-based column of ``offset``, in Unicode scalars.
    public var column: Int
    /// What is wrong, for people (`unexpected '}', expected a value`).
    public var reason: String

    public init(code: Code, offset: Int, line: Int, column: Int, reason: String) {
        self.code = code
        self.offset = offset
        self.line = line
        self.column = column
        self.reason = reason
    }

    /// `invalid JSON at byte 7: invalid UTF-8 (byte 0xC0: an overlong encoding)`.
    public var description: String { "invalid JSON at byte \(offset): \(reason)" }
}
