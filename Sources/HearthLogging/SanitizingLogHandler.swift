import Logging

/// A log handler that keeps a client's text from forging or flooding log lines, in front of the handler that
/// writes them (`hearth` wraps swift-log's `StreamLogHandler`).
///
/// Request ids, intent names, OAuth parameters and error descriptions reach the logs from requests. Before the event
/// goes on, in the message, in every metadata key and value (the handler's own, the metadata provider's and the
/// call's, nested ones included) and in a logged error's description:
/// - control characters are escaped: `\n`, `\r` and `\t` as those two characters, the other C0 controls, DEL,
///   the C1 controls and the line and paragraph separators U+2028 and U+2029 as `\u{XX}`, so one event is one line
///   and no client can write a line that looks like Hearth's own (`critical hearth: …`). A backslash is left as it
///   is, so a client can write a literal `\n` but never a line break;
/// - each metadata value is cut to ``valueLimit`` bytes of UTF-8 and the message to ``messageLimit``, at a character
///   boundary, with a `…(N bytes)` marker giving the original size, so a 1 MB request id costs one short line.
///
/// Text that needs neither (printable ASCII within the limit, all of Hearth's own) passes through untouched.
/// Metadata is merged here, not in the upstream handler, so give the upstream handler no metadata of its own. An
/// event's error is logged as `error.message` and `error.type` metadata, as `StreamLogHandler` would.
public struct SanitizingLogHandler: LogHandler {
    /// The most UTF-8 bytes of one metadata key or value written before the `…(N bytes)` marker.
    public static let valueLimit = 512
    /// The most UTF-8 bytes of a message written before the `…(N bytes)` marker.
    public static let messageLimit = 1024

    private var upstream: any LogHandler

    public var metadata: Logger.Metadata = [:]
    public var metadataProvider: Logger.MetadataProvider?

    public var logLevel: Logger.Level {
        get { upstream.logLevel }
        set { upstream.logLevel = newValue }
    }

    /// Sanitizes every event before `upstream` writes it.
    public init(wrapping upstream: any LogHandler, metadataProvider: Logger.MetadataProvider? = nil) {
        self.upstream = upstream
        self.metadataProvider = metadataProvider
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(event: LogEvent) {
        // The common case (one request line: Hearth's own keys, plain values) goes on untouched, without
        // rebuilding its metadata.
        if metadata.isEmpty, event.error == nil, metadataProvider?.get().isEmpty ?? true,
            Self.isPlain(event.metadata), Self.isPlain(event.message.description, limit: Self.messageLimit)
        {
            upstream.log(event: event)
            return
        }
        var event = event
        var merged = metadata
        if let provided = metadataProvider?.get(), !provided.isEmpty { merged.merge(provided) { _, new in new } }
        if let explicit = event.metadata { merged.merge(explicit) { _, new in new } }
        if let error = event.error {
            merged["error.message"] = "\(error)"
            merged["error.type"] = "\(String(reflecting: type(of: error)))"
            event.error = nil
        }
        var clean: Logger.Metadata = [:]
        clean.reserveCapacity(merged.count)
        for (key, value) in merged {
            clean[Self.clean(key, limit: Self.valueLimit)] = Self.clean(value)
        }
        event.metadata = clean.isEmpty ? nil : clean
        let message = event.message.description
        let cleanMessage = Self.clean(message, limit: Self.messageLimit)
        if cleanMessage != message { event.message = "\(cleanMessage)" }
        upstream.log(event: event)
    }

    /// The ``LineLogHandler`` behind this one, when a line may be written straight into it
    /// (``LineLogHandler/writeLine(level:message:source:buffered:_:)``, which sanitizes as this handler does): when
    /// neither handler has metadata of its own and there is no metadata provider, whose metadata the line would
    /// have to carry.
    package var lineHandler: LineLogHandler? {
        guard metadata.isEmpty, metadataProvider == nil, let lines = upstream as? LineLogHandler, lines.metadata.isEmpty
        else { return nil }
        return lines
    }

    /// Whether every key and value is a plain string: printable ASCII within ``valueLimit``.
    static func isPlain(_ metadata: Logger.Metadata?) -> Bool {
        guard let metadata else { return true }
        for (key, value) in metadata {
            guard case .string(let text) = value, isPlain(text, limit: valueLimit), isPlain(key, limit: valueLimit)
            else { return false }
        }
        return true
    }

    /// Whether `text` is printable ASCII of at most `limit` bytes: what ``clean(_:limit:)`` returns unchanged.
    static func isPlain(_ text: String, limit: Int) -> Bool {
        let utf8 = text.utf8
        return utf8.count <= limit
            && (utf8.withContiguousStorageIfAvailable { bytes in bytes.allSatisfy { $0 >= 0x20 && $0 < 0x7F } }
                ?? false)
    }

    /// A metadata value made safe: strings escaped and capped; arrays and dictionaries as their text, escaped and
    /// capped as a whole, so that a long list cannot make a long line either.
    static func clean(_ value: Logger.Metadata.Value) -> Logger.Metadata.Value {
        switch value {
        case .string(let text): return .string(clean(text, limit: valueLimit))
        case .stringConvertible(let item): return .string(clean(item.description, limit: valueLimit))
        case .dictionary, .array: return .string(clean(value.description, limit: valueLimit))
        }
    }

    /// `text` with its control characters escaped, cut after `limit` bytes of UTF-8 with a `…(N bytes)` marker.
    static func clean(_ text: String, limit: Int) -> String {
        if isPlain(text, limit: limit) { return text }
        let utf8 = text.utf8
        var output = ""
        output.reserveCapacity(min(utf8.count, limit) + 24)
        var written = 0
        for scalar in text.unicodeScalars {
            let piece = escaped(scalar)
            let size = piece.map(\.utf8.count) ?? UTF8.width(scalar)
            guard written + size <= limit else {
                output += "…(\(utf8.count) bytes)"
                return output
            }
            if let piece { output += piece } else { output.unicodeScalars.append(scalar) }
            written += size
        }
        return output
    }

    /// The escape for a scalar that must not reach a log line as it is, or `nil` for one that may.
    private static func escaped(_ scalar: Unicode.Scalar) -> String? {
        switch scalar.value {
        case 0x0A: return "\\n"
        case 0x0D: return "\\r"
        case 0x09: return "\\t"
        case 0x00..<0x20, 0x7F...0x9F, 0x2028, 0x2029: return "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
        default: return nil
        }
    }
}
