/// How log lines are written (`log.format`).
public enum LogFormat: String, Sendable, Hashable, CaseIterable {
    /// `2026-11-24T04:00:29.123Z info hearth : http.status=200 … [HearthApp] Answered a request`: swift-log's
    /// stream format, with millisecond UTC timestamps.
    case text
    /// One JSON object per line: `timestamp` (RFC 3339, milliseconds, UTC), `level`, `label`, `message`,
    /// `source`, then every metadata key (values as strings).
    case json
}
