/// The one JSON writer: UTF-8 bytes, ``Format/compact`` for machines or ``Format/pretty`` for people.
///
/// Compact output writes object members in their stored order, and can be built piece by piece (``write(_:)``,
/// ``appendLiteral(_:)``, ``writeRaw(_:)``), as the request path's answers are. Non-finite doubles, which JSON cannot
/// express, are written as `null`; ``JSONValue/number(_:)`` is written as it was read.
public struct JSONWriter {
    /// How a whole value is laid out.
    public enum Format: Sendable, Hashable {
        /// No whitespace at all, members in stored order: `{"a":[1,2]}`.
        case compact
        /// For people and diffs: two-space indentation, object keys sorted, an array of scalars on one line
        /// (`[1, 2]`), a final newline.
        case pretty
    }

    /// The bytes written so far.
    public private(set) var bytes: [UInt8]

    public init(capacity: Int = 1024) {
        bytes = []
        bytes.reserveCapacity(capacity)
    }

    /// The encoding of one value.
    public static func bytes(_ value: JSONValue, format: Format = .compact, capacity: Int = 512) -> [UInt8] {
        var writer = JSONWriter(capacity: capacity)
        switch format {
        case .compact: writer.write(value)
        case .pretty:
            writer.writePretty(value, indent: 0)
            writer.bytes.append(UInt8(ascii: "\n"))
        }
        return writer.bytes
    }

    /// Appends one value.
    public mutating func write(_ value: JSONValue) {
        switch value {
        case .null: appendLiteral("null")
        case .bool(let flag): appendLiteral(flag ? "true" : "false")
        case .int(let number): writeInt(number)
        case .double(let number): writeDouble(number)
        case .number(let text): bytes.append(contentsOf: text.utf8)
        case .string(let string): writeString(string)
        case .array(let elements):
            bytes.append(UInt8(ascii: "["))
            var first = true
            for element in elements {
                if !first { bytes.append(UInt8(ascii: ",")) }
                first = false
                write(element)
            }
            bytes.append(UInt8(ascii: "]"))
        case .object(let object):
            write(object)
        }
    }

    /// Appends one object.
    public mutating func write(_ object: JSONObject) {
        bytes.append(UInt8(ascii: "{"))
        var first = true
        for (key, value) in object.members {
            if !first { bytes.append(UInt8(ascii: ",")) }
            first = false
            writeString(key)
            bytes.append(UInt8(ascii: ":"))
            write(value)
        }
        bytes.append(UInt8(ascii: "}"))
    }

    private mutating func writePretty(_ value: JSONValue, indent: Int) {
        switch value {
        case .array(let elements) where elements.isEmpty:
            appendLiteral("[]")
        case .array(let elements) where elements.allSatisfy(\.isScalar):
            bytes.append(UInt8(ascii: "["))
            for (offset, element) in elements.enumerated() {
                if offset > 0 { appendLiteral(", ") }
                write(element)
            }
            bytes.append(UInt8(ascii: "]"))
        case .array(let elements):
            bytes.append(UInt8(ascii: "["))
            for (offset, element) in elements.enumerated() {
                if offset > 0 { bytes.append(UInt8(ascii: ",")) }
                newline(indent + 1)
                writePretty(element, indent: indent + 1)
            }
            newline(indent)
            bytes.append(UInt8(ascii: "]"))
        case .object(let object) where object.isEmpty:
            appendLiteral("{}")
        case .object(let object):
            bytes.append(UInt8(ascii: "{"))
            for (offset, member) in object.members.sorted(by: { $0.key < $1.key }).enumerated() {
                if offset > 0 { bytes.append(UInt8(ascii: ",")) }
                newline(indent + 1)
                writeString(member.key)
                appendLiteral(": ")
                writePretty(member.value, indent: indent + 1)
            }
            newline(indent)
            bytes.append(UInt8(ascii: "}"))
        case .null, .bool, .int, .double, .number, .string:
            write(value)
        }
    }

    private mutating func newline(_ indent: Int) {
        bytes.append(UInt8(ascii: "\n"))
        bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: indent * 2))
    }

    /// Appends raw, already-encoded JSON bytes.
    public mutating func writeRaw(_ raw: [UInt8]) {
        bytes.append(contentsOf: raw)
    }

    /// Appends literal JSON text (punctuation, keys known to need no escaping).
    public mutating func appendLiteral(_ literal: StaticString) {
        bytes.append(contentsOf: UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
    }

    private mutating func writeInt(_ number: Int) {
        if number >= 0 && number < 10 {
            bytes.append(UInt8(ascii: "0") &+ UInt8(number))
            return
        }
        bytes.append(contentsOf: String(number).utf8)
    }

    private mutating func writeDouble(_ number: Double) {
        guard number.isFinite else {
            appendLiteral("null")
            return
        }
        if number.rounded() == number, abs(number) < 1e15 {
            // Integral values print without a fraction: `100.0` becomes `100`.
            writeInt(Int(number))
            return
        }
        // Swift prints the shortest text that reads back as the same Double, e.g. "0.5", "1e-05".
        bytes.append(contentsOf: number.description.utf8)
    }

    /// Appends a string value, quoted and escaped.
    public mutating func writeString(_ string: String) {
        bytes.append(UInt8(ascii: "\""))
        var utf8 = string.utf8
        let handled: Bool? = utf8.withContiguousStorageIfAvailable { buffer in
            appendEscaped(buffer)
            return true
        }
        if handled == nil {
            var copy = string
            copy.makeContiguousUTF8()
            utf8 = copy.utf8
            _ = utf8.withContiguousStorageIfAvailable { buffer in appendEscaped(buffer) }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    private mutating func appendEscaped(_ buffer: UnsafeBufferPointer<UInt8>) {
        var runStart = 0
        for index in 0..<buffer.count {
            let byte = buffer[index]
            guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
            if runStart < index { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[runStart..<index])) }
            runStart = index + 1
            switch byte {
            case UInt8(ascii: "\""): appendLiteral("\\\"")
            case UInt8(ascii: "\\"): appendLiteral("\\\\")
            case 0x0A: appendLiteral("\\n")
            case 0x0D: appendLiteral("\\r")
            case 0x09: appendLiteral("\\t")
            case 0x08: appendLiteral("\\b")
            case 0x0C: appendLiteral("\\f")
            default:
                let hex: [UInt8] = Array("0123456789abcdef".utf8)
                bytes.append(contentsOf: [
                    UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"),
                    hex[Int(byte >> 4)], hex[Int(byte & 0x0F)],
                ])
            }
        }
        if runStart < buffer.count { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[runStart...])) }
    }
}

extension JSONValue {
    /// Neither an array nor an object.
    fileprivate var isScalar: Bool {
        switch self {
        case .array, .object: return false
        case .null, .bool, .int, .double, .number, .string: return true
        }
    }
}
