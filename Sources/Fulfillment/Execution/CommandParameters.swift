import Clocks
import JSON
import SmartHomeProtocol

/// Typed reading of EXECUTE `params`, with Google's parameter names in the errors.
struct CommandParameters {
    let params: JSONObject
    let command: Command
    /// The time of the EXECUTE, for a command whose result is a time (a light effect's end, a software update's
    /// time); `nil` where no request is being answered (describing a command after the fact).
    var now: UnixTime? = nil

    func bool(_ name: String) throws(CommandError) -> Bool {
        guard let value = params[name] else { throw missing(name) }
        guard let flag = value.boolValue else { throw wrongType(name, "a boolean") }
        return flag
    }

    func number(_ name: String) throws(CommandError) -> Double {
        guard let value = params[name] else { throw missing(name) }
        guard let number = value.doubleValue else { throw wrongType(name, "a number") }
        return number
    }

    func optionalNumber(_ name: String) throws(CommandError) -> Double? {
        guard let value = params[name] else { return nil }
        guard let number = value.doubleValue else { throw wrongType(name, "a number") }
        return number
    }

    /// A whole-number parameter (`timerTimeSec`): a JSON number without a fraction.
    func integer(_ name: String) throws(CommandError) -> Int {
        guard let value = params[name] else { throw missing(name) }
        guard let whole = value.intValue else { throw wrongType(name, "a whole number") }
        return whole
    }

    func string(_ name: String) throws(CommandError) -> String {
        guard let value = params[name] else { throw missing(name) }
        guard let text = value.stringValue else { throw wrongType(name, "a string") }
        return text
    }

    func object(_ name: String) throws(CommandError) -> JSONObject {
        guard let value = params[name] else { throw missing(name) }
        guard let object = value.objectValue else { throw wrongType(name, "an object") }
        return object
    }

    /// An optional boolean parameter (Locator's `silence`): `nil` when absent.
    func optionalBool(_ name: String) throws(CommandError) -> Bool? {
        guard let value = params[name] else { return nil }
        guard let flag = value.boolValue else { throw wrongType(name, "a boolean") }
        return flag
    }

    /// An optional string parameter (`cookingMode`, `zone`, Locator's `lang`): `nil` when absent.
    func optionalString(_ name: String) throws(CommandError) -> String? {
        guard let value = params[name] else { return nil }
        guard let text = value.stringValue else { throw wrongType(name, "a string") }
        return text
    }

    /// An optional array-of-strings parameter (`multipleZones`): `nil` when absent.
    func optionalStrings(_ name: String) throws(CommandError) -> [String]? {
        guard let value = params[name] else { return nil }
        let strings = value.arrayValue?.compactMap(\.stringValue)
        guard let strings, strings.count == value.arrayValue?.count else {
            throw wrongType(name, "an array of strings")
        }
        return strings
    }

    private func missing(_ name: String) -> CommandError {
        CommandError(.notSupported, "\(command.rawValue) needs params.\(name)")
    }

    private func wrongType(_ name: String, _ type: String) -> CommandError {
        CommandError(.notSupported, "params.\(name) of \(command.rawValue) must be \(type)")
    }
}

/// Checks a value against a range: strict mode refuses it, lenient mode clamps it.
func checked(
    _ value: Double,
    in range: ClosedRange<Double>,
    mode: ValidationMode,
    name: String
) throws(CommandError) -> Double {
    if range.contains(value) { return value }
    switch mode {
    case .strict:
        throw CommandError(
            .valueOutOfRange,
            "\(name) \(JSONValue.double(value)) is outside \(JSONValue.double(range.lowerBound))…\(JSONValue.double(range.upperBound))"
        )
    case .lenient:
        return min(max(value, range.lowerBound), range.upperBound)
    }
}
