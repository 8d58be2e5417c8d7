import Fulfillment
import HomeGraph
import JSON
import Registry
import Testing

/// A camera's events end to end: queued in a real SQLite registry, drained to the fake HomeGraph as Google's
/// ObjectDetection notification, with exactly Google's fields (`priority`, `detectionTimestamp`, `objects`).
@Suite(.serialized)
struct CameraEventReportingTests {
    /// The ObjectDetection notification HomeGraph received for the `door` device (a Doorbell that declares
    /// `notificationSupportedByAgent`; the drain maps the event whatever the device type, the API checks it).
    static func notification(after event: DeviceEvent) async throws -> JSONValue {
        let harness = try ReportingHarness()
        harness.sync()
        try await harness.whileDraining {
            let queued = try harness.store.recordEvent(event, forUser: "alice", device: "door")
            #expect(queued)
            #expect(await harness.eventually { !harness.calls().isEmpty })
        }
        let body = try #require(harness.calls().first?["body"])
        #expect(body["eventId"]?.stringValue?.hasPrefix("hearth-event-") == true)
        return try #require(body["payload"]?["devices"]?["notifications"]?["door"]?["ObjectDetection"])
    }

    @Test func twoPeopleBecomeTwoUnfamiliarObjects() async throws {
        let notification = try await Self.notification(after: DeviceEvent(name: .personDetected, value: 2))
        #expect(notification["priority"]?.intValue == 0)
        #expect((notification["detectionTimestamp"]?.intValue ?? 0) > 0)
        #expect(notification["objects"] == .object(JSONObject([("unfamiliar", .int(2))])))
        #expect(notification.objectValue?.keys.sorted() == ["detectionTimestamp", "objects", "priority"])
    }

    @Test func aFamiliarPersonBecomesAFamiliarObject() async throws {
        let notification = try await Self.notification(after: DeviceEvent(name: .familiarPersonDetected))
        #expect(notification["objects"] == .object(JSONObject([("familiar", .int(1))])))
    }

    @Test func aPackageBecomesAnUnfamiliarObject() async throws {
        let notification = try await Self.notification(after: DeviceEvent(name: .packageDetected))
        #expect(notification["objects"] == .object(JSONObject([("unfamiliar", .int(1))])))
    }
}
