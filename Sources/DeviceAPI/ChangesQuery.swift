import HTTPMessages
import HTTPTypes
import Registry

/// The parameters of `GET /v1/changes`, parsed from the query string and `Last-Event-ID`.
struct ChangesQuery: Equatable {
    /// Resume after this cursor (`?after=` or `Last-Event-ID`; the header wins for a stream, as EventSource resends
    /// it on reconnect). `nil`: from now.
    var after: Int64?
    /// `?snapshot=true`.
    var snapshot = false
    /// `?user=ID` (repeatable). `nil`: every user.
    var users: Set<String>?
    /// `?types=command,state`. `nil`: every kind.
    var kinds: Set<ChangeRecord.Kind>?
    /// `?wait=SECONDS` (long-poll only), 0…``ChangesQuery/maxWaitSeconds``.
    var waitSeconds = 0
    /// `?limit=N` (long-poll only), 1…``ChangesQuery/maxLimit``.
    var limit = ChangesQuery.defaultLimit

    static let maxWaitSeconds = 60
    static let defaultLimit = 500
    static let maxLimit = 1000
    static let names = ["after", "snapshot", "user", "types", "wait", "limit"]

    /// The parameters that may be given once only; `user` and `types` add up.
    static let singleValued: Set<String> = ["after", "snapshot", "wait", "limit"]

    /// A parameter that could not be used: its name, why, and the `/v1` error code (`invalidParameter`, or
    /// `invalidId` for a `user` outside the id rules).
    struct Failure: Error, Equatable {
        var parameter: String
        var message: String
        var code = "invalidParameter"
    }

    /// Parses `request`; throws the first problem found.
    static func parse(_ request: Request) throws(Failure) -> ChangesQuery {
        var query = ChangesQuery()
        guard let fields = FormEncoding.decode(request.query ?? "") else {
            throw Failure(parameter: "query", message: "the query string is not valid percent-encoding")
        }
        var seen: Set<String> = []
        for (name, value) in fields {
            if singleValued.contains(name), !seen.insert(name).inserted {
                throw Failure(parameter: name, message: "\(name) is given more than once; give it once")
            }
            switch name {
            case "after":
                query.after = try cursor(value, name: "after")
            case "snapshot":
                guard value == "true" || value == "false" else {
                    throw Failure(parameter: name, message: "snapshot is true or false, not \"\(value)\"")
                }
                query.snapshot = value == "true"
            case "user":
                // Decoded from the query, so it is checked like a path id: a `%00` must not reach the store.
                guard APIIdentifier.isValid(value) else {
                    throw Failure(parameter: name, message: "user must be \(APIIdentifier.rule)", code: "invalidId")
                }
                query.users = (query.users ?? []).union([value])
            case "types":
                var kinds: Set<ChangeRecord.Kind> = []
                for part in value.split(separator: ",", omittingEmptySubsequences: false) {
                    guard let kind = ChangeRecord.Kind(rawValue: String(part)) else {
                        let known = ChangeRecord.Kind.allCases.map(\.rawValue).joined(separator: ", ")
                        throw Failure(parameter: name, message: "unknown type \"\(part)\"; the types are \(known)")
                    }
                    kinds.insert(kind)
                }
                query.kinds = (query.kinds ?? []).union(kinds)
            case "wait":
                guard let seconds = Int(value), (0...maxWaitSeconds).contains(seconds) else {
                    throw Failure(parameter: name, message: "wait is whole seconds in 0...\(maxWaitSeconds)")
                }
                query.waitSeconds = seconds
            case "limit":
                guard let limit = Int(value), (1...maxLimit).contains(limit) else {
                    throw Failure(parameter: name, message: "limit is in 1...\(maxLimit)")
                }
                query.limit = limit
            default:
                let hint = names.first { closeEnough($0, name) }.map { "; did you mean \"\($0)\"?" } ?? ""
                throw Failure(
                    parameter: name,
                    message: "unknown parameter \"\(name)\"\(hint) (known: \(names.joined(separator: ", ")))"
                )
            }
        }
        if let header = request.headerFields[lastEventID] {
            query.after = try cursor(header, name: "Last-Event-ID")
        }
        return query
    }

    static let lastEventID = HTTPField.Name("Last-Event-ID")!

    /// A cursor written exactly as Hearth writes one: 1–19 ASCII digits, nothing else (no sign, no space, no
    /// prefix of something longer). `Int64(_:)` alone would take `+5`.
    private static func cursor(_ text: String, name: String) throws(Failure) -> Int64 {
        let digits = text.utf8
        guard (1...19).contains(digits.count), digits.allSatisfy({ (0x30...0x39).contains($0) }),
            let cursor = Int64(text)
        else {
            throw Failure(
                parameter: name,
                message: "\(name) is a cursor: a whole number >= 0 in digits only, not \"\(text)\""
            )
        }
        return cursor
    }

    /// Whether `typed` is one edit (or a case change) away from `name`.
    private static func closeEnough(_ name: String, _ typed: String) -> Bool {
        let a = Array(name)
        let b = Array(typed.lowercased())
        if a == b { return true }
        if abs(a.count - b.count) > 1 { return false }
        var i = 0
        var j = 0
        var edits = 0
        while i < a.count, j < b.count {
            if a[i] == b[j] {
                i += 1
                j += 1
                continue
            }
            edits += 1
            if edits > 1 { return false }
            if a.count > b.count {
                i += 1
            } else if b.count > a.count {
                j += 1
            } else {
                i += 1
                j += 1
            }
        }
        return edits + (a.count - i) + (b.count - j) <= 1
    }
}
