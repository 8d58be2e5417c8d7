import JSON
import SmartHomeProtocol

extension CommandParameters {
    /// A required string parameter (`newInput`): refused when absent or not a string.
    func string(_ name: String) throws(CommandError) -> String {
        guard let value = params[name] else {
            throw CommandError(.notSupported, "\(command.rawValue) needs params.\(name)")
        }
        guard let text = value.stringValue else {
            throw CommandError(.notSupported, "params.\(name) of \(command.rawValue) must be a string")
        }
        return text
    }
}
