import JSON

/// What came of one delivery (``CommandDeliverer``).
public enum DeliveryOutcome: Sendable, Hashable {
    /// The backend answered in time with one outcome per device it was asked about (devices it left out are
    /// absent).
    case answered([String: DeviceOutcome])
    /// No answer before the deadline: the backend may still be acting, so every device is PENDING.
    case deadlinePassed
    /// No usable answer (unreachable, refused, a 5xx, malformed JSON, devices it was not asked about): nothing was
    /// confirmed. `reason` is for the log.
    case failed(reason: String)
}

/// What the backend said about one device.
public enum DeviceOutcome: Sendable, Hashable {
    /// Done; `clusters` are the attributes as the device now reports them (`{"Cluster": {"Attribute": value}}`,
    /// Matter units) on endpoint `endpoint` (1-based; `nil`: the endpoint that has each cluster), or `nil` when the
    /// backend confirmed without reporting state (the planned values then stand). `response` is the data the
    /// command answers (today only a stream command's: its `cameraStreamAccessUrl`, token, …, checked by
    /// `CameraStreamAnswer` before Google hears it), `nil` for commands that answer nothing.
    case success(clusters: JSONObject?, endpoint: Int?, response: JSONObject? = nil)
    /// Refused, with the backend's error code (Google's vocabulary, else answered as `hardError`).
    case error(code: String)
    /// Accepted, not yet done: the final state comes later through `PATCH …/state`.
    case pending
}
