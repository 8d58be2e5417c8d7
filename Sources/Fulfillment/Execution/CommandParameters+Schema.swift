import JSON
import SmartHomeProtocol

/// The checks of `params` against Google's closed parameter schemas (``CommandParameterSchema``).
extension CommandParameters {
    /// Refuses, in strict mode, a `params` key Google never sends with this command: Google's parameter schemas
    /// are closed (`"additionalProperties": false`), so `OnOff {"on": true, "unexpected": 1}` is not a request from
    /// Google. The code is `notSupported`, as for a parameter of the wrong type (``CommandParameters``): the
    /// request asks for something the command does not have. Lenient mode ignores unknown keys (the trait reads
    /// only the keys it knows). Run by ``ExecuteHandler`` before the trait, for every command.
    func checkKeys(mode: ValidationMode) throws(CommandError) {
        guard mode == .strict else { return }
        let allowed = CommandParameterSchema.allowedKeys(for: command)
        for key in params.keys where !allowed.contains(key) {
            let known = allowed.sorted().joined(separator: ", ")
            throw CommandError(
                .notSupported,
                "params.\(key) is not a parameter of \(command.rawValue)"
                    + (known.isEmpty ? " (it takes none)" : " (it takes \(known))")
            )
        }
    }

    /// OpenClose's optional `openDirection`: `nil` when absent, else one of Google's directions (`UP`, `DOWN`,
    /// `LEFT`, `RIGHT`, `IN`, `OUT`). Any other value is refused with `notSupported` in both modes: lenient mode
    /// may ignore a key it does not know, but an enum value outside Google's list is a request no mode can carry
    /// out as asked.
    func openDirection() throws(CommandError) -> String? {
        guard let direction = try optionalString("openDirection") else { return nil }
        guard CommandParameterSchema.openDirections.contains(direction) else {
            throw CommandError(
                .notSupported,
                "params.openDirection \"\(direction)\" is not one of "
                    + CommandParameterSchema.openDirections.sorted().joined(separator: ", ")
            )
        }
        return direction
    }
}
