import JSON

extension MatterValueType {
    /// The value `json` holds, read as this type from its canonical JSON form (``AttributeValue/jsonValue``).
    ///
    /// - `null` only when the type is nullable.
    /// - Integers, enums and bitmaps: a JSON integer within ``Bounds/range`` (the width's range narrowed by the
    ///   constraint; a `uint64` above `Int.max` arrives as lossless number text, `18446744073709551615`). A number
    ///   with a fraction is refused, an integral one written `2.0` accepted. An enum takes only the values of its
    ///   items, a bitmap only the bits its bitfields define.
    /// - `single`, `double`: any finite JSON number; a `single` must fit a 32-bit float and is stored rounded to
    ///   one (`Double(Float(x))`, as the device would hold it).
    /// - `string`: a JSON string of at most the constraint's length in bytes of UTF-8 (Matter Core §7.19.1.8: a
    ///   character string's length is in octets) and without U+0000.
    /// - `octstr`: a JSON string of padded Base64 (RFC 4648 §4, as Matter's JSON encoding of TLV writes an octet
    ///   string), its byte count within the constraint's length.
    /// - `list`: a JSON array within the constraint's count and never above ``maximumListCount`` elements, each
    ///   element read as the element type.
    /// - A struct: a JSON object whose members are fields by name; an unknown member is refused (with a
    ///   "did you mean" when a field's name is close), a mandatory field (`M`) must be present.
    ///
    /// - Throws: ``MatterValueError`` at the first wrong part, its path relative to `json`.
    public func read(_ json: JSONValue) throws(MatterValueError) -> AttributeValue {
        try read(json, at: "")
    }

    /// Why `value` is not a value of this type, by the same rules as ``read(_:)``; `nil` when it is one. A
    /// `single` must hold a value a 32-bit float represents exactly.
    public func validate(_ value: AttributeValue) -> MatterValueError? {
        do {
            try check(value, at: "")
            return nil
        } catch {
            return error
        }
    }

    /// The value of a command-line argument (`hearth devices set Cluster.Attribute=VALUE`). For a string type the
    /// text is the string as is (`Name=Kitchen`), except that `null` is null when the type is nullable; for every
    /// other type the text is JSON (`42`, `true`, `"AQID"`, `[{"Label":"Idle","Mode":0,"ModeTags":[]}]`),
    /// parsed as a device file parses it and read with ``read(_:)``.
    ///
    /// - Throws: ``MatterValueError`` when the text is not JSON or not a value of this type.
    public func read(text: String) throws(MatterValueError) -> AttributeValue {
        if case .string = kind {
            if nullable, text == "null" { return .null }
            try checkString(text, at: "")
            return .string(text)
        }
        let json: JSONValue
        do {
            json = try JSONParser.parse(text, options: .deviceFile)
        } catch {
            throw MatterValueError(path: "", reason: "expected \(expectation), got \(text) (\(error))")
        }
        return try read(json)
    }

    // MARK: - Reading JSON

    private func read(_ json: JSONValue, at path: String) throws(MatterValueError) -> AttributeValue {
        if case .null = json {
            try checkNull(at: path)
            return .null
        }
        switch kind {
        case .bool:
            guard case .bool(let flag) = json else { throw mismatch(json.brief, at: path) }
            return .bool(flag)
        case .integer, .enumeration, .bitmap:
            let number = try integer(json, at: path)
            try checkInteger(number, at: path)
            guard let value = number.attributeValue else { throw notInteger(json.brief, at: path) }
            return value
        case .single, .double:
            let number: Double
            switch json {
            case .int(let value): number = Double(value)
            case .double(let value): number = value
            case .number(let text):
                guard let value = Double(text) else { throw mismatch(text, at: path) }
                number = value
            default: throw mismatch(json.brief, at: path)
            }
            try checkFloat(number, at: path)
            if case .single = kind { return .double(Double(Float(number))) }
            return .double(number)
        case .string:
            guard case .string(let text) = json else { throw mismatch(json.brief, at: path) }
            try checkString(text, at: path)
            return .string(text)
        case .octets:
            guard case .string(let text) = json, let bytes = Base64.decode(text) else {
                throw mismatch(json.brief, at: path)
            }
            try checkOctets(bytes, at: path)
            return .octets(bytes)
        case .list(let element):
            guard case .array(let items) = json else { throw mismatch(json.brief, at: path) }
            try checkCount(items.count, at: path)
            var values: [AttributeValue] = []
            values.reserveCapacity(items.count)
            for index in items.indices {
                let item = try element.read(items[index], at: "\(path)[\(index)]")
                values.append(item)
            }
            return .list(values)
        case .structure(let name, let fields):
            guard case .object(let object) = json else { throw mismatch(json.brief, at: path) }
            try checkMembers(object.keys, of: name, fields, at: path)
            var values: [String: AttributeValue] = [:]
            for key in object.keys {
                guard let field = fields.first(where: { $0.name == key }), let member = object[key] else { continue }
                let value = try field.type.read(member, at: Self.join(path, key))
                values[key] = value
            }
            return .structure(values)
        }
    }

    /// A JSON integer (or integral number) as a ``MatterInteger``, which holds every Matter integer. Integer text
    /// beyond 64 bits is outside every integer type's range.
    private func integer(_ json: JSONValue, at path: String) throws(MatterValueError) -> MatterInteger {
        switch json {
        case .int(let value):
            return MatterInteger(value)
        case .double(let value):
            guard let number = MatterInteger(exactly: value) else { throw notInteger(json.brief, at: path) }
            return number
        case .number(let text):
            if let number = MatterInteger(text) { return number }
            let digits = text.hasPrefix("-") ? text.dropFirst() : Substring(text)
            if !digits.isEmpty, digits.allSatisfy({ ("0"..."9").contains($0) }), let range = bounds.range {
                throw MatterValueError(path: path, reason: Self.outside(text, range, name))
            }
            guard let value = Double(text), let number = MatterInteger(exactly: value) else {
                throw notInteger(text, at: path)
            }
            return number
        default:
            throw mismatch(json.brief, at: path)
        }
    }

    // MARK: - Validating typed values

    private func check(_ value: AttributeValue, at path: String) throws(MatterValueError) {
        if case .null = value {
            try checkNull(at: path)
            return
        }
        switch (kind, value) {
        case (.bool, .bool):
            return
        case (.integer, .int(let number)), (.enumeration, .int(let number)), (.bitmap, .int(let number)):
            try checkInteger(MatterInteger(number), at: path)
        case (.integer, .unsigned(let number)), (.enumeration, .unsigned(let number)),
            (.bitmap, .unsigned(let number)):
            try checkInteger(MatterInteger(number), at: path)
        case (.single, .double(let number)):
            try checkFloat(number, at: path)
            guard Double(Float(number)) == number else {
                throw MatterValueError(
                    path: path,
                    reason: "\(number) is not a \(name): a 32-bit float does not hold it exactly"
                )
            }
        case (.double, .double(let number)):
            try checkFloat(number, at: path)
        case (.string, .string(let text)):
            try checkString(text, at: path)
        case (.octets, .octets(let bytes)):
            try checkOctets(bytes, at: path)
        case (.list(let element), .list(let items)):
            try checkCount(items.count, at: path)
            for index in items.indices { try element.check(items[index], at: "\(path)[\(index)]") }
        case (.structure(let name, let fields), .structure(let members)):
            try checkMembers(members.keys.sorted(), of: name, fields, at: path)
            for key in members.keys.sorted() {
                guard let field = fields.first(where: { $0.name == key }), let member = members[key] else { continue }
                try field.type.check(member, at: Self.join(path, key))
            }
        default:
            throw mismatch(Self.shown(value), at: path)
        }
    }

    // MARK: - Rules shared by reading and validating

    private func checkNull(at path: String) throws(MatterValueError) {
        guard nullable else {
            throw MatterValueError(path: path, reason: "null is not allowed: \(name) is not nullable here")
        }
    }

    private func checkInteger(_ number: MatterInteger, at path: String) throws(MatterValueError) {
        if let range = bounds.range, !range.contains(number) {
            throw MatterValueError(path: path, reason: Self.outside(number.description, range, name))
        }
        switch kind {
        case .enumeration(let enumName, _, let items):
            guard let key = number.intValue, items[key] != nil else {
                throw MatterValueError(path: path, reason: "\(number) is not a value of \(enumName)")
            }
        case .bitmap(let bitmapName, _, let mask):
            let bits = number.magnitude & ~mask
            guard bits == 0 else {
                throw MatterValueError(
                    path: path,
                    reason: "\(number) sets bits 0x\(String(bits, radix: 16, uppercase: true)) that \(bitmapName) "
                        + "does not define"
                )
            }
        default:
            break
        }
    }

    private func checkFloat(_ number: Double, at path: String) throws(MatterValueError) {
        guard number.isFinite else {
            throw MatterValueError(path: path, reason: "\(number) is not a finite number (\(name))")
        }
        if case .single = kind, !Float(number).isFinite {
            throw MatterValueError(
                path: path,
                reason: "\(number) is outside the range of \(name) (±\(Float.greatestFiniteMagnitude))"
            )
        }
        if let range = bounds.range, number < range.lowerBound.doubleValue || number > range.upperBound.doubleValue {
            throw MatterValueError(path: path, reason: Self.outside("\(number)", range, name))
        }
    }

    private func checkString(_ text: String, at path: String) throws(MatterValueError) {
        if text.unicodeScalars.contains("\u{0}") {
            throw MatterValueError(path: path, reason: "a \(name) may not contain U+0000")
        }
        let bytes = text.utf8.count
        if let length = bounds.length, !length.contains(bytes) {
            throw MatterValueError(path: path, reason: Self.lengthReason(bytes, length, "bytes of UTF-8", name))
        }
        let points = text.unicodeScalars.count
        if let maxCodePoints = bounds.maxCodePoints, points > maxCodePoints {
            throw MatterValueError(
                path: path,
                reason: "\(points) code points is longer than \(maxCodePoints) (\(name))"
            )
        }
    }

    private func checkOctets(_ bytes: [UInt8], at path: String) throws(MatterValueError) {
        if let length = bounds.length, !length.contains(bytes.count) {
            throw MatterValueError(path: path, reason: Self.lengthReason(bytes.count, length, "bytes", name))
        }
    }

    private func checkCount(_ count: Int, at path: String) throws(MatterValueError) {
        if count > Self.maximumListCount {
            throw MatterValueError(
                path: path,
                reason: "\(count) elements is more than the \(Self.maximumListCount) Hearth reads (\(name))"
            )
        }
        if let range = bounds.count, !range.contains(count) {
            throw MatterValueError(path: path, reason: Self.lengthReason(count, range, "elements", name))
        }
    }

    private func checkMembers(
        _ keys: [String],
        of structure: String,
        _ fields: [Field],
        at path: String
    ) throws(MatterValueError) {
        let names = fields.map(\.name)
        for key in keys where !names.contains(key) {
            throw MatterValueError(
                path: path,
                reason: "unknown field \(key) in \(structure)" + Suggestion.didYouMean(key, among: names)
            )
        }
        for field in fields where field.isMandatory && !keys.contains(field.name) {
            throw MatterValueError(path: path, reason: "missing field \(field.name) (\(structure))")
        }
    }

    // MARK: - Messages

    /// What a value of this type looks like, for "expected …": `a bool`, `an integer (uint8)`,
    /// `a value of OperationalStateEnum`, `a list of ModeOptionStruct`, `an object (ModeOptionStruct)`.
    var expectation: String {
        switch kind {
        case .bool: return "a bool"
        case .integer, .bitmap: return "an integer (\(name))"
        case .enumeration(let enumName, _, _): return "a value of \(enumName)"
        case .single, .double: return "a number (\(name))"
        case .string: return "a string (\(name))"
        case .octets: return "padded Base64 text (\(name))"
        case .list(let element): return "a list of \(element.name)"
        case .structure(let structName, _): return "an object (\(structName))"
        }
    }

    private func mismatch(_ got: String, at path: String) -> MatterValueError {
        MatterValueError(path: path, reason: "expected \(expectation), got \(got)")
    }

    private func notInteger(_ got: String, at path: String) -> MatterValueError {
        MatterValueError(path: path, reason: "\(got) is not an integer (\(name))")
    }

    private static func outside(_ number: String, _ range: ClosedRange<MatterInteger>, _ name: String) -> String {
        "\(number) is outside \(range.lowerBound)…\(range.upperBound) (\(name))"
    }

    private static func lengthReason(_ size: Int, _ range: ClosedRange<Int>, _ unit: String, _ name: String) -> String {
        let counted = size == 1 ? String(unit.replacing("s", with: "", maxReplacements: 1)) : unit
        if size > range.upperBound { return "\(size) \(counted), more than the \(range.upperBound) allowed (\(name))" }
        return "\(size) \(counted), fewer than the \(range.lowerBound) required (\(name))"
    }

    /// How a typed value shows in "got …": its JSON, but octets as a byte count and lists and structs by kind.
    private static func shown(_ value: AttributeValue) -> String {
        switch value {
        case .octets(let bytes): return "\(bytes.count) bytes"
        case .list: return "a list"
        case .structure: return "a struct"
        default: return value.jsonValue.brief
        }
    }

    private static func join(_ path: String, _ field: String) -> String {
        path.isEmpty ? field : "\(path).\(field)"
    }
}
