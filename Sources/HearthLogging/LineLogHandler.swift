import Clocks
import JSON
import Logging

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes each event as one line, as text or JSON (``LogFormat``), with a millisecond UTC timestamp, to a
/// ``BufferedLogOutput`` (`hearth`: standard error) or to a given sink (tests).
///
/// Put ``SanitizingLogHandler`` in front of it: that one merges the metadata, escapes control characters and caps
/// values, so this handler only lays the line out. JSON strings are escaped by the project's JSON writer, so a
/// client's text can no more break a JSON line than a text one.
public struct LineLogHandler: LogHandler {
    /// Receives each finished line, newline included.
    public typealias Sink = @Sendable ([UInt8]) -> Void

    private let label: String
    private let format: LogFormat
    private let clock: any HearthClock
    private let sink: Sink
    private let bufferedSink: Sink

    public var metadata: Logger.Metadata = [:]
    public var logLevel: Logger.Level = .info

    /// A handler writing `format` lines to `sink` (standard error by default), dated by `clock`.
    public init(
        label: String,
        format: LogFormat,
        clock: any HearthClock = SystemClock(),
        sink: @escaping Sink = LineLogHandler.standardError
    ) {
        self.label = label
        self.format = format
        self.clock = clock
        self.sink = sink
        self.bufferedSink = sink
    }

    /// A handler writing `format` lines to `output`: the request lines (``writeLine(level:message:source:buffered:_:)``
    /// with `buffered`) through its buffer, every other line at once.
    public init(label: String, format: LogFormat, clock: any HearthClock = SystemClock(), output: BufferedLogOutput) {
        self.label = label
        self.format = format
        self.clock = clock
        self.sink = output.write
        self.bufferedSink = output.buffer
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(event: LogEvent) {
        let merged: Logger.Metadata
        if metadata.isEmpty {
            merged = event.metadata ?? [:]
        } else {
            var all = metadata
            if let explicit = event.metadata { all.merge(explicit) { _, new in new } }
            merged = all
        }
        let sorted = merged.sorted { $0.key < $1.key }
        var line = Line(
            format: format,
            unixMilliseconds: clock.unixMilliseconds,
            level: event.level,
            label: label,
            message: event.message.description,
            source: event.source
        )
        for (key, value) in sorted {
            line.append(key: key, value: Self.text(value))
        }
        sink(line.finish())
    }

    /// Writes one line without swift-log's event: for the line every request writes, whose keys are known. `fields`
    /// appends the metadata, its keys in sorted order (as ``log(event:)`` writes them); string values are made
    /// safe as ``SanitizingLogHandler`` would (control characters escaped, capped). With `buffered` (and an
    /// ``BufferedLogOutput``) the line goes through the output's buffer.
    ///
    /// The line is the one `Logger.log` through ``SanitizingLogHandler`` in front of this handler writes, byte for
    /// byte, when the handler has no metadata of its own (`RequestLineTests` compares them).
    package func writeLine(
        level: Logger.Level,
        message: String,
        source: String,
        buffered: Bool,
        _ fields: (inout Fields) -> Void
    ) {
        var line = Fields(
            line: Line(
                format: format,
                unixMilliseconds: clock.unixMilliseconds,
                level: level,
                label: label,
                message: message,
                source: source
            )
        )
        fields(&line)
        (buffered ? bufferedSink : sink)(line.line.finish())
    }

    /// The metadata of a line written by ``LineLogHandler/writeLine(level:message:source:buffered:_:)``.
    package struct Fields {
        fileprivate var line: Line

        /// Appends `key` (one of Hearth's own: plain, not one of ``LineLogHandler/fixedKeys``) with `value` escaped
        /// and capped as ``SanitizingLogHandler`` does: a client's text cannot break the line.
        package mutating func append(_ key: StaticString, _ value: String) {
            line.append(key: key, value: SanitizingLogHandler.clean(value, limit: SanitizingLogHandler.valueLimit))
        }

        /// Appends `key` with a number, in decimal.
        package mutating func append(_ key: StaticString, _ value: Int64) {
            line.append(key: key, number: value)
        }
    }

    /// One line being laid out straight into bytes: at info every request writes one, so no intermediate strings.
    fileprivate struct Line {
        let format: LogFormat
        var text: [UInt8] = []
        var json = JSONWriter(capacity: 0)
        let source: String
        let message: String

        init(
            format: LogFormat,
            unixMilliseconds: Int64,
            level: Logger.Level,
            label: String,
            message: String,
            source: String
        ) {
            self.format = format
            self.source = source
            self.message = message
            switch format {
            case .text:
                text.reserveCapacity(512)
                LineLogHandler.appendTimestamp(unixMilliseconds, to: &text)
                text.append(UInt8(ascii: " "))
                text.append(contentsOf: level.rawValue.utf8)
                text.append(UInt8(ascii: " "))
                text.append(contentsOf: label.utf8)
                text.append(contentsOf: " :".utf8)
            case .json:
                json = JSONWriter(capacity: 512)
                var stamp: [UInt8] = []
                stamp.reserveCapacity(24)
                LineLogHandler.appendTimestamp(unixMilliseconds, to: &stamp)
                json.appendLiteral("{\"timestamp\":\"")
                json.writeRaw(stamp)
                json.appendLiteral("\",\"level\":")
                json.writeString(level.rawValue)
                json.appendLiteral(",\"label\":")
                json.writeString(label)
                json.appendLiteral(",\"message\":")
                json.writeString(message)
                json.appendLiteral(",\"source\":")
                json.writeString(source)
            }
        }

        mutating func append(key: String, value: String) {
            switch format {
            case .text:
                text.append(UInt8(ascii: " "))
                text.append(contentsOf: key.utf8)
                text.append(UInt8(ascii: "="))
                text.append(contentsOf: value.utf8)
            case .json:
                json.appendLiteral(",")
                json.writeString(LineLogHandler.fixedKeys.contains(key) ? "metadata.\(key)" : key)
                json.appendLiteral(":")
                json.writeString(value)
            }
        }

        mutating func append(key: StaticString, value: String) {
            switch format {
            case .text:
                appendTextKey(key)
                text.append(contentsOf: value.utf8)
            case .json:
                appendJSONKey(key)
                json.writeString(value)
            }
        }

        mutating func append(key: StaticString, number: Int64) {
            switch format {
            case .text:
                appendTextKey(key)
                LineLogHandler.appendDecimal(number, to: &text)
            case .json:
                appendJSONKey(key)
                var digits: [UInt8] = [UInt8(ascii: "\"")]
                digits.reserveCapacity(22)
                LineLogHandler.appendDecimal(number, to: &digits)
                digits.append(UInt8(ascii: "\""))
                json.writeRaw(digits)
            }
        }

        private mutating func appendTextKey(_ key: StaticString) {
            text.append(UInt8(ascii: " "))
            key.withUTF8Buffer { text.append(contentsOf: $0) }
            text.append(UInt8(ascii: "="))
        }

        private mutating func appendJSONKey(_ key: StaticString) {
            json.appendLiteral(",\"")
            json.appendLiteral(key)
            json.appendLiteral("\":")
        }

        /// The finished line, newline included.
        mutating func finish() -> [UInt8] {
            switch format {
            case .text:
                text.append(contentsOf: " [".utf8)
                text.append(contentsOf: source.utf8)
                text.append(contentsOf: "] ".utf8)
                text.append(contentsOf: message.utf8)
                text.append(UInt8(ascii: "\n"))
                return text
            case .json:
                json.appendLiteral("}\n")
                return json.bytes
            }
        }
    }

    /// A metadata value as text (a string as it is, without the quotes `description` would not add either).
    private static func text(_ value: Logger.Metadata.Value) -> String {
        if case .string(let text) = value { return text }
        return value.description
    }

    /// The keys every JSON line has; a metadata key spelled the same is written as `metadata.<key>`.
    static let fixedKeys: Set<String> = ["timestamp", "level", "label", "message", "source"]

    /// Writes a line to standard error in one `write`, so lines from different threads do not interleave.
    public static let standardError: Sink = { bytes in
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = write(2, buffer.baseAddress! + offset, buffer.count - offset)
                if written <= 0 { return }
                offset += written
            }
        }
    }

    /// `2026-11-24T04:00:29.123Z`: RFC 3339 in UTC with milliseconds.
    static func rfc3339(unixMilliseconds: Int64) -> String {
        var bytes: [UInt8] = []
        appendTimestamp(unixMilliseconds, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends the RFC 3339 timestamp digit by digit.
    fileprivate static func appendTimestamp(_ unixMilliseconds: Int64, to digits: inout [UInt8]) {
        let (seconds, milliseconds) = floorDivide(unixMilliseconds, 1000)
        let (days, secondOfDay) = floorDivide(seconds, 86400)
        let (year, month, day) = civil(days: days)
        func put(_ value: Int64, _ width: Int) {
            var divisor: Int64 = 1
            for _ in 1..<width { divisor *= 10 }
            var value = value
            if value >= divisor * 10 {
                digits.append(contentsOf: String(value).utf8)
                return
            }
            while divisor > 0 {
                digits.append(UInt8(ascii: "0") &+ UInt8(value / divisor))
                value %= divisor
                divisor /= 10
            }
        }
        put(year, 4)
        digits.append(UInt8(ascii: "-"))
        put(month, 2)
        digits.append(UInt8(ascii: "-"))
        put(day, 2)
        digits.append(UInt8(ascii: "T"))
        put(secondOfDay / 3600, 2)
        digits.append(UInt8(ascii: ":"))
        put(secondOfDay / 60 % 60, 2)
        digits.append(UInt8(ascii: ":"))
        put(secondOfDay % 60, 2)
        digits.append(UInt8(ascii: "."))
        put(milliseconds, 3)
        digits.append(UInt8(ascii: "Z"))
    }

    /// Appends `value` in decimal, as `String(value)` would spell it.
    fileprivate static func appendDecimal(_ value: Int64, to bytes: inout [UInt8]) {
        if value < 0 {
            bytes.append(contentsOf: String(value).utf8)
            return
        }
        var divisor: Int64 = 1
        while divisor <= value / 10 { divisor *= 10 }
        var rest = value
        while divisor > 0 {
            bytes.append(UInt8(ascii: "0") &+ UInt8(rest / divisor))
            rest %= divisor
            divisor /= 10
        }
    }

    private static func floorDivide(_ value: Int64, _ divisor: Int64) -> (Int64, Int64) {
        let (quotient, remainder) = value.quotientAndRemainder(dividingBy: divisor)
        return remainder < 0 ? (quotient - 1, remainder + divisor) : (quotient, remainder)
    }

    /// Year, month and day of a day count since 1970-01-01 (Howard Hinnant's `civil_from_days`).
    private static func civil(days: Int64) -> (Int64, Int64, Int64) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthPrime = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthPrime + 2) / 5 + 1
        let month = monthPrime < 10 ? monthPrime + 3 : monthPrime - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}
