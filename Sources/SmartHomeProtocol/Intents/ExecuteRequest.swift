import JSON

/// The payload of `action.devices.EXECUTE`: command groups, each a set of devices and ordered steps.
public struct ExecuteRequest: Sendable, Hashable {
    /// One `commands[]` entry.
    public struct CommandGroup: Sendable, Hashable {
        public var devices: [DeviceReference]
        public var execution: [Execution]

        public init(devices: [DeviceReference], execution: [Execution]) {
            self.devices = devices
            self.execution = execution
        }
    }

    /// One execution step: a command, its parameters and an optional challenge answer.
    public struct Execution: Sendable, Hashable {
        /// The command as sent (`action.devices.commands.OnOff`); may be one Hearth does not know.
        public var commandName: String
        public var params: JSONObject
        public var challenge: JSONObject?

        /// The command, or `nil` when Hearth does not know it.
        public var command: Command? { Command(rawValue: commandName) }

        public init(commandName: String, params: JSONObject = JSONObject(), challenge: JSONObject? = nil) {
            self.commandName = commandName
            self.params = params
            self.challenge = challenge
        }
    }

    public var commands: [CommandGroup]

    public init(commands: [CommandGroup]) {
        self.commands = commands
    }

    /// Reads `inputs[0].payload`.
    public static func parse(_ payload: JSONObject?) throws(PayloadError) -> ExecuteRequest {
        guard let payload else { throw PayloadError(reason: "payload is missing") }
        guard let groups = payload["commands"]?.arrayValue else {
            throw PayloadError(reason: "payload.commands is missing or not an array")
        }
        var commands: [CommandGroup] = []
        commands.reserveCapacity(groups.count)
        for (groupIndex, group) in groups.enumerated() {
            let field = "payload.commands[\(groupIndex)]"
            let devices = try DeviceReference.parseList(group["devices"], field: "\(field).devices")
            guard let steps = group["execution"]?.arrayValue else {
                throw PayloadError(reason: "\(field).execution is missing or not an array")
            }
            var execution: [Execution] = []
            execution.reserveCapacity(steps.count)
            for (stepIndex, step) in steps.enumerated() {
                guard let name = step["command"]?.stringValue else {
                    throw PayloadError(reason: "\(field).execution[\(stepIndex)].command is missing or not a string")
                }
                let params = step["params"]
                if let params, params.objectValue == nil {
                    throw PayloadError(reason: "\(field).execution[\(stepIndex)].params is not an object")
                }
                execution.append(
                    Execution(
                        commandName: name,
                        params: params?.objectValue ?? JSONObject(),
                        challenge: step["challenge"]?.objectValue
                    )
                )
            }
            commands.append(CommandGroup(devices: devices, execution: execution))
        }
        return ExecuteRequest(commands: commands)
    }
}
