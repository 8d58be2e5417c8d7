import JSON

/// The JSON bodies of HomeGraph's calls, exactly as Google documents them.
public enum HomeGraphRequestBody {
    /// `devices:reportStateAndNotification`:
    /// `{"requestId","agentUserId","eventId"?,"payload":{"devices":{"states":{id:{…}},"notifications":{id:{Trait:{…}}}}}}`.
    ///
    /// Devices appear in id order; `states` or `notifications` is left out when empty. Each state object is written
    /// as given: the caller sends every field of each changed trait (a partial trait replaces the stored one) and
    /// `online`.
    public static func reportState(
        agentUserId: String,
        requestId: String,
        eventId: String? = nil,
        states: [String: JSONObject],
        notifications: [String: [DeviceNotification]] = [:]
    ) -> JSONValue {
        var devices = JSONObject()
        if !states.isEmpty {
            var byDevice = JSONObject()
            for id in states.keys.sorted() {
                byDevice.append(id, .object(states[id]!))
            }
            devices.append("states", .object(byDevice))
        }
        let nonEmptyNotifications = notifications.filter { !$0.value.isEmpty }
        if !nonEmptyNotifications.isEmpty {
            var byDevice = JSONObject()
            for id in nonEmptyNotifications.keys.sorted() {
                var byTrait = JSONObject()
                for notification in nonEmptyNotifications[id]! {
                    byTrait[notification.trait] = .object(notification.fields)
                }
                byDevice.append(id, .object(byTrait))
            }
            devices.append("notifications", .object(byDevice))
        }
        var body = JSONObject([("requestId", .string(requestId)), ("agentUserId", .string(agentUserId))])
        if let eventId { body.append("eventId", .string(eventId)) }
        body.append("payload", .object(JSONObject([("devices", .object(devices))])))
        return .object(body)
    }

    /// `devices:requestSync`: `{"agentUserId","async":true}`. Asynchronous by default: synchronous calls wait for
    /// Hearth's own SYNC answer and fail in ways asynchronous ones do not.
    public static func requestSync(agentUserId: String, async: Bool = true) -> JSONValue {
        .object(JSONObject([("agentUserId", .string(agentUserId)), ("async", .bool(async))]))
    }
}
