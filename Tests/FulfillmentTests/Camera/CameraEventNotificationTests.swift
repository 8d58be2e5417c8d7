import Fulfillment
import MatterModel
import Registry
import Testing

/// A camera's device-side events (what its backend classified) as Google's ObjectDetection notification, whose
/// `objects` count by how well the user knows what was seen: "`familiar` Count of objects recognized by the user that
/// have no label. `unfamiliar` Count of objects detected by the device that the user may not recognize.
/// `unclassified` Count of objects detected that the device was unable to classify."
/// (developers.home.google.com/cloud-to-cloud/traits/objectdetection).
struct CameraEventNotificationTests {
    typealias Objects = ReportStateMapping.DetectedObjects

    static let now: Int64 = 946_684_800_000

    static func objects(_ event: DeviceEvent) -> Objects? {
        guard
            case .objectDetection(let timestamp, let objects) =
                ReportStateMapping.notification(for: event, occurredMilliseconds: now), timestamp == now
        else { return nil }
        return objects
    }

    @Test func aPersonTheCameraSawIsUnfamiliar() {
        #expect(Self.objects(DeviceEvent(name: .personDetected)) == Objects(unfamiliar: 1))
        #expect(Self.objects(DeviceEvent(name: .personDetected, value: 3)) == Objects(unfamiliar: 3))
    }

    @Test func aFamiliarPersonIsFamiliar() {
        #expect(Self.objects(DeviceEvent(name: .familiarPersonDetected, value: 2)) == Objects(familiar: 2))
    }

    /// Google counts objects by recognition, not by kind: a package the camera classified is an object "the user
    /// may not recognize", not one "the device was unable to classify".
    @Test func aPackageIsUnfamiliarNotUnclassified() {
        #expect(Self.objects(DeviceEvent(name: .packageDetected)) == Objects(unfamiliar: 1))
    }

    /// The doorbell press keeps its meaning: one someone the doorbell cannot classify.
    @Test func aDoorbellPressStaysUnclassified() {
        #expect(Self.objects(DeviceEvent(name: .doorbellPress)) == Objects(unclassified: 1))
    }

    /// A count outside the event's bounds (a row queued before they changed) is brought within them.
    @Test(arguments: [(0, 1), (-5, 1), (100, 100), (1_000, 100)])
    func theCountStaysWithinItsBounds(_ value: Int, _ counted: Int) {
        #expect(Self.objects(DeviceEvent(name: .personDetected, value: value)) == Objects(unfamiliar: counted))
    }

    @Test func theCameraEventsAreDeviceSideAndNamedForTheAPI() {
        for name in [DeviceEvent.Name.personDetected, .familiarPersonDetected, .packageDetected] {
            #expect(DeviceEvent.deviceSideEvents.contains(name))
            #expect(name.values == 1...100)
        }
        #expect(DeviceEvent.Name.personDetected.apiName == "personDetected")
        #expect(DeviceEvent.Name.familiarPersonDetected.apiName == "familiarPersonDetected")
        #expect(DeviceEvent.Name.doorbellPress.apiName == "doorbellPress")
        #expect(DeviceEvent.Name.coAlarm.apiName == "coAlarm")
        #expect(DeviceEvent.Name.doorbellPress.values == nil)
        #expect(DeviceEvent.Name.smokeAlarm.values == 1...2)
    }

    /// Only a camera sends what a camera saw; only a Doorbell is pressed.
    @Test func onlyACameraSendsWhatACameraSaw() {
        let camera = Device(id: "cam", name: "Porch camera", deviceTypes: [.Camera])
        let doorbell = Device(id: "bell", name: "Bell", deviceTypes: [.Doorbell])
        let videoDoorbell = Device(
            id: "vd",
            name: "Door",
            endpoints: [
                Endpoint(deviceTypes: [.VideoDoorbell]), Endpoint(deviceTypes: [.Doorbell]),
            ]
        )
        #expect(DeviceEvent.Name.personDetected.canBeSent(by: camera))
        #expect(DeviceEvent.Name.packageDetected.canBeSent(by: videoDoorbell))
        #expect(!DeviceEvent.Name.personDetected.canBeSent(by: doorbell))
        #expect(DeviceEvent.Name.doorbellPress.canBeSent(by: videoDoorbell))
        #expect(!DeviceEvent.Name.doorbellPress.canBeSent(by: camera))
        #expect(!DeviceEvent.Name.smokeAlarm.canBeSent(by: camera))
    }
}
