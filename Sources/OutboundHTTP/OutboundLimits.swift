/// How long one transfer may take and how much of the answer is read.
///
/// Both limits stop the transfer itself: past the deadline or over a size the connection is dropped, nothing more
/// is read, and the request fails (``OutboundHTTPError/Code/deadlinePassed``,
/// ``OutboundHTTPError/Code/answerTooLarge``).
public struct OutboundLimits: Sendable, Hashable {
    /// The whole transfer: resolving, connecting, TLS, sending, and reading the whole answer.
    public var deadline: Duration
    /// The most body bytes read; a larger answer (declared or sent) fails.
    public var maxAnswerBytes: Int
    /// The most header bytes read (status line and fields of every head, `100 Continue` included).
    public var maxHeaderBytes: Int

    /// Creates limits. `deadline` is rounded up to whole milliseconds (at least one).
    public init(deadline: Duration, maxAnswerBytes: Int, maxHeaderBytes: Int = OutboundLimits.defaultMaxHeaderBytes) {
        self.deadline = deadline
        self.maxAnswerBytes = max(0, maxAnswerBytes)
        self.maxHeaderBytes = max(0, maxHeaderBytes)
    }

    /// 16 KiB of header lines: Google's and common backends' answers carry well under 2 KiB.
    public static let defaultMaxHeaderBytes = 16_384

    /// ``deadline`` in whole milliseconds, at least 1 (libcurl reads 0 as "no timeout").
    var deadlineMilliseconds: Int {
        let (seconds, attoseconds) = deadline.components
        let milliseconds = seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
        return Int(max(1, milliseconds))
    }
}
