import Testing

@testable import JSON

struct JSONObjectTests {
    @Test func equalityIgnoresMemberOrder() {
        let a = JSONObject([("x", 1), ("y", 2)])
        let b = JSONObject([("y", 2), ("x", 1)])
        #expect(a == b)
        #expect(a.hashValue == b.hashValue)
        #expect(a != JSONObject([("x", 1)]))
        #expect(a != JSONObject([("x", 1), ("y", 3)]))
    }

    @Test func subscriptReplacesAndRemoves() {
        var object = JSONObject([("a", 1), ("b", 2)])
        object["a"] = 3
        object["b"] = nil
        object["c"] = "x"
        #expect(object.keys == ["a", "c"])
        #expect(object["a"] == 3)
    }
}
