import JSON
import RecordReplay
import Testing

/// `hearth replay`'s comparison rules, one by one.
struct ResponseComparisonTests {
    static func differences(
        _ expected: String,
        _ actual: String,
        request: String? = nil,
        ignoring: [String] = []
    ) throws -> [String] {
        ResponseComparison.differences(
            expected: try JSONParser.parse(expected),
            actual: try JSONParser.parse(actual),
            request: try request.map { try JSONParser.parse($0) },
            ignoring: ignoring.compactMap(JSONPath.init(parsing:))
        ).map(\.description)
    }

    @Test func memberOrderDoesNotMatter() throws {
        #expect(try Self.differences(#"{"a":1,"b":{"c":true,"d":"x"}}"#, #"{"b":{"d":"x","c":true},"a":1}"#).isEmpty)
    }

    @Test func numbersCompareAsNumbers() throws {
        #expect(try Self.differences(#"{"brightness":1}"#, #"{"brightness":1.0}"#).isEmpty)
        #expect(try Self.differences(#"{"t":21.5}"#, #"{"t":2.15e1}"#).isEmpty)
        #expect(try Self.differences(#"{"t":21.5}"#, #"{"t":21.6}"#) == ["$.t: expected 21.5, got 21.6"])
        #expect(try Self.differences(#"{"on":1}"#, #"{"on":true}"#) == ["$.on: expected 1, got true"])
    }

    @Test func idsWithinACommandResultAndResultOrderDoNotMatter() throws {
        let expected = #"""
            {"payload":{"commands":[{"ids":["a","b"],"status":"SUCCESS","states":{"on":true}},
                                    {"ids":["c"],"status":"ERROR","errorCode":"deviceOffline"}]}}
            """#
        let reordered = #"""
            {"payload":{"commands":[{"ids":["c"],"errorCode":"deviceOffline","status":"ERROR"},
                                    {"states":{"on":true},"status":"SUCCESS","ids":["b","a"]}]}}
            """#
        #expect(try Self.differences(expected, reordered).isEmpty)
        let changed = #"""
            {"payload":{"commands":[{"ids":["a","b"],"status":"SUCCESS","states":{"on":false}},
                                    {"ids":["c"],"status":"ERROR","errorCode":"deviceOffline"}]}}
            """#
        #expect(
            try Self.differences(expected, changed) == [
                "$.payload.commands[ids=a,b].states.on: expected true, got false"
            ]
        )
    }

    @Test func syncDevicesAreMatchedById() throws {
        let expected = #"{"payload":{"devices":[{"id":"x","name":{"name":"X"}},{"id":"y","name":{"name":"Y"}}]}}"#
        let reordered = #"{"payload":{"devices":[{"id":"y","name":{"name":"Y"}},{"id":"x","name":{"name":"X"}}]}}"#
        #expect(try Self.differences(expected, reordered).isEmpty)
        let missing = #"{"payload":{"devices":[{"id":"y","name":{"name":"Why"}}]}}"#
        #expect(
            try Self.differences(expected, missing) == [
                #"$.payload.devices[id=x]: missing from the answer (expected {"id":"x","name":{"name":"X"}})"#,
                #"$.payload.devices[id=y].name.name: expected "Y", got "Why""#,
            ]
        )
    }

    @Test func otherArraysKeepTheirOrder() throws {
        #expect(
            try Self.differences(#"{"traits":["a","b"]}"#, #"{"traits":["b","a"]}"#) == [
                #"$.traits[0]: expected "a", got "b""#, #"$.traits[1]: expected "b", got "a""#,
            ]
        )
    }

    @Test func requestIdMustBeTheRequests() throws {
        let request = #"{"requestId":"r-1","inputs":[]}"#
        #expect(try Self.differences(#"{"requestId":"r-1"}"#, #"{"requestId":"r-1"}"#, request: request).isEmpty)
        #expect(
            try Self.differences(#"{"requestId":"r-1"}"#, #"{"requestId":"r-2"}"#, request: request) == [
                #"$.requestId: expected "r-1", got "r-2" (the request's requestId)"#
            ]
        )
        #expect(
            try Self.differences(#"{"requestId":"r-1"}"#, #"{}"#, request: request) == [
                #"$.requestId: missing from the answer (expected "r-1") (the request's requestId)"#
            ]
        )
    }

    @Test func extraAndMissingMembersAreNamed() throws {
        #expect(
            try Self.differences(#"{"a":{"b":1}}"#, #"{"a":{"c":2}}"#) == [
                "$.a.b: missing from the answer (expected 1)", "$.a.c: not in the recording (got 2)",
            ]
        )
    }

    @Test func ignoredPlacesAndRedactedValuesAreNotCompared() throws {
        let expected =
            #"{"payload":{"devices":[{"id":"x","deviceInfo":{"swVersion":"1"},"on":true}],"pin":"REDACTED"}}"#
        let actual = #"{"payload":{"devices":[{"id":"x","deviceInfo":{"swVersion":"2"},"on":true}],"pin":"9"}}"#
        #expect(try Self.differences(expected, actual, ignoring: ["$.payload.devices[*].deviceInfo"]).isEmpty)
        #expect(
            try Self.differences(expected, actual, ignoring: ["payload.devices[id=x].deviceInfo.swVersion"]).isEmpty
        )
        #expect(
            try Self.differences(expected, actual) == [
                #"$.payload.devices[id=x].deviceInfo.swVersion: expected "1", got "2""#
            ]
        )
    }

    @Test(arguments: [
        ("$.payload.devices[*].on", "$.payload.devices[*].on"),
        ("payload.commands[ids=a,b]", "$.payload.commands[ids=a,b]"),
        ("$.a.*.b", "$.a.*.b"),
        ("$[0].x", "$[0].x"),
        (#"$.payload.devices["light.1"].on"#, #"$.payload.devices["light.1"].on"#),
        (#"$["a\"b"]"#, #"$["a\"b"]"#),
        (#"$["plain"]"#, "$.plain"),
    ])
    func pathsParse(_ text: String, _ description: String) {
        #expect(JSONPath(parsing: text)?.description == description)
    }

    @Test func aMemberNameWithADotIsQuotedAndIgnorable() throws {
        let expected = #"{"payload":{"devices":{"light.1":{"on":true},"light":{"1":{"on":true}}}}}"#
        let actual = #"{"payload":{"devices":{"light.1":{"on":false},"light":{"1":{"on":true}}}}}"#
        #expect(
            try Self.differences(expected, actual) == [#"$.payload.devices["light.1"].on: expected true, got false"#]
        )
        #expect(try Self.differences(expected, actual, ignoring: [#"$.payload.devices["light.1"]"#]).isEmpty)
        #expect(try Self.differences(expected, actual, ignoring: ["$.payload.devices.light"]).count == 1)
    }

    @Test(arguments: ["", "$", "$.", "a..b", "a[", "a[]", "a b[", #"$["a"#, #"$["a"x"#])
    func malformedPathsAreRefused(_ text: String) {
        #expect(JSONPath(parsing: text) == nil)
    }
}
