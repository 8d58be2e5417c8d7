import Fulfillment
import JSON
import MatterModel
import SmartHomeProtocol
import Testing

/// Every catalogue device through the mapping and the SYNC validator: what Hearth would send for each Matter
/// device type of the README's table is something Google accepts, and SYNC sends all of it.
struct CatalogueValidationTests {
    /// The catalogues; the camera catalogue once the generated tables hold the Matter 1.5 camera clusters it names.
    static let catalogues: [(name: String, file: String)] =
        [
            ("climate", ClimateCatalogue.deviceFile),
            ("access", AccessCatalogue.deviceFile),
            ("appliances", AppliancesCatalogue.deviceFile),
            ("doorbell", DoorbellCatalogue.deviceFile),
            ("kitchen", KitchenCatalogue.deviceFile),
            ("home systems", HomeSystemsCatalogue.deviceFile),
            ("media", MediaCatalogue.deviceFile),
            ("cameras", CameraCatalogue.deviceFile),
            ("sensors", SensorsCatalogue.deviceFile),
            ("maintenance", MaintenanceCatalogue.deviceFile),
            ("openings", OpeningsCatalogue.deviceFile),
        ]

    static func devices() throws -> [Device] {
        try catalogues.flatMap { try DeviceFile.parse($0.file).users.flatMap(\.devices) }
    }

    @Test func everyCatalogueDeviceIsValidForGoogle() throws {
        for device in try Self.devices() {
            let validation = DeviceValidation(device: device, willReportState: true)
            #expect(validation.violations.isEmpty, "\(device.id): \(validation.violations)")
            // And breaks none of Google's stated requirements (every device with Matter ids has a room).
            #expect(validation.problems.isEmpty, "\(device.id): \(validation.problems)")
        }
    }

    /// The five foundation types are in the example home; the rest must each appear in a catalogue.
    @Test func theCataloguesCoverEveryDeviceTypeBeyondTheFoundation() throws {
        let covered = Set(try Self.devices().flatMap { $0.endpoints.flatMap(\.deviceTypes) })
        let foundation: Set<DeviceType> = [
            .OnOffLight, .DimmableLight, .ColorTemperatureLight, .ExtendedColorLight, .OnOffPlugInUnit,
        ]
        let missing = Set(DeviceType.modelled).subtracting(covered).subtracting(foundation)
        #expect(missing.isEmpty, "no catalogue device for \(missing.map(\.rawValue).sorted())")
        #expect(DeviceType.modelled.count >= 20)
    }

    @Test func syncOfEachCatalogueSendsEveryDeviceAndThePayloadValidates() throws {
        for catalogue in Self.catalogues {
            let file = try DeviceFile.parse(catalogue.file)
            let user = file.users[0].agentUserId
            let fulfillment = try TestFulfillment(devices: catalogue.file)
            let reply = try fulfillment.sync(as: user)
            let payload = try #require(reply.body["payload"]?.objectValue)
            #expect(SyncValidator.violations(inPayload: payload).isEmpty, "\(catalogue.name)")
            let sent = payload["devices"]?.arrayValue?.compactMap { $0["id"]?.stringValue } ?? []
            // Every device but the ones kept unexposed (the sensors' Water Freeze Detector).
            let exposed = file.users[0].devices.filter(DeviceTypeMapping.isExposed).map(\.id)
            #expect(sent == exposed, "\(catalogue.name)")
            // Every device answers QUERY with a state (SUCCESS, a low battery as exceptionCode beside it), none
            // with an error.
            let states = try #require(try fulfillment.query(sent, as: user)?.objectValue)
            for (id, entry) in states {
                #expect(entry["status"] == "SUCCESS", "\(id): \(entry)")
            }
        }
    }
}

/// The doorbell's SYNC entry: Google's DOORBELL type, the ObjectDetection trait, and notification support.
struct DoorbellSyncTests {
    @Test func aDoorbellSyncsAsDOORBELLWithObjectDetectionAndNotificationSupport() throws {
        let fulfillment = try TestFulfillment(devices: DoorbellCatalogue.deviceFile)
        let reply = try fulfillment.sync(as: "doorbell-user")
        let device = try #require(reply.body["payload"]?["devices"]?.arrayValue?.first)
        #expect(device["type"]?.stringValue == "action.devices.types.DOORBELL")
        #expect(device["traits"]?.arrayValue == [.string("action.devices.traits.ObjectDetection")])
        #expect(device["notificationSupportedByAgent"]?.boolValue == true)
    }
}
