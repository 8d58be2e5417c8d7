import MatterModel

/// A Google scene as Matter holds it: an entry of the Actions cluster's `ActionList` whose `Type` is Scene.
///
/// Matter 1.4's `ActionStruct` has `ActionID` (uint16), `Name` (at most 32 characters), `Type` (`ActionTypeEnum`;
/// 1 is Scene, "Bring the endpoints into a certain state"), `EndpointListID`, `SupportedCommands` (`CommandBits`)
/// and `State` (`ActionStateEnum`: 0 Inactive, 1 Active, 2 Paused, 3 Disabled).
struct SceneAction: Equatable {
    /// `ActionTypeEnum` Scene.
    static let sceneType = 1
    /// `CommandBits`: InstantAction (bit 0), StartAction (bit 2), StopAction (bit 4).
    static let instantAction = 1 << 0
    static let startAction = 1 << 2
    static let stopAction = 1 << 4
    /// `ActionStateEnum` values.
    static let inactive = 0
    static let active = 1
    static let disabled = 3

    /// The entry's index in `ActionList`.
    var index: Int
    var actionID: Int
    var name: String
    var supportedCommands: Int
    var state: Int

    /// Whether the scene can be undone: its action supports StopAction.
    var isReversible: Bool { supportedCommands & Self.stopAction != 0 }

    /// The endpoint's first scene action, or `nil` when its Actions cluster lists none (or it has no Actions).
    static func first(on endpoint: Endpoint) -> SceneAction? {
        let list = endpoint.cluster(.Actions)["ActionList"]?.listValue ?? []
        for (index, entry) in list.enumerated() {
            guard let fields = entry.structureValue, fields["Type"]?.intValue == sceneType,
                let id = fields["ActionID"]?.intValue
            else { continue }
            return SceneAction(
                index: index,
                actionID: id,
                name: fields["Name"]?.stringValue ?? "",
                supportedCommands: fields["SupportedCommands"]?.intValue ?? 0,
                state: fields["State"]?.intValue ?? inactive
            )
        }
        return nil
    }

    /// Writes `state` into the action's entry of the endpoint's `ActionList`, keeping its other fields.
    func setState(_ state: Int, on endpoint: inout Endpoint) {
        var cluster = endpoint.cluster(.Actions)
        guard var list = cluster["ActionList"]?.listValue, list.indices.contains(index),
            var fields = list[index].structureValue
        else { return }
        fields["State"] = .int(state)
        list[index] = .structure(fields)
        cluster["ActionList"] = .list(list)
        endpoint.clusters[.Actions] = cluster
    }
}
