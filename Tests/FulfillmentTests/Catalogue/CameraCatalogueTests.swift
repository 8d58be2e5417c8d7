import Fulfillment
import MatterModel
import SmartHomeProtocol
import Testing

/// Cameras and doorbells through the mapping: the bindings on devices built in code, and the catalogue file itself.
struct CameraCatalogueTests {
    static func camera(_ type: DeviceType, _ clusters: [ClusterID]) -> Endpoint {
        Endpoint(
            deviceTypes: [type],
            clusters: Dictionary(uniqueKeysWithValues: clusters.map { ($0, ClusterState()) })
        )
    }

    static func device(_ endpoints: [Endpoint]) -> Device {
        Device(id: "cam", name: "Cam", room: "Hall", endpoints: endpoints)
    }

    static func bound(_ device: Device, _ trait: SmartHomeProtocol.Trait) -> Int? {
        DeviceTypeMapping.bindings(of: device).first { $0.trait == trait }?.endpoint
    }

    /// A stream transport brings CameraStream; Camera AV Stream Management alone offers no stream to a viewer.
    @Test func aCameraStreamsThroughAStreamTransport() {
        let webRTC = Self.device([Self.camera(.Camera, [.CameraAvStreamManagement, .WebRtcTransportProvider])])
        #expect(DeviceTypeMapping.googleType(for: webRTC) == .camera)
        #expect(DeviceTypeMapping.traits(of: webRTC) == [.cameraStream])
        let push = Self.device([Self.camera(.Camera, [.CameraAvStreamManagement, .PushAvStreamTransport])])
        #expect(DeviceTypeMapping.traits(of: push) == [.cameraStream])
        let none = Self.device([Self.camera(.Camera, [.CameraAvStreamManagement])])
        #expect(DeviceTypeMapping.traits(of: none).isEmpty)
    }

    /// Zone Management's person and package zones become ObjectDetection notifications.
    @Test func zoneManagementBringsObjectDetection() {
        let device = Self.device([Self.camera(.Camera, [.WebRtcTransportProvider, .ZoneManagement])])
        #expect(DeviceTypeMapping.traits(of: device) == [.objectDetection, .cameraStream])
    }

    /// The Video Doorbell is DOORBELL with ObjectDetection (a press) on its primary endpoint and CameraStream from
    /// its Camera endpoint.
    @Test func aVideoDoorbellStreamsFromItsCamera() {
        let device = Self.device([
            Self.camera(.VideoDoorbell, []), Self.camera(.Camera, [.WebRtcTransportProvider, .ZoneManagement]),
        ])
        #expect(DeviceTypeMapping.googleType(for: device) == .doorbell)
        #expect(Self.bound(device, .objectDetection) == 0)
        #expect(Self.bound(device, .cameraStream) == 1)
        let validation = DeviceValidation(device: device, willReportState: true)
        #expect(validation.passes, "\(validation.violations) \(validation.problems)")
    }

    @Test func aVideoDoorbellWithoutACameraIsAProblem() {
        let device = Self.device([Self.camera(.VideoDoorbell, [])])
        let validation = DeviceValidation(device: device, willReportState: true)
        #expect(
            validation.problems.contains { $0.message.hasPrefix("a VideoDoorbell needs at least one Camera endpoint") }
        )
        // And DOORBELL's guide recommends CameraStream.
        #expect(validation.warnings.contains { $0.message == "DOORBELL's guide recommends CameraStream" })
    }

    @Test func anAudioDoorbellIsADoorbell() {
        let device = Self.device([Self.camera(.AudioDoorbell, [])])
        #expect(DeviceTypeMapping.googleType(for: device) == .doorbell)
        #expect(DeviceTypeMapping.traits(of: device) == [.objectDetection])
        #expect(DeviceValidation(device: device, willReportState: true).passes)
    }

    /// The floodlight's light is a light endpoint: OnOff and Brightness come from it, CameraStream from the camera.
    @Test func aFloodlightCamerasLightIsALight() {
        var light = Endpoint(deviceTypes: [.DimmableLight])
        light.clusters = [.OnOff: ClusterState(), .LevelControl: ClusterState()]
        let device = Self.device([Self.camera(.FloodlightCamera, [.WebRtcTransportProvider]), light])
        #expect(DeviceTypeMapping.googleType(for: device) == .camera)
        #expect(Self.bound(device, .onOff) == 1)
        #expect(Self.bound(device, .brightness) == 1)
        #expect(Self.bound(device, .cameraStream) == 0)
    }

    /// CAMERA's guide requires CameraStream: a camera without a stream transport fails `devices validate`.
    @Test func aCameraWithoutAStreamIsAProblem() {
        let device = Self.device([
            Self.camera(.Camera, [.CameraAvStreamManagement]),
            Endpoint(deviceTypes: [.OnOffLight], clusters: [.OnOff: ClusterState()]),
        ])
        let validation = DeviceValidation(device: device, willReportState: true)
        #expect(validation.problems.contains { $0.message.hasPrefix("CAMERA's guide requires CameraStream") })
    }

    /// The Snapshot Camera and the Chime are kept, not exposed: no Google type.
    @Test func aSnapshotCameraAndAChimeAreNotExposed() {
        #expect(!DeviceTypeMapping.isExposed(Self.device([Self.camera(.SnapshotCamera, [])])))
        #expect(!DeviceTypeMapping.isExposed(Self.device([Self.camera(.Chime, [])])))
    }

    @Test func eachCatalogueDeviceHasItsGoogleTypeAndTraitsAndPasses() throws {
        let devices = try DeviceFile.parse(CameraCatalogue.deviceFile).users.flatMap(\.devices)
        #expect(devices.map(\.id) == CameraCatalogue.expected.map(\.id))
        for (device, expected) in zip(devices, CameraCatalogue.expected) {
            let validation = DeviceValidation(device: device, willReportState: true)
            let sync = try #require(validation.syncDevice, "\(device.id)")
            #expect(sync.type.rawValue == GoogleVocabulary.deviceTypePrefix + expected.type, "\(device.id)")
            #expect(sync.traits.map { String($0.rawValue.split(separator: ".").last ?? "") } == expected.traits)
            #expect(validation.violations.isEmpty, "\(device.id): \(validation.violations)")
            #expect(validation.problems.isEmpty, "\(device.id): \(validation.problems)")
        }
    }
}
