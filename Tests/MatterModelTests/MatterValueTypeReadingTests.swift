import JSON
import MatterModel
import Testing

/// Reading and validating values by their Matter type, with facts quoted from the Matter 1.4 XML files; every error
/// names the type.
struct MatterValueTypeReadingTests {
    static func standard(_ name: String) throws -> MatterValueType {
        try #require(MatterValueType.standard(named: name), "no standard type \(name)")
    }

    static func type(_ cluster: String, _ attribute: String) throws -> MatterValueType {
        try MatterValueTypeResolutionTests.type(cluster, attribute)
    }

    static func error(_ type: MatterValueType, _ json: JSONValue) -> MatterValueError? {
        do {
            _ = try type.read(json)
            return nil
        } catch {
            return error
        }
    }

    /// The JSON of an integer written `text`: an integer when it fits `Int`, else lossless number text.
    static func json(_ text: String) -> JSONValue {
        Int(text).map { .int($0) } ?? .number(text)
    }

    // MARK: - Integers

    /// Every width's bounds: the minimum and maximum read, one past either is refused naming the type, and
    /// ``MatterValueType/validate(_:)`` agrees.
    @Test(arguments: [8, 16, 24, 32, 40, 48, 56, 64], [false, true])
    func integerWidthBounds(bits: Int, signed: Bool) throws {
        let name = signed ? "int\(bits)" : "uint\(bits)"
        let type = try Self.standard(name)
        let half = UInt64(1) << (bits - 1)
        let low = signed ? MatterInteger(negative: true, magnitude: half) : 0
        let high = MatterInteger(signed ? half - 1 : (bits == 64 ? UInt64.max : (UInt64(1) << bits) - 1))
        for number in [low, high] {
            let value = try #require(number.attributeValue)
            #expect(try type.read(Self.json(number.description)) == value, "\(name) \(number)")
            #expect(type.validate(value) == nil)
        }
        let pastLow = signed ? "-\(half + 1)" : "-1"
        let pastHigh = bits == 64 && !signed ? "18446744073709551616" : "\(high.magnitude + 1)"
        for text in [pastLow, pastHigh] {
            let expected = MatterValueError(path: "", reason: "\(text) is outside \(low)…\(high) (\(name))")
            #expect(Self.error(type, Self.json(text)) == expected)
            if let fits = Int(text) { #expect(type.validate(.int(fits)) == expected) }
        }
    }

    /// `uint64`'s maximum arrives as lossless number text and is stored as ``AttributeValue/unsigned(_:)``;
    /// `int64`'s minimum as a plain integer.
    @Test func uint64MaxAndInt64Min() throws {
        let uint64 = try Self.standard("uint64")
        #expect(try uint64.read(.number("18446744073709551615")) == .unsigned(UInt64.max))
        #expect(uint64.validate(.unsigned(UInt64.max)) == nil)
        #expect(
            Self.error(uint64, .number("18446744073709551616"))?.reason
                == "18446744073709551616 is outside 0…18446744073709551615 (uint64)"
        )
        let int64 = try Self.standard("int64")
        #expect(try int64.read(.int(Int.min)) == .int(Int.min))
        #expect(
            int64.validate(.unsigned(UInt64.max))?.reason
                == "18446744073709551615 is outside -9223372036854775808…9223372036854775807 (int64)"
        )
    }

    /// A number with a fraction is not an integer; an integral one is.
    @Test func integersRefuseFractions() throws {
        let uint8 = try Self.standard("uint8")
        #expect(try uint8.read(.double(2.0)) == .int(2))
        #expect(Self.error(uint8, .double(2.5))?.reason == "2.5 is not an integer (uint8)")
        #expect(Self.error(uint8, .number("1.50"))?.reason == "1.50 is not an integer (uint8)")
        #expect(Self.error(uint8, .string("2"))?.reason == "expected an integer (uint8), got \"2\"")
        #expect(Self.error(uint8, .null)?.reason == "null is not allowed: uint8 is not nullable here")
        #expect(uint8.validate(.string("2"))?.reason == "expected an integer (uint8), got \"2\"")
    }

    /// `LevelControl.xml` `CurrentLevel`: a nullable `uint8`, so `0xFF` (its null) is not a level.
    @Test func nullableUint8() throws {
        let level = try Self.type("Level Control", "CurrentLevel")
        #expect(try level.read(.null) == .null)
        #expect(level.validate(.null) == nil)
        #expect(try level.read(.int(254)) == .int(254))
        #expect(Self.error(level, .int(255))?.reason == "255 is outside 0…254 (uint8)")
        #expect(Self.error(level, .int(300))?.reason == "300 is outside 0…254 (uint8)")
    }

    /// Derived types keep their ranges (Core §7.19.2).
    @Test func derivedIntegerRanges() throws {
        #expect(
            Self.error(try Self.standard("temperature"), .int(-27316))?.reason
                == "-27316 is outside -27315…32767 (temperature)"
        )
        #expect(Self.error(try Self.standard("percent"), .int(101))?.reason == "101 is outside 0…100 (percent)")
        #expect(Self.error(try Self.standard("fabric-idx"), .int(0))?.reason == "0 is outside 1…254 (fabric-idx)")
    }

    // MARK: - Enums and bitmaps

    /// `OperationalState.xml` `OperationalStateEnum`: `0x00` Stopped … `0x03` Error (and the RVC's `0x40`…);
    /// `LocalizationTimeFormat.xml` `HourFormatEnum`: 0, 1, 255.
    @Test func enumsTakeOnlyTheirItems() throws {
        let state = try Self.type("Operational State", "OperationalState")
        #expect(try state.read(.int(3)) == .int(3))
        #expect(Self.error(state, .int(5))?.reason == "5 is not a value of OperationalStateEnum")
        #expect(state.validate(.int(5))?.reason == "5 is not a value of OperationalStateEnum")
        #expect(
            Self.error(state, .string("Stopped"))?.reason == "expected a value of OperationalStateEnum, got \"Stopped\""
        )
        let hour = try Self.type("Time Format Localization", "HourFormat")
        #expect(try hour.read(.int(255)) == .int(255))
        #expect(Self.error(hour, .int(2))?.reason == "2 is not a value of HourFormatEnum")
        #expect(Self.error(hour, .int(256))?.reason == "256 is outside 0…255 (HourFormatEnum)")
    }

    /// `LevelControl.xml` `OptionsBitmap`: `ExecuteIfOff` bit 0, `CoupleColorTempToLevel` bit 1.
    @Test func bitmapsTakeOnlyTheirBits() throws {
        let options = try Self.type("Level Control", "Options")
        #expect(try options.read(.int(3)) == .int(3))
        #expect(Self.error(options, .int(4))?.reason == "4 sets bits 0x4 that OptionsBitmap does not define")
        #expect(options.validate(.int(6))?.reason == "6 sets bits 0x4 that OptionsBitmap does not define")
    }

    // MARK: - Floats

    /// `ConcentrationMeasurement.xml` `MeasuredValue`: a nullable `single`.
    @Test func carbonDioxideMeasuredValue() throws {
        let single = try Self.type("Carbon Dioxide Concentration Measurement", "MeasuredValue")
        #expect(try single.read(.null) == .null)
        #expect(try single.read(.double(400.5)) == .double(400.5))
        #expect(try single.read(.int(400)) == .double(400))
        #expect(try single.read(.number("1.50")) == .double(1.5))
        #expect(try single.read(.double(0.1)) == .double(Double(Float(0.1))), "stored as a 32-bit float holds it")
        #expect(single.validate(.double(0.5)) == nil)
        #expect(single.validate(.double(0.1))?.reason == "0.1 is not a single: a 32-bit float does not hold it exactly")
        #expect(
            Self.error(single, .double(3.5e38))?.reason == "3.5e+38 is outside the range of single (±3.4028235e+38)"
        )
        #expect(Self.error(single, .double(.nan))?.reason == "nan is not a finite number (single)")
        #expect(Self.error(single, .number("1e999"))?.reason == "inf is not a finite number (single)")
        #expect(Self.error(single, .bool(true))?.reason == "expected a number (single), got true")
    }

    /// A `double` holds what a `single` cannot, but still no NaN or infinity.
    @Test func doubles() throws {
        let double = try Self.standard("double")
        #expect(try double.read(.double(3.5e38)) == .double(3.5e38))
        #expect(try double.read(.double(0.1)) == .double(0.1))
        #expect(double.validate(.double(-.infinity))?.reason == "-inf is not a finite number (double)")
        #expect(double.validate(.int(1))?.reason == "expected a number (double), got 1")
    }

    // MARK: - Strings and octets

    /// `EnergyEVSE.xml` `VehicleID`: a nullable `string`, `maxLength 32`, counted in bytes of UTF-8.
    @Test func stringLengthIsInBytes() throws {
        let vehicle = try Self.type("Energy EVSE", "VehicleID")
        #expect(
            try vehicle.read(.string(String(repeating: "a", count: 32))) == .string(String(repeating: "a", count: 32))
        )
        #expect(
            Self.error(vehicle, .string(String(repeating: "é", count: 17)))?.reason
                == "34 bytes of UTF-8, more than the 32 allowed (string)"
        )
        #expect(Self.error(vehicle, .string("a\u{0}b"))?.reason == "a string may not contain U+0000")
        #expect(Self.error(vehicle, .int(3))?.reason == "expected a string (string), got 3")
        #expect(vehicle.validate(.octets([1]))?.reason == "expected a string (string), got 1 bytes")
    }

    /// The command line: a string type takes the text as is, `null` is null when nullable; other types parse JSON.
    @Test func readingCommandLineText() throws {
        let vehicle = try Self.type("Energy EVSE", "VehicleID")
        #expect(try vehicle.read(text: "Kitchen") == .string("Kitchen"))
        #expect(try vehicle.read(text: "42") == .string("42"))
        #expect(try vehicle.read(text: "null") == .null)
        let label = try MatterValueTypeResolutionTests.cluster("Basic Information").valueType(ofAttribute: "NodeLabel")
        #expect(try label?.read(text: "null") == .string("null"), "NodeLabel is not nullable")
        let uint8 = try Self.standard("uint8")
        #expect(try uint8.read(text: "42") == .int(42))
        #expect(throws: MatterValueError.self) { try uint8.read(text: "abc") }
        #expect(throws: MatterValueError(path: "", reason: "256 is outside 0…255 (uint8)")) {
            try uint8.read(text: "256")
        }
        #expect(try Self.standard("bool").read(text: "true") == .bool(true))
        #expect(try Self.standard("octstr").read(text: "\"AQID\"") == .octets([1, 2, 3]))
    }

    /// `OperationalCredentialCluster.xml` `TrustedRootCertificates`: a list of `octstr` `maxLength 400`, as padded
    /// Base64 (Core Appendix "JSON encoding").
    @Test func octetsRoundTripThroughJSON() throws {
        let roots = try Self.type("Operational Credentials", "TrustedRootCertificates")
        let value = try roots.read(.array([.string("AQID"), .string("")]))
        #expect(value == .list([.octets([1, 2, 3]), .octets([])]))
        #expect(try roots.read(value.jsonValue) == value)
        #expect(roots.validate(value) == nil)
        #expect(
            Self.error(roots, .array([.string("AQI")]))
                == MatterValueError(path: "[0]", reason: "expected padded Base64 text (octstr), got \"AQI\"")
        )
        let tooLong = AttributeValue.octets([UInt8](repeating: 7, count: 401))
        #expect(
            Self.error(roots, .array([tooLong.jsonValue]))
                == MatterValueError(path: "[0]", reason: "401 bytes, more than the 400 allowed (octstr)")
        )
        #expect(
            roots.validate(.list([.string("AQID")]))?.description
                == "[0]: expected padded Base64 text (octstr), got \"AQID\""
        )
    }

    // MARK: - Lists and structs

    static let kitchenModes: JSONValue = [
        ["Label": "Idle", "Mode": 0, "ModeTags": [["Value": 16384]]],
        ["Label": "Cleaning", "Mode": 1, "ModeTags": [["MfgCode": 4939, "Value": 16385]]],
    ]

    /// `ModeBase.xml` `ModeOptionStruct` under RVC Run Mode's `SupportedModes`.
    @Test func rvcRunModeSupportedModes() throws {
        let modes = try Self.type("RVC Run Mode", "SupportedModes")
        let value = try modes.read(Self.kitchenModes)
        #expect(
            value
                == .list([
                    .structure([
                        "Label": .string("Idle"), "Mode": .int(0),
                        "ModeTags": .list([.structure(["Value": .int(16384)])]),
                    ]),
                    .structure([
                        "Label": .string("Cleaning"), "Mode": .int(1),
                        "ModeTags": .list([.structure(["MfgCode": .int(4939), "Value": .int(16385)])]),
                    ]),
                ])
        )
        #expect(modes.validate(value) == nil)
        #expect(try modes.read(value.jsonValue) == value)
        #expect(
            try modes.read(
                text: "[{\"Label\":\"A\",\"Mode\":0,\"ModeTags\":[{\"Value\":0}]},"
                    + "{\"Label\":\"B\",\"Mode\":1,\"ModeTags\":[{\"Value\":1}]}]"
            ).listValue?.count == 2
        )
    }

    @Test func rvcRunModeSupportedModesErrors() throws {
        let modes = try Self.type("RVC Run Mode", "SupportedModes")
        func failing(_ edit: (inout [JSONValue]) -> Void) -> MatterValueError? {
            var elements = Self.kitchenModes.arrayValue!
            edit(&elements)
            return Self.error(modes, .array(elements))
        }
        #expect(
            Self.error(modes, .int(3))
                == MatterValueError(path: "", reason: "expected a list of ModeOptionStruct, got 3")
        )
        #expect(
            failing { $0.removeLast() }
                == MatterValueError(path: "", reason: "1 element, fewer than the 2 required (list[ModeOptionStruct])")
        )
        #expect(
            failing { $0[1] = ["Label": "Cleaning", "ModeTags": []] }
                == MatterValueError(path: "[1]", reason: "missing field Mode (ModeOptionStruct)")
        )
        #expect(
            failing { $0[1] = ["Lable": "Cleaning", "Mode": 1, "ModeTags": []] }
                == MatterValueError(
                    path: "[1]",
                    reason: "unknown field Lable in ModeOptionStruct (did you mean \"Label\"?)"
                )
        )
        #expect(
            failing { $0[1] = ["Label": .string(String(repeating: "x", count: 65)), "Mode": 1, "ModeTags": []] }
                == MatterValueError(path: "[1].Label", reason: "65 bytes of UTF-8, more than the 64 allowed (string)")
        )
        #expect(
            failing { $0[0] = ["Label": "Idle", "Mode": 0, "ModeTags": [["Value": 70000]]] }
                == MatterValueError(path: "[0].ModeTags[0].Value", reason: "70000 is outside 0…65535 (enum16)")
        )
        #expect(
            failing {
                $0[0] = ["Label": "Idle", "Mode": 0, "ModeTags": .array(Array(repeating: ["Value": 1], count: 9))]
            }
                == MatterValueError(
                    path: "[0].ModeTags",
                    reason: "9 elements, more than the 8 allowed (list[ModeTagStruct])"
                )
        )
        #expect(
            failing { $0[0] = ["Label": "Idle", "Mode": 0, "ModeTags": []] }
                == MatterValueError(
                    path: "[0].ModeTags",
                    reason: "0 elements, fewer than the 1 required (list[ModeTagStruct])"
                ),
            "Mode_RVCRun.xml: ModeTags between 1 and 8"
        )
        #expect(
            failing { $0[0] = "Idle" }
                == MatterValueError(path: "[0]", reason: "expected an object (ModeOptionStruct), got \"Idle\"")
        )
        #expect(
            modes.validate(.list([.structure(["Label": .string("A"), "ModeTags": .list([])]), .int(1)]))
                == MatterValueError(path: "[0]", reason: "missing field Mode (ModeOptionStruct)")
        )
    }

    /// `TemperatureControl.xml` `SupportedTemperatureLevels`: strings of at most 16, at most 32 of them.
    @Test func temperatureControlSupportedLevels() throws {
        let levels = try Self.type("Temperature Control", "SupportedTemperatureLevels")
        #expect(try levels.read(["Low", "High"]) == .list([.string("Low"), .string("High")]))
        #expect(
            Self.error(levels, ["Low", .string(String(repeating: "h", count: 17))])
                == MatterValueError(path: "[1]", reason: "17 bytes of UTF-8, more than the 16 allowed (string)")
        )
        #expect(
            Self.error(levels, .array(Array(repeating: "x", count: 33)))?.reason
                == "33 elements, more than the 32 allowed (list[string])"
        )
        #expect(Self.error(levels, .null)?.reason == "null is not allowed: list[string] is not nullable here")
    }

    /// Every list stops at ``MatterValueType/maximumListCount`` whatever its constraint.
    @Test func listsHaveAHardBound() throws {
        let list = MatterValueType(name: "list[uint8]", kind: .list(try Self.standard("uint8")))
        #expect(try list.read(.array(Array(repeating: 1, count: 1000))).listValue?.count == 1000)
        #expect(
            Self.error(list, .array(Array(repeating: 1, count: 1001)))?.reason
                == "1001 elements is more than the 1000 Hearth reads (list[uint8])"
        )
    }

    /// `MediaPlayback.xml` `SampledPosition`: a nullable `PlaybackPositionStruct` (`UpdatedAt` `epoch-us`,
    /// `Position` nullable `uint64`).
    @Test func mediaPlaybackSampledPosition() throws {
        let position = try Self.type("Media Playback", "SampledPosition")
        #expect(try position.read(.null) == .null)
        let value = try position.read(["UpdatedAt": .number("18446744073709551615"), "Position": nil])
        #expect(value == .structure(["UpdatedAt": .unsigned(UInt64.max), "Position": .null]))
        #expect(try position.read(value.jsonValue) == value)
        #expect(
            Self.error(position, ["UpdatedAt": 1, "Position": .number("18446744073709551615")])
                == MatterValueError(
                    path: "Position",
                    reason: "18446744073709551615 is outside 0…18446744073709551614 (uint64)"
                )
        )
        #expect(
            Self.error(position, ["UpdatedAt": nil, "Position": 1])
                == MatterValueError(path: "UpdatedAt", reason: "null is not allowed: epoch-us is not nullable here")
        )
        #expect(
            Self.error(position, ["Position": 1])
                == MatterValueError(path: "", reason: "missing field UpdatedAt (PlaybackPositionStruct)")
        )
    }

    /// `bool` takes only JSON booleans.
    @Test func bools() throws {
        let bool = try Self.standard("bool")
        #expect(try bool.read(.bool(false)) == .bool(false))
        #expect(Self.error(bool, .int(1))?.reason == "expected a bool, got 1")
        #expect(bool.validate(.int(1))?.reason == "expected a bool, got 1")
    }
}
