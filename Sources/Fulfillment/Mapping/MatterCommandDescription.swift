import JSON
import MatterModel
import Registry
import SmartHomeProtocol

/// What an EXECUTE command did on one endpoint, in Matter terms, for the `command` records of the change log:
/// the Matter command that has the same effect, its arguments in Matter units, and the attributes it changed.
///
/// On/Off, Level Control, Color Control and Door Lock commands are named as Matter names them
/// (`OnOff.On`, `LevelControl.MoveToLevelWithOnOff {"Level": 76}`, `ColorControl.MoveToColorTemperature`,
/// `DoorLock.LockDoor`). Every other command is what Matter does with an attribute write: one description per
/// changed cluster, named `<Cluster>.Write`, with the written attributes as arguments. A command that changed
/// nothing and has no Matter command of its own is not described.
struct MatterCommandDescription: Equatable {
    var command: String
    var arguments: JSONObject
    var changed: JSONObject

    /// The descriptions of `command`, run on an endpoint that was `before` and is now `after`.
    static func describe(
        _ command: Command,
        params: JSONObject = JSONObject(),
        before: Endpoint,
        after: Endpoint
    ) -> [MatterCommandDescription] {
        if let own = TraitMappings.mapping(for: command.trait).matterCommands(
            command,
            params: params,
            before: before,
            after: after
        ) {
            return own
        }
        let changed = after.changedAttributes(since: before)
        func one(_ name: String, _ arguments: JSONObject = JSONObject()) -> [MatterCommandDescription] {
            [MatterCommandDescription(command: name, arguments: arguments, changed: changed)]
        }
        switch command {
        case .onOff:
            return one(after.cluster(.OnOff).bool(.OnOff.onOff) == true ? "OnOff.On" : "OnOff.Off")
        case .brightnessAbsolute, .brightnessRelative:
            let level = after.cluster(.LevelControl)[.LevelControl.currentLevel]
            return one(
                "LevelControl.MoveToLevelWithOnOff",
                JSONObject([("Level", level?.jsonValue(.LevelControl, "CurrentLevel") ?? .null)])
            )
        case .colorAbsolute:
            let color = after.cluster(.ColorControl)
            if changed["ColorControl"]?["ColorTemperatureMireds"] != nil,
                let mireds = color[.ColorControl.colorTemperatureMireds]
            {
                return one(
                    "ColorControl.MoveToColorTemperature",
                    JSONObject([("ColorTemperatureMireds", mireds.jsonValue(.ColorControl, "ColorTemperatureMireds"))])
                )
            }
            return written(changed)
        case .lockUnlock:
            // DoorLock LockState: 1 locked, 2 unlocked.
            let state = after.cluster(.DoorLock).int(.DoorLock.lockState)
            return one(state == 1 ? "DoorLock.LockDoor" : "DoorLock.UnlockDoor")
        default:
            return written(changed)
        }
    }

    /// One `<Cluster>.Write` per changed cluster.
    static func written(_ changed: JSONObject) -> [MatterCommandDescription] {
        changed.compactMap { cluster, attributes in
            guard let attributes = attributes.objectValue else { return nil }
            return MatterCommandDescription(
                command: "\(cluster).Write",
                arguments: attributes,
                changed: JSONObject([(cluster, .object(attributes))])
            )
        }
    }

    /// The `command` record of this description; `endpoint` is the index in ``Device/endpoints``.
    func record(agentUserId: String, deviceId: String, endpoint: Int, requestId: String) -> ChangeRecord {
        var data = JSONObject()
        data.append("endpoint", .int(endpoint + 1))
        data.append("command", .string(command))
        data.append("arguments", .object(arguments))
        data.append("changed", .object(changed))
        data.append("requestId", .string(requestId))
        return ChangeRecord(kind: .command, agentUserId: agentUserId, deviceId: deviceId, data: data)
    }
}
