import DeviceAPI
import HTTPMessages

/// The route pattern of a request's path, for the log line and the `route` label: never the path itself, which
/// carries user and device ids (`/v1/users/{agentUserId}/devices/{deviceId}`) or whatever a scanner sends.
enum RouteLabel {
    /// The pattern of `path`; `metricsPath` is the configured `metrics.path`. Unknown paths are `other`.
    static func of(_ path: Substring, metricsPath: String?) -> String {
        switch path {
        case "/fulfillment": return "/fulfillment"
        case "/healthz": return "/healthz"
        case "/oauth/authorize": return "/oauth/authorize"
        case "/oauth/token": return "/oauth/token"
        case "/oauth/revoke": return "/oauth/revoke"
        case "/oauth/upstream/callback": return "/oauth/upstream/callback"
        case "/oauth/consent": return "/oauth/consent"
        case let path where metricsPath.map({ path == $0 }) ?? false: return "/metrics"
        case let path where DeviceAPI.owns(path): return deviceAPI(path)
        default: return "other"
        }
    }

    /// A `/v1/…` path's pattern, as ``DeviceAPIResponder`` routes it.
    private static func deviceAPI(_ path: Substring) -> String {
        let segments = path.split(separator: "/", omittingEmptySubsequences: false)
        guard segments.count >= 3, segments[0].isEmpty, segments[1] == "v1" else { return "/v1/other" }
        let route = segments[2...]
        switch route.count {
        case 1 where route.first == "openapi.json": return "/v1/openapi.json"
        case 1 where route.first == "state": return "/v1/state"
        case 1 where route.first == "changes": return "/v1/changes"
        case 2 where route.first == "users": return "/v1/users/{agentUserId}"
        case 3 where route.first == "users" && route.last == "devices": return "/v1/users/{agentUserId}/devices"
        case 4 where route.first == "users" && segments[4] == "devices":
            return "/v1/users/{agentUserId}/devices/{deviceId}"
        case 5 where route.first == "users" && segments[4] == "devices" && route.last == "state":
            return "/v1/users/{agentUserId}/devices/{deviceId}/state"
        case 5 where route.first == "users" && segments[4] == "devices" && route.last == "events":
            return "/v1/users/{agentUserId}/devices/{deviceId}/events"
        default: return "/v1/other"
        }
    }
}
