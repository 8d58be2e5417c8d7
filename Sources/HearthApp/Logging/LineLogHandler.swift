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
        var merged = metadata
        if let explicit = event.metadata { merged.merge(explicit) { _, new in new } }
        let timestamp = Self.rfc3339(unixMilliseconds: clock.unixMilliseconds)
        switch format {
        case .text:
            var line = "\(timestamp) \(event.level) \(label) :"
            for (key, value) in merged.sorted(by: { $0.key < $1.key }) {
                line += " \(key)=\(value)"
            }
            line += " [\(event.source)] \(event.message)\n"
            sink(Array(line.utf8))
        case .json:
            var object = JSONObject()
            object.append("timestamp", .string(timestamp))
            object.append("level", .string(event.level.rawValue))
            object.append("label", .string(label))
            object.append("message", .string(event.message.description))
            object.append("source", .string(event.source))
            for (key, value) in merged.sorted(by: { $0.key < $1.key }) {
                let name = Self.fixedKeys.contains(key) ? "metadata.\(key)" : key
                object.append(name, .string(value.description))
            }
            var bytes = JSONWriter.bytes(.object(object))
            bytes.append(UInt8(ascii: "\n"))
            sink(bytes)
        }
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
        let (seconds, milliseconds) = floorDivide(unixMilliseconds, 1000)
        let (days, secondOfDay) = floorDivide(seconds, 86400)
        let (year, month, day) = civil(days: days)
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))T\(pad(secondOfDay / 3600, 2)):"
            + "\(pad(secondOfDay / 60 % 60, 2)):\(pad(secondOfDay % 60, 2)).\(pad(milliseconds, 3))Z"
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

    private static func pad(_ value: Int64, _ width: Int) -> String {
        let digits = String(value)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }
}
