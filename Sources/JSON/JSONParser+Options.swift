extension JSONParser {
    /// What a reader accepts beyond RFC 8259's grammar, where the RFC leaves it to the reader. The defaults are the
    /// request path's (Google's intents, HomeGraph answers, the configuration file); device files, which people
    /// write, use ``deviceFile``.
    public struct Options: Sendable, Hashable {
        /// A member name given twice in one object (RFC 8259 §4: "names within an object SHOULD be unique").
        public enum DuplicateKeys: Sendable, Hashable, CaseIterable {
            /// The last one wins, in the first one's place, as in most parsers.
            case lastWins
            /// Refused at the second one (``JSONParseError/Code/duplicateKey``).
            case refuse
        }

        /// A UTF-8 byte order mark before the value (RFC 8259 §8.1: senders "MUST NOT add" one, readers "MAY
        /// ignore" one).
        public enum ByteOrderMark: Sendable, Hashable, CaseIterable {
            /// Refused at byte 0 (``JSONParseError/Code/byteOrderMark``).
            case refuse
            /// Skipped.
            case skip
        }

        /// How a number that is not an `Int` (a fraction, an exponent, or out of `Int`'s range) is read.
        public enum Numbers: Sendable, Hashable, CaseIterable {
            /// As ``JSONValue/double(_:)``; one whose nearest `Double` is infinite is refused.
            case double
            /// As ``JSONValue/number(_:)``, the text as written.
            case lossless
        }

        public var duplicateKeys: DuplicateKeys
        public var byteOrderMark: ByteOrderMark
        public var numbers: Numbers

        public init(
            duplicateKeys: DuplicateKeys = .lastWins,
            byteOrderMark: ByteOrderMark = .refuse,
            numbers: Numbers = .double
        ) {
            self.duplicateKeys = duplicateKeys
            self.byteOrderMark = byteOrderMark
            self.numbers = numbers
        }

        /// For files people write (device files): duplicate keys refused (one of them would be lost silently), a
        /// byte order mark skipped (editors add one), numbers kept as written (so that an error quotes them).
        public static let deviceFile = Options(duplicateKeys: .refuse, byteOrderMark: .skip, numbers: .lossless)
    }
}
