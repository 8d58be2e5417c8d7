/// Matching a `Content-Type` header against one media type.
public enum MediaType {
    /// Whether `contentType` names `expected` (given in lower case), in any case, with or without parameters
    /// (`application/json; charset=UTF-8`) and with spaces or tabs around it. Byte by byte: it runs on every request.
    public static func matches(_ contentType: String?, _ expected: String) -> Bool {
        guard let contentType else { return false }
        let expected = Array(expected.utf8)
        var bytes = contentType.utf8.makeIterator()
        var index = 0
        // Leading spaces, then the media type case-insensitively, then the end, spaces or a parameter.
        var byte = bytes.next()
        while byte == 0x20 || byte == 0x09 { byte = bytes.next() }
        while let current = byte, index < expected.count {
            let lower = current >= UInt8(ascii: "A") && current <= UInt8(ascii: "Z") ? current | 0x20 : current
            guard lower == expected[index] else { return false }
            index += 1
            byte = bytes.next()
        }
        guard index == expected.count else { return false }
        while byte == 0x20 || byte == 0x09 { byte = bytes.next() }
        return byte == nil || byte == UInt8(ascii: ";")
    }
}
