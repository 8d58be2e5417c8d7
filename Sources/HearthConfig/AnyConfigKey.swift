/// A ``ConfigKey`` whatever its value type: what loading, checking and listing need.
public protocol AnyConfigKey: Sendable {
    /// Dotted path in the JSON file (`http.port`).
    var path: String { get }
    /// The kind of value it takes, and its range or choices.
    var kind: ConfigKind { get }
    /// The default, as a setting.
    var defaultSetting: ConfigSetting { get }
    /// One line: what the key does.
    var summary: String { get }
}

extension AnyConfigKey {
    /// `http.maxBodyBytes` → `HEARTH_HTTP_MAX_BODY_BYTES`; a run of capitals is one word
    /// (`oauth.accessTokenTTLSeconds` → `HEARTH_OAUTH_ACCESS_TOKEN_TTL_SECONDS`).
    public var environmentVariable: String {
        var name = "HEARTH_"
        let characters = Array(path)
        for (index, character) in characters.enumerated() {
            if character == "." {
                name.append("_")
            } else if character.isUppercase {
                let previous = index > 0 ? characters[index - 1] : "."
                let next = index + 1 < characters.count ? characters[index + 1] : "."
                if previous.isLowercase || previous.isNumber || (previous.isUppercase && next.isLowercase) {
                    name.append("_")
                }
                name.append(character)
            } else {
                name.append(contentsOf: character.uppercased())
            }
        }
        return name
    }
}
