import Testing

@testable import JSON

/// Past ``JSONObject/indexThreshold`` members, the parser, `init`, `merge` and equality use a key index: objects
/// must come out exactly as the scanning subscript builds them (member order, replacement in place, last duplicate
/// wins, removal, equality).
struct JSONObjectIndexTests {
    static let sizes = [1, JSONObject.indexThreshold, JSONObject.indexThreshold + 1, 1_000]

    static func keys(_ count: Int) -> [String] {
        (0..<count).map { "k\($0)" }
    }

    @Test(arguments: sizes)
    func lookupsReplacementsAndRemovalsMatchAScan(_ count: Int) {
        let keys = Self.keys(count)
        var object = JSONObject()
        for (index, key) in keys.enumerated() { object[key] = .int(index) }
        #expect(object.keys == keys)
        #expect(keys.enumerated().allSatisfy { object[$0.element] == .int($0.offset) })
        #expect(object["absent"] == nil)

        object[keys[0]] = "replaced"
        #expect(object.keys == keys, "a replacement keeps the member's place")
        #expect(object[keys[0]] == "replaced")

        object[keys[count / 2]] = nil
        var remaining = keys
        remaining.remove(at: count / 2)
        #expect(object.keys == remaining)
        #expect(object[keys[count / 2]] == nil)
        #expect(remaining.dropFirst().allSatisfy { object[$0] == .int(Int($0.dropFirst())!) })

        object["new"] = true
        #expect(object.keys == remaining + ["new"])
        #expect(object["new"] == true)
    }

    @Test(arguments: sizes)
    func theParserKeepsOrderAndTheLastDuplicate(_ count: Int) throws {
        let keys = Self.keys(count)
        let members = keys.enumerated().map { #""\#($0.element)":\#($0.offset)"# } + [#""\#(keys[0])":"last""#]
        let object = try #require(try JSONParser.parse("{" + members.joined(separator: ",") + "}").objectValue)
        #expect(object.count == count)
        #expect(object.keys == keys)
        #expect(object[keys[0]] == "last")
        if count > 1 { #expect(object[keys[count - 1]] == .int(count - 1)) }
    }

    @Test func anAppendedDuplicateIsFoundAsTheFirstOne() {
        for count in Self.sizes {
            var object = JSONObject()
            for key in Self.keys(count) { object[key] = 1 }
            object.append("k0", 2)
            #expect(object["k0"] == 1, "\(count) members")
            #expect(object.count == count + 1)
        }
    }

    @Test func equalityIgnoresOrderWithAndWithoutAnIndex() {
        let keys = Self.keys(500)
        var appended = JSONObject()
        for key in keys { appended.append(key, .string(key)) }
        let indexed = JSONObject(keys.reversed().map { ($0, .string($0)) })
        #expect(appended == indexed)
        #expect(indexed == appended)
        #expect(appended.hashValue == indexed.hashValue)
        var different = indexed
        different["k250"] = "other"
        #expect(appended != different)
        #expect(different != appended)
    }

    @Test func mergeReplacesAndAppends() {
        var object = JSONObject(Self.keys(40).map { ($0, 0) })
        object.merge(JSONObject([("k39", 1), ("extra", 2)]))
        #expect(object.count == 41)
        #expect(object["k39"] == 1)
        #expect(object.keys.last == "extra")
    }

    /// The issue's body: 110,000 short keys in under 900 KB, which took 27.5 s of CPU when each insert scanned.
    @Test func readsAHundredThousandMemberObject() throws {
        let keys = Self.keys(110_000)
        let text = "{" + keys.map { #""\#($0)":0"# }.joined(separator: ",") + "}"
        let object = try #require(try JSONParser.parse(text).objectValue)
        #expect(object.count == keys.count)
        #expect(object["k109999"] == 0)
    }
}
