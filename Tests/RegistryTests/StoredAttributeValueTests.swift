import MatterModel
import Registry
import Testing

/// ``StoredAttributeValue``: every kind of value reads back exactly from the tag and text it is stored as, the texts
/// are the documented ones, and a text no encoding writes reads as `nil` (which the engines report as corrupt).
struct StoredAttributeValueTests {
    /// One value of every kind, every kind nested in a list and in a struct, and the edges of each kind.
    static let values: [AttributeValue] = [
        .null, .bool(true), .bool(false), .int(0), .int(-1), .int(Int.min), .int(Int.max),
        .unsigned(UInt64(Int.max) + 1), .unsigned(UInt64.max),
        .double(0.1), .double(-0.0), .double(1e-300), .double(3.4028234663852886e38), .double(-2.5),
        .double(Double.greatestFiniteMagnitude), .double(Double.leastNonzeroMagnitude), .double(20),
        .string(""), .string("plain"), .string("the \"main\" one"), .string("back\\slash"),
        .string("lumière ünïcode 💡 👩‍👩‍👧"), .string("tab\there\nnewline\r"), .string("{\"u\":\"1\"}"),
        .string("1"), .string("null"),
        .octets([]), .octets([0]), .octets([0x00, 0xFF, 0x10, 0xAB]), .octets(Array(0...255)),
        .list([]), .structure([:]), .list([.list([])]), .structure(["": .structure([:])]),
        .list(everyScalar),
        .structure(Dictionary(uniqueKeysWithValues: everyScalar.enumerated().map { ("f\($0)", $1) })),
        .list([
            .list(everyScalar),
            .structure(["Label": .string("x"), "ModeTags": .list([.structure(["Value": .int(1)])])]),
        ]),
        .structure([
            "l": .list([.null]), "s": .structure(["d": .double(0.1)]), "u": .unsigned(UInt64.max), "d": .double(1),
            "o": .octets([1]), "quote\"d": .string("\u{0}nul inside a list or struct is JSON-escaped"),
        ]),
    ]

    /// Every scalar kind once, as elements and fields are made of.
    static let everyScalar: [AttributeValue] = [
        .null, .bool(true), .int(Int.min), .unsigned(UInt64.max), .double(0.1), .string("a \"b\" ü"),
        .octets([0xDE, 0xAD]),
    ]

    @Test(arguments: values)
    func everyValueReadsBackExactly(value: AttributeValue) throws {
        let stored = StoredAttributeValue.encode(value)
        #expect(StoredAttributeValue.tags.contains(stored.tag))
        let decoded = StoredAttributeValue.decode(tag: stored.tag, text: stored.text)
        #expect(decoded == value, "\(stored.tag) \(stored.text)")
        // == cannot tell -0.0 from 0.0: the sign of every double is compared too.
        #expect(decoded.map(Self.signs) == Self.signs(value))
    }

    /// The signs of the doubles in a value, depth first, fields by name.
    static func signs(_ value: AttributeValue) -> [FloatingPointSign] {
        switch value {
        case .double(let number): return [number.sign]
        case .list(let elements): return elements.flatMap(signs)
        case .structure(let fields): return fields.keys.sorted().flatMap { signs(fields[$0] ?? .null) }
        default: return []
        }
    }

    @Test func negativeZeroKeepsItsSign() throws {
        let stored = StoredAttributeValue.encode(.double(-0.0))
        let decoded = try #require(StoredAttributeValue.decode(tag: stored.tag, text: stored.text)?.doubleValue)
        #expect(decoded.sign == .minus)
    }

    @Test(arguments: [
        (AttributeValue.null, "null", ""),
        (.bool(true), "bool", "1"),
        (.bool(false), "bool", "0"),
        (.int(Int.min), "int", "-9223372036854775808"),
        (.unsigned(UInt64.max), "uint64", "18446744073709551615"),
        (.double(0.1), "double", "0.1"),
        (.double(1e-300), "double", "1e-300"),
        (.double(3.4028234663852886e38), "double", "3.4028234663852886e+38"),
        (.string("a\"b"), "string", "a\"b"),
        (.octets([0x00, 0xFF, 0x1A]), "octstr", "00ff1a"),
        (.octets([]), "octstr", ""),
        (.list([]), "list", #"{"l":[]}"#),
        (.structure([:]), "struct", #"{"s":{}}"#),
        (
            .list([.int(1), .null, .bool(true), .string("a"), .double(0.1), .unsigned(UInt64.max), .octets([1])]),
            "list", #"{"l":[1,null,true,"a",{"d":"0.1"},{"u":"18446744073709551615"},{"o":"01"}]}"#
        ),
        (.structure(["b": .list([]), "a": .structure([:])]), "struct", #"{"s":{"a":{"s":{}},"b":{"l":[]}}}"#),
    ])
    func theStoredTextIsTheDocumentedOne(value: AttributeValue, tag: String, text: String) {
        let stored = StoredAttributeValue.encode(value)
        #expect(stored.tag == tag)
        #expect(stored.text == text)
    }

    /// Every tag the schema allows is one some value is stored under, and no value is stored under another.
    @Test func theTagsAreExactlyTheOnesWritten() {
        #expect(Set(Self.values.map { StoredAttributeValue.encode($0).tag }) == Set(StoredAttributeValue.tags))
        #expect(StoredAttributeValue.tags.count == Set(StoredAttributeValue.tags).count)
    }

    /// An `unsigned` small enough for `int` (which ``AttributeValue/integer(_:)`` never makes) reads back as that
    /// `int`: the one value that does not read back as the same case.
    @Test func aSmallUnsignedReadsBackAsItsInt() {
        let stored = StoredAttributeValue.encode(.unsigned(5))
        #expect(StoredAttributeValue.decode(tag: stored.tag, text: stored.text) == .int(5))
        let nested = StoredAttributeValue.encode(.list([.unsigned(UInt64(Int.max))]))
        #expect(StoredAttributeValue.decode(tag: nested.tag, text: nested.text) == .list([.int(Int.max)]))
    }

    @Test(arguments: [
        ("", ""), ("text", "x"), ("STRING", "x"), ("uint8", "1"), ("float", "1.5"),
        ("null", "null"), ("null", " "),
        ("bool", "true"), ("bool", "2"), ("bool", ""), ("bool", "01"),
        ("int", "1.5"), ("int", ""), ("int", "+1"), ("int", "01"), ("int", " 1"), ("int", "1e3"),
        ("int", "9223372036854775808"), ("int", "0x10"),
        ("uint64", "-1"), ("uint64", "18446744073709551616"), ("uint64", "+18446744073709551615"), ("uint64", ""),
        ("double", "nan"), ("double", "inf"), ("double", "-infinity"), ("double", "1e999"), ("double", "0x1p3"),
        ("double", ""), ("double", " 1.5"), ("double", "1.5 "), ("double", "1,5"),
        ("octstr", "0"), ("octstr", "abc"), ("octstr", "0A"), ("octstr", "FF"), ("octstr", "zz"), ("octstr", "0 "),
        ("list", ""), ("list", "[]"), ("list", "[1]"), ("list", "null"), ("list", "1"), ("list", #"{"s":{}}"#),
        ("list", #"{"l":[],"s":{}}"#), ("list", #"{"l":{}}"#), ("list", #"{"l":[1.5]}"#),
        ("list", #"{"l":[18446744073709551615]}"#), ("list", #"{"l":[[1]]}"#), ("list", #"{"l":[{"x":1}]}"#),
        ("list", #"{"l":[{"u":1}]}"#), ("list", #"{"l":[{"u":"-1"}]}"#), ("list", #"{"l":[{"d":1.5}]}"#),
        ("list", #"{"l":[{"d":"nan"}]}"#), ("list", #"{"l":[{"o":"ABC"}]}"#), ("list", #"{"l":[{"o":"0A"}]}"#),
        ("list", #"{"l":[{}]}"#), ("list", #"{"l":[1]"#), ("list", #"{"l":[]} x"#),
        ("struct", #"{"l":[]}"#), ("struct", #"{"s":[]}"#), ("struct", #"{"s":{"a":1,"a":2}}"#),
        ("struct", #"{"s":{"a":{"l":[],"s":{}}}}"#), ("struct", "{}"), ("struct", #"{"s":{}"#),
    ])
    func aTextNoEncodingWritesReadsAsNil(tag: String, text: String) {
        #expect(StoredAttributeValue.decode(tag: tag, text: text) == nil)
    }

    /// Random values, nested up to four deep, each read back exactly: the property the examples above sample.
    @Test func randomValuesReadBackExactly() {
        var generator = SplitMix64(seed: 0x6865_6172_7468)
        for _ in 0..<2000 {
            let value = Self.randomValue(&generator, depth: 4)
            let stored = StoredAttributeValue.encode(value)
            let decoded = StoredAttributeValue.decode(tag: stored.tag, text: stored.text)
            #expect(decoded == value, "\(stored.tag) \(stored.text)")
            if decoded != value { return }
        }
    }

    static func randomValue(_ generator: inout SplitMix64, depth: Int) -> AttributeValue {
        let kinds = depth > 0 ? 9 : 7
        switch Int.random(in: 0..<kinds, using: &generator) {
        case 0: return .null
        case 1: return .bool(Bool.random(using: &generator))
        case 2:
            let edges = [Int.min, Int.max, 0, -1, 1]
            return Bool.random(using: &generator)
                ? .int(edges.randomElement(using: &generator) ?? 0)
                : .int(Int.random(in: .min ... .max, using: &generator))
        case 3: return .unsigned(UInt64.random(in: (UInt64(Int.max) + 1) ... .max, using: &generator))
        case 4:
            let bits = UInt64.random(in: 0 ... .max, using: &generator)
            let number = Double(bitPattern: bits)
            return .double(number.isFinite ? number : Double(Int64(bitPattern: bits)) / 7)
        case 5:
            let alphabet = Array("ab \"\\/\n\t\u{1}\u{7F}é💡{}[]:,")
            let length = Int.random(in: 0...8, using: &generator)
            return .string(String((0..<length).compactMap { _ in alphabet.randomElement(using: &generator) }))
        case 6:
            let length = Int.random(in: 0...6, using: &generator)
            return .octets((0..<length).map { _ in UInt8.random(in: 0 ... .max, using: &generator) })
        case 7:
            let length = Int.random(in: 0...4, using: &generator)
            return .list((0..<length).map { _ in randomValue(&generator, depth: depth - 1) })
        default:
            let length = Int.random(in: 0...4, using: &generator)
            var fields: [String: AttributeValue] = [:]
            for index in 0..<length {
                fields[["Label", "Value", "", "a\"b", "ü", "x\(index)"][index % 6]] = randomValue(
                    &generator,
                    depth: depth - 1
                )
            }
            return .structure(fields)
        }
    }
}

/// A seeded generator, so that a failure is the same on every run.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
