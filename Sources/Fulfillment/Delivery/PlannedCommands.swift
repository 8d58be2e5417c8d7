import JSON

/// What one EXECUTE asks the device backend to do, after validation, challenges and offline checks passed: per
/// device, per endpoint, the Matter commands (as the change stream's `command` records name them) and the attribute
/// values Hearth computed for them.
public struct PlannedCommands: Sendable, Hashable {
    /// Google's `requestId`.
    public var requestId: String
    /// The user whose devices these are.
    public var agentUserId: String
    /// Stable for one EXECUTE (a retry of the same request carries the same key): the backend's de-duplication key.
    public var idempotencyKey: String
    /// The devices, in request order.
    public var devices: [Device]

    /// Creates a plan.
    public init(requestId: String, agentUserId: String, idempotencyKey: String, devices: [Device]) {
        self.requestId = requestId
        self.agentUserId = agentUserId
        self.idempotencyKey = idempotencyKey
        self.devices = devices
    }

    /// One device's share of the plan.
    public struct Device: Sendable, Hashable {
        /// The device id.
        public var id: String
        /// The endpoints commanded, in the order first commanded.
        public var endpoints: [Endpoint]

        /// Creates a device's share.
        public init(id: String, endpoints: [Endpoint]) {
            self.id = id
            self.endpoints = endpoints
        }
    }

    /// The commands for one endpoint.
    public struct Endpoint: Sendable, Hashable {
        /// The endpoint number, 1 = the primary one (as `/v1` numbers them).
        public var endpoint: Int
        /// The Matter commands, in order.
        public var commands: [Command]
        /// The attribute values the commands should leave, `{"Cluster": {"Attribute": value}}` in Matter units
        /// (only the attributes they change; empty when the device already is as asked).
        public var target: JSONObject

        /// Creates an endpoint's share.
        public init(endpoint: Int, commands: [Command], target: JSONObject) {
            self.endpoint = endpoint
            self.commands = commands
            self.target = target
        }
    }

    /// One Matter command, as the change stream's `command` record names it.
    public struct Command: Sendable, Hashable {
        /// `OnOff.On`, `LevelControl.MoveToLevelWithOnOff`, `<Cluster>.Write`, …
        public var command: String
        /// Its arguments, in Matter units.
        public var arguments: JSONObject

        /// Creates a command.
        public init(command: String, arguments: JSONObject) {
            self.command = command
            self.arguments = arguments
        }
    }

    /// Every device id of the plan.
    public var deviceIds: [String] { devices.map(\.id) }
}
