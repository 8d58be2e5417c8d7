/// A place in a JSON answer, as `hearth replay` names it in a diff and takes it in `--ignore`: `$` then `.key` per
/// object member and `[label]` per array element. An element's label is its index (`[2]`), or its `id` when the
/// elements are keyed by one (`[id=lamp]`: SYNC's devices), or its sorted `ids` (`[ids=a,b]`: EXECUTE's
/// command results).
///
/// A member name holding `.`, `[`, `]`, `"` or whitespace is written quoted: `$.payload.devices["light.1"].on`.
///
/// As a pattern (`--ignore`), `*` matches any one member or element (`.*`, `[*]`), the leading `$` or `$.` may be
/// left out, and a pattern matches the place it names and everything below it:
/// `$.payload.devices[*].deviceInfo` ignores every device's `deviceInfo`.
public struct JSONPath: Sendable, Hashable, CustomStringConvertible {
    /// One step.
    public enum Component: Sendable, Hashable {
        /// An object member.
        case key(String)
        /// An array element, by its label (`2`, `id=lamp`, `ids=a,b`).
        case element(String)
    }

    /// The steps from the root.
    public var components: [Component]

    /// The root, `$`.
    public init(_ components: [Component] = []) {
        self.components = components
    }

    /// Parses `$.payload.devices[*].on` (or without the `$.`); `nil` when it is empty or malformed.
    public init?(parsing text: String) {
        var rest = Substring(text)
        if rest.hasPrefix("$") { rest = rest.dropFirst() }
        var components: [Component] = []
        var first = true
        while let next = rest.first {
            if rest.hasPrefix("[\"") {
                // A quoted member name: `["light.1"]`, with `\"` and `\\` escaped.
                var key = ""
                var index = rest.index(rest.startIndex, offsetBy: 2)
                var closed = false
                while index < rest.endIndex {
                    let character = rest[index]
                    index = rest.index(after: index)
                    if character == "\\" {
                        guard index < rest.endIndex else { return nil }
                        key.append(rest[index])
                        index = rest.index(after: index)
                    } else if character == "\"" {
                        closed = true
                        break
                    } else {
                        key.append(character)
                    }
                }
                guard closed, index < rest.endIndex, rest[index] == "]" else { return nil }
                components.append(.key(key))
                rest = rest[rest.index(after: index)...]
            } else if next == "[" {
                guard let close = rest.firstIndex(of: "]") else { return nil }
                let label = rest[rest.index(after: rest.startIndex)..<close]
                guard !label.isEmpty else { return nil }
                components.append(.element(String(label)))
                rest = rest[rest.index(after: close)...]
            } else {
                if next == "." {
                    rest = rest.dropFirst()
                } else if !first {
                    return nil
                }
                let end = rest.firstIndex { $0 == "." || $0 == "[" } ?? rest.endIndex
                let key = rest[..<end]
                guard !key.isEmpty else { return nil }
                components.append(.key(String(key)))
                rest = rest[end...]
            }
            first = false
        }
        guard !components.isEmpty else { return nil }
        self.components = components
    }

    /// This path one step further down.
    public func appending(_ component: Component) -> JSONPath {
        JSONPath(components + [component])
    }

    /// Whether `path` is the place this pattern names or below it.
    public func matches(_ path: JSONPath) -> Bool {
        guard components.count <= path.components.count else { return false }
        for (pattern, step) in zip(components, path.components) {
            switch (pattern, step) {
            case (.key("*"), _), (.element("*"), _):
                continue
            case (.key(let a), .key(let b)), (.element(let a), .element(let b)):
                if a != b { return false }
            default:
                return false
            }
        }
        return true
    }

    public var description: String {
        var text = "$"
        for component in components {
            switch component {
            case .key(let key) where Self.needsQuotes(key):
                text += "[\""
                for character in key {
                    if character == "\\" || character == "\"" { text.append("\\") }
                    text.append(character)
                }
                text += "\"]"
            case .key(let key): text += "." + key
            case .element(let label): text += "[" + label + "]"
            }
        }
        return text
    }

    /// Whether a member name must be written `["name"]`: it is empty, or holds `.`, `[`, `]`, `"` or whitespace.
    private static func needsQuotes(_ key: String) -> Bool {
        key.isEmpty || key.contains { $0 == "." || $0 == "[" || $0 == "]" || $0 == "\"" || $0.isWhitespace }
    }
}
