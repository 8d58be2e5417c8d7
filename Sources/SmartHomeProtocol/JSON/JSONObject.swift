/// A JSON object that keeps its members in insertion order, so that output is deterministic.
///
/// Lookups scan linearly: Google's objects are small, and a scan over a few members beats hashing.
/// Equality ignores member order, as JSON does.
public struct JSONObject: Sendable, Hashable, Sequence {
    /// The members in order.
    public private(set) var members: [(key: String, value: JSON)]

    public init() {
        members = []
    }

    public init(_ members: [(String, JSON)]) {
        self.members = []
        self.members.reserveCapacity(members.count)
        for (key, value) in members { self[key] = value }
    }

    /// The number of members.
    public var count: Int { members.count }

    /// Whether the object has no members.
    public var isEmpty: Bool { members.isEmpty }

    /// The keys in order.
    public var keys: [String] { members.map(\.key) }

    /// A member's value; setting `nil` removes it, setting a present key replaces it in place.
    public subscript(_ key: String) -> JSON? {
        get {
            for member in members where member.key == key { return member.value }
            return nil
        }
        set {
            if let index = members.firstIndex(where: { $0.key == key }) {
                if let newValue {
                    members[index].value = newValue
                } else {
                    members.remove(at: index)
                }
            } else if let newValue {
                members.append((key: key, value: newValue))
            }
        }
    }

    /// Appends a member without checking for a duplicate key. For building output whose keys are known
    /// to be distinct.
    public mutating func append(_ key: String, _ value: JSON) {
        members.append((key: key, value: value))
    }

    /// Adds every member of `other`, replacing members with the same key.
    public mutating func merge(_ other: JSONObject) {
        for (key, value) in other.members { self[key] = value }
    }

    public func makeIterator() -> IndexingIterator<[(key: String, value: JSON)]> {
        members.makeIterator()
    }

    public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
        guard lhs.members.count == rhs.members.count else { return false }
        for (key, value) in lhs.members {
            guard let other = rhs[key], other == value else { return false }
        }
        return true
    }

    public func hash(into hasher: inout Hasher) {
        // Order-independent: combine per-member hashes commutatively.
        var total = 0
        for (key, value) in members {
            var memberHasher = Hasher()
            memberHasher.combine(key)
            memberHasher.combine(value)
            total = total &+ memberHasher.finalize()
        }
        hasher.combine(members.count)
        hasher.combine(total)
    }
}
