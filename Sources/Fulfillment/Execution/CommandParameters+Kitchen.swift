import JSON
import SmartHomeProtocol

extension CommandParameters {
    /// A whole-number parameter (`timerTimeSec`): a JSON number without a fraction.
    func integer(_ name: String) throws(CommandError) -> Int {
        guard let value = params[name] else {
            throw CommandError(.notSupported, "\(command.rawValue) needs params.\(name)")
        }
        guard let whole = value.intValue else {
            throw CommandError(.notSupported, "params.\(name) of \(command.rawValue) must be a whole number")
        }
        return whole
    }

    /// An optional string parameter (`cookingMode`, `zone`).
    func optionalString(_ name: String) throws(CommandError) -> String? {
        guard let value = params[name] else { return nil }
        guard let text = value.stringValue else {
            throw CommandError(.notSupported, "params.\(name) of \(command.rawValue) must be a string")
        }
        return text
    }

    /// An optional array-of-strings parameter (`multipleZones`).
    func optionalStrings(_ name: String) throws(CommandError) -> [String]? {
        guard let value = params[name] else { return nil }
        guard let items = value.arrayValue else {
            throw CommandError(.notSupported, "params.\(name) of \(command.rawValue) must be an array of strings")
        }
        var strings: [String] = []
        for item in items {
            guard let text = item.stringValue else {
                throw CommandError(.notSupported, "params.\(name) of \(command.rawValue) must be an array of strings")
            }
            strings.append(text)
        }
        return strings
    }
}
