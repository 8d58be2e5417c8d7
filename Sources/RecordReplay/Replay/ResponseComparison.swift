import JSON

/// Compares a replayed fulfillment answer with the recorded one by the rules of Google's protocol rather than
/// byte for byte:
/// - object members in any order;
/// - numbers by value (`1` and `1.0` are equal);
/// - `requestId` must be the one of the request sent (Google matches answers to requests by it), where the recording
///   has one;
/// - arrays whose elements all carry a distinct string `id` (SYNC's `devices`) are matched by id, and arrays whose
///   elements all carry an `ids` array (EXECUTE's command results) by their sorted ids, so their order does not
///   matter; an `ids` array is compared as a set;
/// - a recorded value that reads ``FixtureRedaction/marker`` (a redacted secret) matches any value;
/// - a place matched by an `ignoring` pattern (and everything below it) is not compared.
public enum ResponseComparison {
    /// The differences between `expected` (recorded) and `actual` (replayed), in document order; empty when they
    /// agree. `request` is the request that was sent, for its `requestId`.
    public static func differences(
        expected: JSONValue,
        actual: JSONValue,
        request: JSONValue?,
        ignoring: [JSONPath] = []
    ) -> [ReplayDifference] {
        var comparison = Walk(ignoring: ignoring)
        let requestIdPath = JSONPath([.key("requestId")])
        var expected = expected
        var actual = actual
        // Only where the recording has one: DISCONNECT's answer is an empty object.
        if let sent = request?["requestId"], expected["requestId"] != nil, !comparison.isIgnored(requestIdPath) {
            if actual["requestId"] != sent {
                comparison.differences.append(
                    ReplayDifference(
                        location: requestIdPath.description,
                        expected: sent,
                        actual: actual["requestId"],
                        note: "the request's requestId"
                    )
                )
            }
            // Compared with the request's above; the recording's own copy says nothing more.
            expected = removingMember("requestId", from: expected)
            actual = removingMember("requestId", from: actual)
        }
        comparison.compare(expected, actual, at: JSONPath())
        return comparison.differences
    }

    private static func removingMember(_ name: String, from value: JSONValue) -> JSONValue {
        guard let object = value.objectValue else { return value }
        return .object(JSONObject(object.members.filter { $0.key != name }.map { ($0.key, $0.value) }))
    }

    private struct Walk {
        let ignoring: [JSONPath]
        var differences: [ReplayDifference] = []

        init(ignoring: [JSONPath]) {
            self.ignoring = ignoring
        }

        func isIgnored(_ path: JSONPath) -> Bool {
            ignoring.contains { $0.matches(path) }
        }

        mutating func compare(_ expected: JSONValue, _ actual: JSONValue, at path: JSONPath) {
            if isIgnored(path) { return }
            if expected == .string(FixtureRedaction.marker) { return }
            switch (expected, actual) {
            case (.object(let expectedObject), .object(let actualObject)):
                compareObjects(expectedObject, actualObject, at: path)
            case (.array(let expectedElements), .array(let actualElements)):
                compareArrays(expectedElements, actualElements, at: path)
            default:
                // Scalars, numbers by value (JSONValue's equality), or values of different kinds.
                if expected != actual {
                    differences.append(ReplayDifference(location: path.description, expected: expected, actual: actual))
                }
            }
        }

        private mutating func compareObjects(_ expected: JSONObject, _ actual: JSONObject, at path: JSONPath) {
            for (key, value) in expected {
                let next = path.appending(.key(key))
                if let other = actual[key] {
                    compare(value, other, at: next)
                } else if !isIgnored(next) {
                    differences.append(ReplayDifference(location: next.description, expected: value, actual: nil))
                }
            }
            for (key, value) in actual where expected[key] == nil {
                let next = path.appending(.key(key))
                if !isIgnored(next) {
                    differences.append(ReplayDifference(location: next.description, expected: nil, actual: value))
                }
            }
        }

        private mutating func compareArrays(_ expected: [JSONValue], _ actual: [JSONValue], at path: JSONPath) {
            if path.components.last == .key("ids"), let expectedIds = Self.sortedStrings(expected),
                let actualIds = Self.sortedStrings(actual)
            {
                if expectedIds != actualIds {
                    differences.append(
                        ReplayDifference(
                            location: path.description,
                            expected: .array(expected),
                            actual: .array(actual),
                            note: "compared as sets"
                        )
                    )
                }
                return
            }
            if let expectedKeyed = Self.keyed(expected), let actualKeyed = Self.keyed(actual) {
                for (label, value) in expectedKeyed {
                    let next = path.appending(.element(label))
                    if let other = actualKeyed.first(where: { $0.label == label }) {
                        compare(value, other.value, at: next)
                    } else if !isIgnored(next) {
                        differences.append(ReplayDifference(location: next.description, expected: value, actual: nil))
                    }
                }
                for (label, value) in actualKeyed where !expectedKeyed.contains(where: { $0.label == label }) {
                    let next = path.appending(.element(label))
                    if !isIgnored(next) {
                        differences.append(ReplayDifference(location: next.description, expected: nil, actual: value))
                    }
                }
                return
            }
            for index in 0..<max(expected.count, actual.count) {
                let next = path.appending(.element(String(index)))
                // Spelled as optionals: a bare `nil` would be JSON's null (`JSONValue` is nil-literal expressible).
                let value: JSONValue? = index < expected.count ? expected[index] : Optional.none
                let other: JSONValue? = index < actual.count ? actual[index] : Optional.none
                switch (value, other) {
                case (let value?, let other?):
                    compare(value, other, at: next)
                case (let value, let other):
                    if !isIgnored(next) {
                        differences.append(ReplayDifference(location: next.description, expected: value, actual: other))
                    }
                }
            }
        }

        /// The elements labelled by `id` or by sorted `ids` when every element has one and no two share it;
        /// else `nil` (compared by index).
        static func keyed(_ elements: [JSONValue]) -> [(label: String, value: JSONValue)]? {
            guard !elements.isEmpty else { return nil }
            var labelled: [(label: String, value: JSONValue)] = []
            for element in elements {
                if let id = element["id"]?.stringValue {
                    labelled.append(("id=\(id)", element))
                } else if let ids = element["ids"]?.arrayValue.flatMap(sortedStrings) {
                    labelled.append(("ids=\(ids.joined(separator: ","))", element))
                } else {
                    return nil
                }
            }
            guard Set(labelled.map(\.label)).count == labelled.count else { return nil }
            return labelled
        }

        static func sortedStrings(_ elements: [JSONValue]) -> [String]? {
            var strings: [String] = []
            for element in elements {
                guard let string = element.stringValue else { return nil }
                strings.append(string)
            }
            return strings.sorted()
        }
    }
}
