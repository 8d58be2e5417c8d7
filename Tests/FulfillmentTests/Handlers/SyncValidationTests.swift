import Fulfillment
import JSON
import Logging
import MatterModel
import Registry
import SmartHomeProtocol
import Synchronization
import Testing

/// SYNC never sends a device Google would reject: it leaves it out and logs why; the other devices stay.
struct SyncValidationTests {
    /// Warnings and above, as "message | metadata" lines.
    final class LogLines: Sendable {
        private let lines = Mutex<[String]>([])
        var all: [String] { lines.withLock { $0 } }
        func append(_ line: String) { lines.withLock { $0.append(line) } }
    }

    struct Handler: LogHandler {
        let lines: LogLines
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .warning
        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }
        func log(event: LogEvent) {
            let fields = (event.metadata ?? [:]).sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
            lines.append("\(event.message) | \(fields.joined(separator: " "))")
        }
    }

    /// Imports fine (Matter allows an empty UniqueID and a light with one color temperature), but Google rejects
    /// an empty `matterUniqueId` and a `colorTemperatureRange` whose minimum is not below its maximum.
    static let emptyUniqueId = """
        {"id": "no-unique-id", "name": "Lamp", "deviceTypes": ["OnOffLight"],
         "basicInformation": {"vendorID": 65521, "productID": 1, "uniqueID": ""}}
        """
    static let singleTemperature = """
        {"id": "one-white", "name": "Fixed white", "deviceTypes": ["ColorTemperatureLight"],
         "clusters": {"ColorControl": {"ColorTempPhysicalMinMireds": 300, "ColorTempPhysicalMaxMireds": 300,
                                       "ColorTemperatureMireds": 300}}}
        """
    static let good = #"{"id": "good", "name": "Good lamp", "deviceTypes": ["DimmableLight"]}"#

    @Test func devicesGoogleWouldRejectAreLeftOutAndLoggedWhileTheRestAreSent() throws {
        let lines = LogLines()
        let fulfillment = try TestFulfillment(
            devices: Fixtures.deviceFile(Self.emptyUniqueId, Self.good, Self.singleTemperature),
            logger: Logger(label: "test") { _ in Handler(lines: lines) }
        )
        let devices = try #require(try fulfillment.sync().body["payload"]?["devices"]?.arrayValue)
        #expect(devices.map { $0["id"] } == ["good"])
        let logged = lines.all
        #expect(logged.count == 2, "\(logged)")
        #expect(logged.contains { $0.contains("device.id=no-unique-id") && $0.contains("matterUniqueId") })
        #expect(logged.contains { $0.contains("device.id=one-white") && $0.contains("colorTemperatureRange") })
        #expect(logged.allSatisfy { $0.hasPrefix("Left a device out of SYNC") })
    }

    /// Entries are reused across revisions only while a device maps to the same SYNC entry.
    @Test func rebuildsAfterStateChangesKeepLeavingOutInvalidDevicesAndFollowRenames() throws {
        let lines = LogLines()
        let fulfillment = try TestFulfillment(
            devices: Fixtures.deviceFile(Self.emptyUniqueId, Self.good),
            logger: Logger(label: "test") { _ in Handler(lines: lines) }
        )
        func sentNames() throws -> [String] {
            let devices = try fulfillment.sync().body["payload"]?["devices"]?.arrayValue ?? []
            return devices.compactMap { $0["name"]?["name"]?.stringValue }
        }
        #expect(try sentNames() == ["Good lamp"])
        // A state change: a new revision, the same SYNC entries.
        _ = try fulfillment.execute(GoogleRequest.group(["good"], GoogleRequest.onOff(true)))
        #expect(try sentNames() == ["Good lamp"])
        #expect(lines.all.count == 2, "logged at each rebuild: \(lines.all)")
        // A rename and a fixed unique id: both entries change and are sent.
        _ = try fulfillment.store.importDevices(
            try DeviceFile.parse(
                Fixtures.deviceFile(
                    Self.emptyUniqueId.replacing(#""uniqueID": """#, with: #""uniqueID": "u-1""#),
                    Self.good.replacing("Good lamp", with: "Renamed lamp")
                )
            )
        )
        #expect(try sentNames() == ["Lamp", "Renamed lamp"])
    }

    @Test func theValidationNamesTheSameViolations() throws {
        let file = try DeviceFile.parse(Fixtures.deviceFile(Self.emptyUniqueId, Self.good, Self.singleTemperature))
        let results = file.users[0].devices.map { DeviceValidation(device: $0, willReportState: false) }
        #expect(results.map(\.isValid) == [false, true, false])
        #expect(results[0].violations.map(\.path) == ["matterUniqueId"])
        #expect(results[2].violations.contains { $0.path.hasPrefix("attributes.colorTemperatureRange") })
    }

    /// A device with Matter ids and no room breaks Matter dedup ("SYNC responses must contain roomHint"): a problem,
    /// so `devices validate` fails, but Google accepts the SYNC and the device is still sent.
    @Test func matterIdsWithoutARoomAreAProblemButTheDeviceIsSent() throws {
        let roomless = """
            {"id": "roomless", "name": "Lamp", "deviceTypes": ["OnOffLight"],
             "basicInformation": {"vendorID": 65521, "productID": 1, "uniqueID": "acme-1"}}
            """
        let withRoom = roomless.replacing(#""id": "roomless","#, with: #""id": "placed", "room": "Kitchen","#)
        let file = try DeviceFile.parse(Fixtures.deviceFile(roomless, withRoom))
        let results = file.users[0].devices.map { DeviceValidation(device: $0, willReportState: false) }
        #expect(results.map(\.isValid) == [true, true])
        #expect(results.map(\.passes) == [false, true])
        #expect(results[0].problems.map(\.path) == ["roomHint"])
        #expect(results[1].problems.isEmpty)
        let fulfillment = try TestFulfillment(devices: Fixtures.deviceFile(roomless, withRoom))
        #expect(try fulfillment.syncDevice("roomless") != nil)
    }

    /// What `devices validate` says about a lock, by its challenge and `fulfillment.allowAckUnlock`.
    @Test func aLocksChallengeIsAWarningWhenItFailsClosedAndAProblemWhenAYesUnlocks() throws {
        func validation(_ challenge: String, allowAckUnlock: Bool) throws -> DeviceValidation {
            let json = #"{"id": "door", "name": "Door", "deviceTypes": ["DoorLock"], "challenge": \#(challenge)}"#
            let device = try DeviceFile.parse(Fixtures.deviceFile(json)).users[0].devices[0]
            return DeviceValidation(device: device, willReportState: false, allowAckUnlock: allowAckUnlock)
        }
        for allow in [false, true] {
            let none = try validation(#""none""#, allowAckUnlock: allow)
            #expect(none.passes && none.problems.isEmpty)
            #expect(none.warnings.map(\.path) == ["challenge"])
            let pin = try validation(#"{"pin": "4821"}"#, allowAckUnlock: allow)
            #expect(pin.passes && pin.warnings.isEmpty && pin.problems.isEmpty)
        }
        let ackRefused = try validation(#""ack""#, allowAckUnlock: false)
        #expect(ackRefused.passes)
        #expect(ackRefused.warnings.map(\.message).contains { $0.contains("does not unlock") })
        let ackUnlocks = try validation(#""ack""#, allowAckUnlock: true)
        #expect(!ackUnlocks.passes && ackUnlocks.isValid)
        #expect(ackUnlocks.problems.map(\.path) == ["challenge"])
        #expect(ackUnlocks.problems.first?.message.contains("pinNeeded") == true)
    }

    @Test func aLongNameIsOnlyAWarningAndTheDeviceIsSent() throws {
        let long = String(repeating: "n", count: 70)
        let device = #"{"id": "long", "name": "\#(long)", "deviceTypes": ["OnOffLight"]}"#
        let fulfillment = try TestFulfillment(devices: Fixtures.deviceFile(device))
        let sent = try #require(try fulfillment.syncDevice("long"))
        #expect(sent["name"]?["name"]?.stringValue?.count == 60)
        let parsed = try DeviceFile.parse(Fixtures.deviceFile(device)).users[0].devices[0]
        #expect(DeviceValidation(device: parsed, willReportState: false).isValid)
    }
}
