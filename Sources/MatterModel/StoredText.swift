/// The one rule every string bound for the registry keeps: no U+0000 (NUL).
///
/// JSON may carry `\u0000` in a string, but neither engine stores it: SQLite (through GRDB, which binds text
/// NUL-terminated) keeps only the part before it, so the rest is lost without an error, and PostgreSQL's `text`
/// refuses the byte outright. So a NUL is refused where a string enters Hearth (a device file, `/v1`, a form),
/// naming the field, and the stores check again.
public enum StoredText {
    /// What an error says about a string holding U+0000; the value itself is never quoted (it would carry the NUL
    /// into a terminal or a log).
    public static let nulReason = "must not contain the NUL character (U+0000)"

    /// Whether `text` may be stored: it holds no U+0000.
    public static func isStorable(_ text: String) -> Bool {
        !text.utf8.contains(0)
    }
}
