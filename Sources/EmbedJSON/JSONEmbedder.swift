import Foundation
import JSON

/// The tool behind `EmbedJSONPlugin`: reads JSON files, refuses any that is not JSON, and writes one Swift source that
/// holds each file's text, so that a document checked in as a file (`Sources/DeviceAPI/openapi.json`) ends up inside
/// the binary with nothing to copy beside it (the production binary is deployed as one file).
///
///     EmbedJSON OUTPUT.swift INPUT.json...
///
/// The source declares `enum EmbeddedJSON` with one `static let` per file, named after the file
/// (``identifier(forFileNamed:)``: `openapi.json` is `EmbeddedJSON.openapi`), whose UTF-8 is the file's bytes. A file
/// that is not JSON (RFC 8259, UTF-8, no byte order mark, no name twice in one object) fails the build, with its line
/// and column.
@main
enum JSONEmbedder {
    static func main() {
        let arguments = Array(CommandLine.arguments.dropFirst())
        guard let output = arguments.first, arguments.count >= 2 else {
            fail("usage: EmbedJSON OUTPUT.swift INPUT.json...")
        }
        do throws(EmbedError) {
            var files: [(path: String, bytes: [UInt8])] = []
            for path in arguments.dropFirst() {
                guard let contents = FileManager.default.contents(atPath: path) else {
                    throw EmbedError(.io, path: path, reason: "cannot read it")
                }
                files.append((path, Array(contents)))
            }
            let source = try self.source(embedding: files)
            do {
                try Data(source.utf8).write(to: URL(fileURLWithPath: output), options: .atomic)
            } catch {
                throw EmbedError(.io, path: output, reason: "cannot write it: \(error)")
            }
        } catch {
            fail("\(error)")
        }
    }

    /// The options files are read with: what a person writes by hand, held to the letter.
    static let options = JSONParser.Options(duplicateKeys: .refuse, byteOrderMark: .refuse, numbers: .lossless)

    /// The Swift source embedding `files` (each a path and the file's bytes), or the first reason one cannot be.
    static func source(embedding files: [(path: String, bytes: [UInt8])]) throws(EmbedError) -> String {
        var source = """
            // Generated at build time by EmbedJSON (EmbedJSONPlugin) from this target's JSON files: edit those, not this.

            /// This target's JSON files, each as its text: byte for byte the file, checked to be JSON when it was embedded.
            enum EmbeddedJSON {

            """
        var identifiers: [String: String] = [:]
        for file in files {
            do {
                _ = try JSONParser.parse(file.bytes, options: options)
            } catch {
                throw EmbedError(
                    .notJSON,
                    path: file.path,
                    line: error.line,
                    column: error.column,
                    reason: error.reason
                )
            }
            let name = file.path.split(separator: "/").last.map(String.init) ?? file.path
            guard let identifier = Self.identifier(forFileNamed: name) else {
                throw EmbedError(
                    .nameClash,
                    path: file.path,
                    reason: "its name has no letter or digit to name it in Swift"
                )
            }
            if let other = identifiers.updateValue(name, forKey: identifier) {
                throw EmbedError(.nameClash, path: file.path, reason: "\(other) is also EmbeddedJSON.\(identifier)")
            }
            // The parser accepted the bytes, so they are UTF-8: the string holds them unchanged.
            let text = String(decoding: file.bytes, as: UTF8.self)
            source += "    /// `\(name)`.\n"
            source += "    static let \(identifier): String = \(stringLiteral(text))\n"
        }
        source += "}\n"
        return source
    }

    /// A Swift string literal whose value is `text`: one line, with `\`, `"` and every control character escaped
    /// (so a carriage return survives, where a multi-line literal would turn it into a line feed).
    static func stringLiteral(_ text: String) -> String {
        var literal = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": literal += "\\\\"
            case "\"": literal += "\\\""
            case "\n": literal += "\\n"
            case "\r": literal += "\\r"
            case "\t": literal += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                literal += "\\u{\(String(scalar.value, radix: 16))}"
            default: literal.unicodeScalars.append(scalar)
            }
        }
        return literal + "\""
    }

    /// The member a file becomes: its name without the extension, in lower camel case (`openapi.json` is `openapi`,
    /// `device-types.json` is `deviceTypes`), with `_` before a leading digit and backquotes around a keyword; nil
    /// when the name has no ASCII letter or digit before its extension.
    static func identifier(forFileNamed name: String) -> String? {
        let stem = name.split(separator: ".", omittingEmptySubsequences: false).dropLast().joined(separator: ".")
        let words = stem.split { !($0.isASCII && ($0.isLetter || $0.isNumber)) }
        var identifier = ""
        for (index, word) in words.enumerated() {
            identifier +=
                index == 0
                ? word.prefix(1).lowercased() + word.dropFirst() : word.prefix(1).uppercased() + word.dropFirst()
        }
        if identifier.isEmpty { return nil }
        if identifier.first?.isNumber == true { identifier = "_" + identifier }
        return keywords.contains(identifier) ? "`\(identifier)`" : identifier
    }

    /// Words that cannot name a `static let` without backquotes.
    static let keywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init", "inout",
        "internal", "let", "open", "operator", "private", "precedencegroup", "protocol", "public", "rethrows", "static",
        "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue", "default", "defer", "do",
        "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return", "throw", "switch", "where", "while",
        "Any", "as", "await", "false", "is", "nil", "self", "Self", "super", "throws", "true", "try",
    ]

    static func fail(_ message: String) -> Never {
        FileHandle.standardError.write(Data((message + "\n").utf8))
        exit(1)
    }
}
