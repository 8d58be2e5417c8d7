/// A JSON object that keeps its members in insertion order, so that output is deterministic.
///
/// Lookups scan linearly: Google's objects are small, and a scan over a few members beats hashing (and keeps this
/// type one array wide, which the request path feels). What would be quadratic in a hostile object — reading it
/// (the parser), ``init(_:)``, ``merge(_:)`` and equality — uses a temporary key index past ``indexThreshold``
/// members, so a 100,000-member body costs tens of milliseconds, not half a minute. Swift's `Dictionary` hashes
/// with a per-process random seed, so keys chosen to collide cannot be precomputed. Equality ignores member order,
/// as JSON does.
public struct JSONObject: Sendable, Hashable, Sequence {
    /// Past this many members, building and comparing objects use a key index instead of scans.
    static let indexThreshold = 16

    /// The members in order.
    public private(set) var members: [(key: String, value: JSONValue)]

    public init() {
        members = []
    }

    public init(_ members: [(String, JSONValue)]) {
        self.members = []
        self.members.reserveCapacity(members.count)
        var positions: [String: Int]?
        for (key, value) in members { set(key, value, positions: &positions) }
    }

    /// Makes room for `capacity` members.
    public mutating func reserveCapacity(_ capacity: Int) {
        members.reserveCapacity(capacity)
    }

    /// The number of members.
    public var count: Int { members.count }

    /// Whether the object has no members.
    public var isEmpty: Bool { members.isEmpty }

    /// The keys in order.
    public var keys: [String] { members.map(\.key) }

    /// A member's value; setting `nil` removes it, setting a present key replaces it in place.
    public subscript(_ key: String) -> JSONValue? {
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
    public mutating func append(_ key: String, _ value: JSONValue) {
        members.append((key: key, value: value))
    }

    /// Adds every member of `other`, replacing members with the same key.
    public mutating func merge(_ other: JSONObject) {
        var positions: [String: Int]?
        for (key, value) in other.members { set(key, value, positions: &positions) }
    }

    public func makeIterator() -> IndexingIterator<[(key: String, value: JSONValue)]> {
        members.makeIterator()
    }

    public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
        guard lhs.members.count == rhs.members.count else { return false }
        if rhs.members.count <= indexThreshold {
            for (key, value) in lhs.members {
                guard let other = rhs[key], other == value else { return false }
            }
            return true
        }
        let positions = positions(of: rhs.members)
        for (key, value) in lhs.members {
            guard let index = positions[key], rhs.members[index].value == value else { return false }
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

    /// Sets a member as the subscript's setter does (a present key is replaced in place, so the last duplicate
    /// wins), in linear time over many calls: it scans while the object is small and then keeps `positions`, a key
    /// index. Start with `nil` and pass the same index to every call while nothing else changes the object.
    @inline(__always)
    mutating func set(_ key: String, _ value: JSONValue, positions: inout [String: Int]?) {
        if members.count < Self.indexThreshold {
            self[key] = value
            return
        }
        if positions == nil { positions = Self.positions(of: members) }
        if let index = positions![key] {
            members[index].value = value
        } else {
            positions![key] = members.count
            members.append((key: key, value: value))
        }
    }

    /// Whether `key` is a member, found as ``set(_:_:positions:)`` finds it: by a scan while the object is small,
    /// else through `positions`, which this builds when it is `nil` and `set` keeps up to date.
    @inline(__always)
    func contains(_ key: String, positions: inout [String: Int]?) -> Bool {
        if members.count < Self.indexThreshold {
            for member in members where member.key == key { return true }
            return false
        }
        if positions == nil { positions = Self.positions(of: members) }
        return positions![key] != nil
    }

    /// Each key's first position, as a scan finds it.
    static func positions(of members: [(key: String, value: JSONValue)]) -> [String: Int] {
        var positions: [String: Int] = [:]
        positions.reserveCapacity(members.count)
        for (index, member) in members.enumerated() where positions[member.key] == nil {
            positions[member.key] = index
        }
        return positions
    }
}
