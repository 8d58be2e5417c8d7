import JSON

extension JSONParser.Options {
    /// Every combination of the reader's options, for the cases that must hold for all of them.
    static let all: [Self] = DuplicateKeys.allCases.flatMap { keys in
        ByteOrderMark.allCases.flatMap { mark in
            Numbers.allCases.map { Self(duplicateKeys: keys, byteOrderMark: mark, numbers: $0) }
        }
    }
}
