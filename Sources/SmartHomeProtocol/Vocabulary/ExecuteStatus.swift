/// The status of one device in an EXECUTE or QUERY answer.
public enum ExecuteStatus: String, Sendable, Hashable, CaseIterable {
    case success = "SUCCESS"
    case pending = "PENDING"
    case offline = "OFFLINE"
    case exceptions = "EXCEPTIONS"
    case error = "ERROR"
}
