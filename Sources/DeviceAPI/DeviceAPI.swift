/// The device backend's network API, mounted at `/v1`: API keys, users, devices, state, events, and the change
/// stream. The routes and their shapes are in the Device backend API reference article and `GET /v1/openapi.json`.
public enum DeviceAPI {
    /// The path prefix every route of this module lives under.
    public static let pathPrefix = "/v1/"

    /// Whether `path` belongs to the API: `/v1` itself or anything under `/v1/` (each unknown one answers 404 in the
    /// API's error shape).
    public static func owns(_ path: Substring) -> Bool {
        path.hasPrefix(pathPrefix) || path == "/v1"
    }
}
