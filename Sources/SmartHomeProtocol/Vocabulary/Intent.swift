/// The intents a Cloud-to-cloud fulfillment receives, spelled as Google spells them.
public enum Intent: String, Sendable, Hashable, CaseIterable {
    case sync = "action.devices.SYNC"
    case query = "action.devices.QUERY"
    case execute = "action.devices.EXECUTE"
    case disconnect = "action.devices.DISCONNECT"
}
