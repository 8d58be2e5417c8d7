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

/// Writes each event as one line, as text or JSON (``LogFormat``), with a millisecond UTC timestamp, to standard
/// error or to a given sink (tests).
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
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(event: LogEvent) {
        // The line is written straight into bytes: at info every request writes one, so no intermediate strings.
        let merged: Logger.Metadata
        if metadata.isEmpty {
            merged = event.metadata ?? [:]
        } else {
            var all = metadata
            if let explicit = event.metadata { all.merge(explicit) { _, new in new } }
            merged = all
        }
        let sorted = merged.sorted { $0.key < $1.key }
        switch format {
        case .text:
            var line: [UInt8] = []
            line.reserveCapacity(512)
            Self.appendTimestamp(clock.unixMilliseconds, to: &line)
            line.append(UInt8(ascii: " "))
            line.append(contentsOf: event.level.rawValue.utf8)
            line.append(UInt8(ascii: " "))
            line.append(contentsOf: label.utf8)
            line.append(contentsOf: " :".utf8)
            for (key, value) in sorted {
                line.append(UInt8(ascii: " "))
                line.append(contentsOf: key.utf8)
                line.append(UInt8(ascii: "="))
                line.append(contentsOf: Self.text(value).utf8)
            }
            line.append(contentsOf: " [".utf8)
            line.append(contentsOf: event.source.utf8)
            line.append(contentsOf: "] ".utf8)
            line.append(contentsOf: event.message.description.utf8)
            line.append(UInt8(ascii: "\n"))
            sink(line)
        case .json:
            var line = JSONWriter(capacity: 512)
            var stamp: [UInt8] = []
            stamp.reserveCapacity(24)
            Self.appendTimestamp(clock.unixMilliseconds, to: &stamp)
            line.appendLiteral("{\"timestamp\":\"")
            line.writeRaw(stamp)
            line.appendLiteral("\",\"level\":")
            line.writeString(event.level.rawValue)
            line.appendLiteral(",\"label\":")
            line.writeString(label)
            line.appendLiteral(",\"message\":")
            line.writeString(event.message.description)
            line.appendLiteral(",\"source\":")
            line.writeString(event.source)
            for (key, value) in sorted {
                line.appendLiteral(",")
                line.writeString(Self.fixedKeys.contains(key) ? "metadata.\(key)" : key)
                line.appendLiteral(":")
                line.writeString(Self.text(value))
            }
            line.appendLiteral("}\n")
            sink(line.bytes)
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
    private static func appendTimestamp(_ unixMilliseconds: Int64, to digits: inout [UInt8]) {
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
