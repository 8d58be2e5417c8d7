extension DeviceEvent {
    /// The events Hearth knows, named in Hearth's terms; the raw values are what the outbox stores.
    public enum Name: String, Sendable, Hashable, CaseIterable {
        /// A doorbell was pressed (a device-side event: `hearth devices event … doorbell-press`).
        case doorbellPress = "doorbell-press"
        /// A Smoke CO Alarm's `SmokeState` rose to warning (1) or critical (2).
        case smokeAlarm = "smoke-alarm"
        /// A Smoke CO Alarm's `COState` rose to warning (1) or critical (2).
        case coAlarm = "co-alarm"
        /// A Water Leak Detector detected a leak.
        case waterLeak = "water-leak"
    }

    /// The events a device file user may send by hand (`hearth devices event`).
    public static let deviceSideEvents: [Name] = [.doorbellPress]
}
