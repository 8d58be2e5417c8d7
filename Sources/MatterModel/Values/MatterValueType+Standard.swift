extension MatterValueType {
    /// The specification's own types, by the name the data model writes: the base data types (Matter Core
    /// Specification 1.4, §7.19.1 "Base Data Types") and the derived data types (§7.19.2 "Derived Data Types"),
    /// plus the other spellings the 1.4 and 1.4.1 XML files use for them (`endpoint-id` for `endpoint-no`,
    /// `ref_DataTypePosixMs` for `posix-ms`, `map16` for `bitmap16`, `int8s` for `int8`). One table; a type a
    /// cluster defines (enums, bitmaps, structs) is resolved from the cluster instead.
    ///
    /// Choices where the specification is prose rather than a range:
    /// - `percent` is `uint8` `0…100` and `percent100ths` `uint16` `0…10000` ("Percentage units 1%", "0.01%").
    /// - `temperature` is `int16` `-27315…32767` (hundredths of a degree Celsius, not below absolute zero).
    /// - `fabric-idx` is `uint8` `1…254` (§7.19.2: "0 is reserved", `0xFF` is null); `status`, `namespace`, `tag`
    ///   and `enum8`/`enum16` named without items accept every value of their width, as their values are listed in
    ///   other documents (the Interaction Model's status codes, the Standard Namespaces).
    /// - `priority` is `enum8` with Debug 0, Info 1, Critical 2 (§7.19.2 "Priority").
    /// - `date` and `tod` are structs of `uint8` fields, as §7.19.2 lays them out: `date` Year (years since 1900),
    ///   Month, Day, DayOfWeek; `tod` Hours, Minutes, Seconds, Hundredths.
    /// - `hwadr` is an octet string of 6 or 8 bytes (an EUI-48 or EUI-64), `ipadr` of 4 or 16, `ipv4adr` 4,
    ///   `ipv6adr` 16, `ipv6pre` 1…17 (a prefix length byte and up to 16 bytes); `message-id` 16 (Messages cluster).
    ///   Bounds are ranges, so `hwadr` is checked as 6…8 bytes and `ipadr` as 4…16: a 7-byte `hwadr` passes.
    /// - `semtag` is the Descriptor cluster's `SemanticTagStruct`, resolved from that cluster.
    /// - The energy and power types (`power-mW`, `energy-mWh`, `amperage-mA`, `voltage-mV`, `money`, …) are `int64`.
    public static func standard(named name: String) -> MatterValueType? {
        if let alias = standardAliases[name] { return standardTypes[alias] }
        return standardTypes[name]
    }

    /// The names of the standard types (``standard(named:)``) without their other spellings, sorted.
    static let standardNames: [String] = standardTypes.keys.sorted()

    /// Other spellings of a standard type in the data model files, to the name in ``standard(named:)``'s table.
    private static let standardAliases: [String: String] = [
        "endpoint-id": "endpoint-no",
        "attribute-id": "attrib-id",
        "systemtime-us": "systime-us",
        "ref_DataTypePosixMs": "posix-ms",
        "ref_DataTypeSystemTimeMs": "systime-ms",
        "ref_IPv4Address": "ipv4adr",
        "ref_IPv6Address": "ipv6adr",
        "Hardware Address": "hwadr",
        "String": "string",
        "map16": "bitmap16",
        "int8s": "int8",
        "int16s": "int16",
    ]

    private static func unsigned(
        _ name: String,
        _ bits: Int,
        _ range: ClosedRange<MatterInteger>? = nil
    ) -> MatterValueType {
        MatterValueType(name: name, kind: .integer(bits: bits, signed: false), bounds: Bounds(range: range))
    }

    private static func signed(
        _ name: String,
        _ bits: Int,
        _ range: ClosedRange<MatterInteger>? = nil
    ) -> MatterValueType {
        MatterValueType(name: name, kind: .integer(bits: bits, signed: true), bounds: Bounds(range: range))
    }

    private static func octets(_ name: String, _ length: ClosedRange<Int>? = nil) -> MatterValueType {
        MatterValueType(name: name, kind: .octets, bounds: Bounds(length: length))
    }

    private static func bytes(_ name: String, _ fields: [String]) -> MatterValueType {
        let byte = unsigned("uint8", 8)
        return MatterValueType(
            name: name,
            kind: .structure(
                name: name,
                fields: fields.enumerated().map { Field(name: $1, id: $0, type: byte, isMandatory: true) }
            )
        )
    }

    private static let standardTypes: [String: MatterValueType] = {
        var table: [String: MatterValueType] = [
            "bool": MatterValueType(name: "bool", kind: .bool),
            "single": MatterValueType(name: "single", kind: .single),
            "double": MatterValueType(name: "double", kind: .double),
            "string": MatterValueType(name: "string", kind: .string),
            "octstr": octets("octstr"),
            // §7.19.2 derived types.
            "percent": unsigned("percent", 8, 0...100),
            "percent100ths": unsigned("percent100ths", 16, 0...10000),
            "epoch-us": unsigned("epoch-us", 64),
            "epoch-s": unsigned("epoch-s", 32),
            "utc": unsigned("utc", 32),
            "posix-ms": unsigned("posix-ms", 64),
            "systime-us": unsigned("systime-us", 64),
            "systime-ms": unsigned("systime-ms", 64),
            "elapsed-s": unsigned("elapsed-s", 32),
            "temperature": signed("temperature", 16, -27315...32767),
            "power-mW": signed("power-mW", 64),
            "power-mVA": signed("power-mVA", 64),
            "power-mVAR": signed("power-mVAR", 64),
            "amperage-mA": signed("amperage-mA", 64),
            "voltage-mV": signed("voltage-mV", 64),
            "energy-mWh": signed("energy-mWh", 64),
            "energy-mVAh": signed("energy-mVAh", 64),
            "energy-mVARh": signed("energy-mVARh", 64),
            "money": signed("money", 64),
            "date": bytes("date", ["Year", "Month", "Day", "DayOfWeek"]),
            "tod": bytes("tod", ["Hours", "Minutes", "Seconds", "Hundredths"]),
            "action-id": unsigned("action-id", 8),
            "fabric-id": unsigned("fabric-id", 64),
            "fabric-idx": unsigned("fabric-idx", 8, 1...254),
            "node-id": unsigned("node-id", 64),
            "subject-id": unsigned("subject-id", 64),
            "EUI64": unsigned("EUI64", 64),
            "group-id": unsigned("group-id", 16),
            "endpoint-no": unsigned("endpoint-no", 16),
            "vendor-id": unsigned("vendor-id", 16),
            "devtype-id": unsigned("devtype-id", 32),
            "cluster-id": unsigned("cluster-id", 32),
            "attrib-id": unsigned("attrib-id", 32),
            "field-id": unsigned("field-id", 32),
            "event-id": unsigned("event-id", 32),
            "command-id": unsigned("command-id", 32),
            "trans-id": unsigned("trans-id", 32),
            "data-ver": unsigned("data-ver", 32),
            "event-no": unsigned("event-no", 64),
            "entry-idx": unsigned("entry-idx", 16),
            "status": unsigned("status", 8),
            "namespace": unsigned("namespace", 8),
            "tag": unsigned("tag", 8),
            "priority": MatterValueType(
                name: "priority",
                kind: .enumeration(name: "priority", bits: 8, items: [0: "Debug", 1: "Info", 2: "Critical"])
            ),
            "hwadr": octets("hwadr", 6...8),
            "ipadr": octets("ipadr", 4...16),
            "ipv4adr": octets("ipv4adr", 4...4),
            "ipv6adr": octets("ipv6adr", 16...16),
            "ipv6pre": octets("ipv6pre", 1...17),
            "message-id": octets("message-id", 16...16),
            "enum8": unsigned("enum8", 8),
            "enum16": unsigned("enum16", 16),
        ]
        for bits in stride(from: 8, through: 64, by: 8) {
            table["uint\(bits)"] = unsigned("uint\(bits)", bits)
            table["int\(bits)"] = signed("int\(bits)", bits)
        }
        for bits in [8, 16, 32, 64] {
            table["bitmap\(bits)"] = MatterValueType(
                name: "bitmap\(bits)",
                kind: .bitmap(name: "bitmap\(bits)", bits: bits, mask: bits == 64 ? .max : (UInt64(1) << bits) - 1)
            )
        }
        return table
    }()
}
