/// What replaying one file found.
public struct ReplayResult: Sendable {
    /// How it went.
    public enum Outcome: Sendable {
        /// The answer agrees with the recording.
        case passed
        /// The answer differs; each difference names its place.
        case failed([ReplayDifference])
        /// Not replayed: the file is not a fulfillment intent.
        case skipped(String)
        /// No answer: the deployment could not be reached.
        case error(String)
    }

    /// The file's name without `.json`.
    public var name: String
    public var outcome: Outcome
    /// How long the request took, in seconds.
    public var seconds: Double

    /// Creates a result.
    public init(name: String, outcome: Outcome, seconds: Double) {
        self.name = name
        self.outcome = outcome
        self.seconds = seconds
    }

    /// `ok NAME`, or `FAIL NAME` and one indented line per difference, or `skip` / `ERROR` with the reason.
    public var text: String {
        switch outcome {
        case .passed:
            "ok    \(name)"
        case .failed(let differences):
            (["FAIL  \(name)"] + differences.map { "      \($0)" }).joined(separator: "\n")
        case .skipped(let reason):
            "skip  \(name): \(reason)"
        case .error(let message):
            "ERROR \(name): \(message)"
        }
    }
}
