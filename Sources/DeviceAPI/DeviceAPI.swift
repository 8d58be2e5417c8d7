/// The device backend's network API, mounted at `/v1`: API keys, users, devices, state, events, and the change
/// stream. The routes and their shapes are in the README ("Device backend API") and `GET /v1/openapi.json`.
public enum DeviceAPI {
    /// The path prefix every route of this module lives under.
    public static let pathPrefix = "/v1/"
}
