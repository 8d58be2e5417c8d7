import MatterModel

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
        /// A camera saw people the user may not know; the value is how many (1 when not given). A device-side event:
        /// Matter 1.5 gives a camera no way to say what it saw (Zone Management's `ZoneTriggered` has one reason,
        /// `Motion`; Camera AV Stream Management has no events), so the manufacturer's backend, which classified the
        /// picture, sends it.
        case personDetected = "person-detected"
        /// A camera recognized people the user knows but has not named (a face the user confirmed, with no label);
        /// the value is how many.
        case familiarPersonDetected = "familiar-person-detected"
        /// A camera saw packages (a delivery at the door); the value is how many.
        case packageDetected = "package-detected"
    }

    /// The events a device file user may send by hand (`hearth devices event`) or a backend through
    /// `POST /v1/users/{u}/devices/{d}/events`.
    ///
    /// Motion is not among them: Google's ObjectDetection "belongs to devices that can detect objects or people",
    /// and counts objects; a Matter camera's `ZoneTriggered` (reason `Motion`) says something moved, not what, and an
    /// announcement on every speaker for each motion in a zone is not what Google's trait is for.
    public static let deviceSideEvents: [Name] = [
        .doorbellPress, .personDetected, .familiarPersonDetected, .packageDetected,
    ]
}

extension DeviceEvent.Name {
    /// The event's name in the Device Backend API (`POST …/events` `{"event": "personDetected"}`): the raw value in
    /// lower camel case.
    public var apiName: String {
        var words = rawValue.split(separator: "-").map(String.init)
        guard let first = words.first else { return rawValue }
        words.removeFirst()
        return first + words.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }

    /// The `value` the event may carry, or `nil` when it carries none: an alarm's level (1 warning, 2 critical), or
    /// how many people or packages a camera saw (at most 100, more than any picture holds).
    public var values: ClosedRange<Int>? {
        switch self {
        case .smokeAlarm, .coAlarm: return 1...2
        case .personDetected, .familiarPersonDetected, .packageDetected: return 1...100
        case .doorbellPress, .waterLeak: return nil
        }
    }

    /// The device types one of which an endpoint must be for a device to send the event by hand: a press needs a
    /// Doorbell; what a camera saw needs a camera (Matter 1.5's Camera, Video Doorbell, Snapshot Camera or Floodlight
    /// Camera). Empty for the events Hearth derives from state (alarms, leaks).
    public var senderTypes: Set<DeviceType> {
        switch self {
        case .doorbellPress: return [.Doorbell]
        case .personDetected, .familiarPersonDetected, .packageDetected:
            return [.Camera, .VideoDoorbell, .SnapshotCamera, .FloodlightCamera]
        case .smokeAlarm, .coAlarm, .waterLeak: return []
        }
    }

    /// Whether `device` may send the event by hand: it has an endpoint of one of ``senderTypes``.
    public func canBeSent(by device: Device) -> Bool {
        device.endpoints.contains { !senderTypes.isDisjoint(with: $0.deviceTypes) }
    }
}
