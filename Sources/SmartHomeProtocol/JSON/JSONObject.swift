/// A JSON object that keeps its members in insertion order, so that output is deterministic.
///
/// Small objects (Google's are) are searched by a scan, which beats hashing for a few members. An object that
/// grows past ``indexThreshold`` members through the checked setter (the parser uses it) keeps a key → position
/// index from then on, so that reading a hostile 100,000-key body is linear rather than quadratic. Swift's
/// `Dictionary` hashes with a per-process random seed, so keys chosen to collide cannot be precomputed.
/// Equality ignores member order, as JSON does.
public struct JSONObject: Sendable, Hashable, Sequence {
    /// Objects with more members than this keep a key index once built through the checked setter.
    static let indexThreshold = 16

    /// The members in order.
    public private(set) var members: [(key: String, value: JSON)]

    /// Each key's first position in `members`; `nil` until the object outgrows ``indexThreshold``.
    private var positions: [String: Int]?

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
            position(of: key).map { members[$0].value }
        }
        set {
            if let index = position(of: key) {
                if let newValue {
                    members[index].value = newValue
                } else {
                    members.remove(at: index)
                    positions = nil
                    if members.count > Self.indexThreshold { buildPositions() }
                }
            } else if let newValue {
                members.append((key: key, value: newValue))
                if positions != nil {
                    positions![key] = members.count - 1
                } else if members.count > Self.indexThreshold {
                    buildPositions()
                }
            }
        }
    }

    /// Appends a member without checking for a duplicate key. For building output whose keys are known
    /// to be distinct.
    public mutating func append(_ key: String, _ value: JSON) {
        members.append((key: key, value: value))
        if positions != nil, positions![key] == nil { positions![key] = members.count - 1 }
    }

    /// Adds every member of `other`, replacing members with the same key.
    public mutating func merge(_ other: JSONObject) {
        for (key, value) in other.members { self[key] = value }
    }

    public func makeIterator() -> IndexingIterator<[(key: String, value: JSON)]> {
        members.makeIterator()
    }

    /// Where `key` first occurs: from the index when there is one, else by a scan.
    private func position(of key: String) -> Int? {
        if let positions { return positions[key] }
        return members.firstIndex { $0.key == key }
    }

    private mutating func buildPositions() {
        var positions: [String: Int] = [:]
        positions.reserveCapacity(members.count)
        for (index, member) in members.enumerated() where positions[member.key] == nil {
            positions[member.key] = index
        }
        self.positions = positions
    }

    public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
        guard lhs.members.count == rhs.members.count else { return false }
        var indexed = rhs
        if indexed.positions == nil, indexed.members.count > indexThreshold { indexed.buildPositions() }
        for (key, value) in lhs.members {
            guard let other = indexed[key], other == value else { return false }
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
