/// Writes a ``JSONValue`` for people: two-space indentation, object keys sorted, arrays of scalars on one line,
/// a final newline.
enum JSONWriter {
    static func write(_ value: JSONValue) -> [UInt8] {
        var out: [UInt8] = []
        write(value, indent: 0, into: &out)
        out.append(UInt8(ascii: "\n"))
        return out
    }

    private static func write(_ value: JSONValue, indent: Int, into out: inout [UInt8]) {
        switch value {
        case .null: out += Array("null".utf8)
        case .bool(let flag): out += Array((flag ? "true" : "false").utf8)
        case .integer(let number): out += Array(String(number).utf8)
        case .number(let text): out += Array(text.utf8)
        case .string(let string): writeString(string, into: &out)
        case .array(let elements):
            if elements.isEmpty {
                out += Array("[]".utf8)
            } else if elements.allSatisfy(\.isScalar) {
                out.append(UInt8(ascii: "["))
                for (offset, element) in elements.enumerated() {
                    if offset > 0 { out += Array(", ".utf8) }
                    write(element, indent: indent, into: &out)
                }
                out.append(UInt8(ascii: "]"))
            } else {
                out.append(UInt8(ascii: "["))
                for (offset, element) in elements.enumerated() {
                    out += Array((offset > 0 ? ",\n" : "\n").utf8)
                    writeIndent(indent + 1, into: &out)
                    write(element, indent: indent + 1, into: &out)
                }
                out.append(UInt8(ascii: "\n"))
                writeIndent(indent, into: &out)
                out.append(UInt8(ascii: "]"))
            }
        case .object(let object):
            if object.members.isEmpty {
                out += Array("{}".utf8)
                return
            }
            out.append(UInt8(ascii: "{"))
            for (offset, member) in object.members.sorted(by: { $0.key < $1.key }).enumerated() {
                out += Array((offset > 0 ? ",\n" : "\n").utf8)
                writeIndent(indent + 1, into: &out)
                writeString(member.key, into: &out)
                out += Array(": ".utf8)
                write(member.value, indent: indent + 1, into: &out)
            }
            out.append(UInt8(ascii: "\n"))
            writeIndent(indent, into: &out)
            out.append(UInt8(ascii: "}"))
        }
    }

    private static func writeIndent(_ level: Int, into out: inout [UInt8]) {
        out += [UInt8](repeating: UInt8(ascii: " "), count: level * 2)
    }

    private static func writeString(_ string: String, into out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        for byte in string.utf8 {
            switch byte {
            case UInt8(ascii: "\""): out += Array("\\\"".utf8)
            case UInt8(ascii: "\\"): out += Array("\\\\".utf8)
            case 0x0A: out += Array("\\n".utf8)
            case 0x0D: out += Array("\\r".utf8)
            case 0x09: out += Array("\\t".utf8)
            case 0x08: out += Array("\\b".utf8)
            case 0x0C: out += Array("\\f".utf8)
            case 0..<0x20:
                let digits = String(byte, radix: 16)
                out += Array(("\\u" + String(repeating: "0", count: 4 - digits.count) + digits).utf8)
            default: out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
    }
}

extension JSONValue {
    fileprivate var isScalar: Bool {
        switch self {
        case .array, .object: return false
        case .null, .bool, .integer, .number, .string: return true
        }
    }
}
