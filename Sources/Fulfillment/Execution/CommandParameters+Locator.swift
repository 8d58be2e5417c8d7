import JSON
import SmartHomeProtocol

extension CommandParameters {
    /// An optional boolean parameter (Locator's `silence`): `nil` when absent, refused when not a boolean.
    func boolIfPresent(_ name: String) throws(CommandError) -> Bool? {
        guard let value = params[name] else { return nil }
        guard let flag = value.boolValue else {
            throw CommandError(.notSupported, "params.\(name) of \(command.rawValue) must be a boolean")
        }
        return flag
    }

    /// An optional string parameter (Locator's `lang`): `nil` when absent, refused when not a string.
    func stringIfPresent(_ name: String) throws(CommandError) -> String? {
        guard let value = params[name] else { return nil }
        guard let text = value.stringValue else {
            throw CommandError(.notSupported, "params.\(name) of \(command.rawValue) must be a string")
        }
        return text
    }
}
