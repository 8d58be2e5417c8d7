import JSON
import SmartHomeProtocol

/// The entries of a `SetModes` `updateModeSettings` or `SetToggles` `updateToggleSettings` object, each resolved to
/// what it selects. Strict: every entry must resolve, and the first refusal is the answer. Lenient: entries that do
/// not resolve are skipped. Either way at least one entry must be left, else the first refusal (or `empty`, when
/// the object has no entries) is the answer.
enum SettingsUpdate {
    static func resolve<Selection>(
        _ update: JSONObject,
        mode: ValidationMode,
        empty: CommandError,
        _ entry: (_ name: String, _ value: JSONValue) -> Result<Selection, CommandError>
    ) throws(CommandError) -> [Selection] {
        var selections: [Selection] = []
        var refusal: CommandError?
        for (name, value) in update {
            switch entry(name, value) {
            case .success(let selection): selections.append(selection)
            case .failure(let error): refusal = refusal ?? error
            }
        }
        if let refusal, mode == .strict || selections.isEmpty { throw refusal }
        if selections.isEmpty { throw empty }
        return selections
    }
}
