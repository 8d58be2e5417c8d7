import JSON
import MatterModel
import Registry
import SmartHomeProtocol
import Testing

@testable import Fulfillment

/// SoftwareUpdate from OTA Software Update Requestor and Reboot from General Diagnostics: no attributes, the last
/// update's time from User Label, registry-mode results, refusals, and the Hearth-named commands the backend gets.
struct SoftwareUpdateRebootTests {
    typealias G = GoogleRequest
    typealias F = MaintenanceFixtures

    static let softwareUpdate = G.step("SoftwareUpdate", [:])
    static let reboot = G.step("Reboot", [:])

    @Test func thePlugSyncsBothTraitsWithoutAttributes() throws {
        let fulfillment = try TestFulfillment(devices: F.plug())
        let device = try #require(try fulfillment.syncDevice("plug"))
        let traits = device["traits"]?.arrayValue ?? []
        #expect(traits.contains("action.devices.traits.SoftwareUpdate"))
        #expect(traits.contains("action.devices.traits.Reboot"))
        #expect(device["type"] == Fixtures.outlet)
        #expect(device["attributes"]?.objectValue?.keys.isEmpty ?? true)
        let payload = try #require(try fulfillment.sync().body["payload"]?.objectValue)
        #expect(SyncValidator.violations(inPayload: payload).isEmpty)
    }

    @Test func theLastUpdateComesFromTheUserLabel() throws {
        let fulfillment = try TestFulfillment(devices: F.plug())
        #expect(try fulfillment.query("plug")?["lastSoftwareUpdateUnixTimestampSec"] == 1_761_000_000)
    }

    @Test(arguments: ["", #"{"Label": "lastSwUpdate", "Value": "soon"}"#])
    func noKnownUpdateIsTheEpoch(_ labels: String) throws {
        let fulfillment = try TestFulfillment(devices: F.plug(labels: labels))
        #expect(try fulfillment.query("plug")?["lastSoftwareUpdateUnixTimestampSec"] == 0)
    }

    @Test func aRegistryUpdateSucceedsAtOnceAtTheRequestsTime() throws {
        let fulfillment = try TestFulfillment(devices: F.plug())
        let answer = try fulfillment.execute(G.group(["plug"], Self.softwareUpdate))
        #expect(
            answer == [
                [
                    "ids": ["plug"], "status": "SUCCESS",
                    "states": ["lastSoftwareUpdateUnixTimestampSec": .int(F.now), "online": true],
                ]
            ]
        )
        #expect(try fulfillment.query("plug")?["lastSoftwareUpdateUnixTimestampSec"] == .int(F.now))
        let endpoint = try #require(try fulfillment.storedDevice("plug")?.endpoints[0])
        #expect(endpoint.cluster(.OtaSoftwareUpdateRequestor)["UpdateState"] == .int(1))
    }

    @Test func noUpdatePossibleIsNotReadyAndAnUpdateUnderWayIsBusy() throws {
        let impossible = try TestFulfillment(
            devices: F.plug(requestor: #"{"UpdatePossible": false, "UpdateState": 1}"#)
        )
        #expect(
            try impossible.execute(G.group(["plug"], Self.softwareUpdate)).first?["errorCode"] == "deviceNotReady"
        )
        let downloading = try TestFulfillment(
            devices: F.plug(requestor: #"{"UpdatePossible": true, "UpdateState": 4}"#)
        )
        #expect(try downloading.execute(G.group(["plug"], Self.softwareUpdate)).first?["errorCode"] == "deviceBusy")
        #expect(try downloading.query("plug")?["lastSoftwareUpdateUnixTimestampSec"] == 1_761_000_000)
    }

    @Test func aRegistryRebootCountsItAndRestartsTheUptime() throws {
        let fulfillment = try TestFulfillment(devices: F.plug())
        let answer = try fulfillment.execute(G.group(["plug"], Self.reboot))
        #expect(answer == [["ids": ["plug"], "status": "SUCCESS", "states": ["online": true]]])
        let diagnostics = try #require(try fulfillment.storedDevice("plug")?.endpoints[0].cluster(.GeneralDiagnostics))
        #expect(diagnostics["RebootCount"] == .int(4))
        #expect(diagnostics["UpTime"] == .int(0))
        #expect(diagnostics["BootReason"] == .int(RebootTrait.softwareReset))
    }

    @Test func aDeviceWithoutABootReasonGetsNone() throws {
        let fulfillment = try TestFulfillment(devices: F.plug(bootReason: false))
        _ = try fulfillment.execute(G.group(["plug"], Self.reboot))
        let diagnostics = try #require(try fulfillment.storedDevice("plug")?.endpoints[0].cluster(.GeneralDiagnostics))
        #expect(diagnostics["BootReason"] == nil)
        #expect(diagnostics["RebootCount"] == .int(4))
    }

    @Test func theCommandNamesAreHearthsOnTheMatterClusters() {
        #expect(RebootTrait.hearthCommand == ClusterID.GeneralDiagnostics.rawValue + ".HearthReboot")
        #expect(
            SoftwareUpdateTrait.hearthCommand == ClusterID.OtaSoftwareUpdateRequestor.rawValue + ".HearthSoftwareUpdate"
        )
    }

    @Test func bothAreDeliveredAsHearthCommands() throws {
        let deliverer = RecordingDeliverer()
        let fulfillment = try DeliveringFulfillment(devices: F.plug(), deliverer: deliverer)
        #expect(try fulfillment.execute(G.group(["plug"], Self.reboot)).first?["status"] == "SUCCESS")
        #expect(try fulfillment.execute(G.group(["plug"], Self.softwareUpdate)).first?["status"] == "SUCCESS")
        let commands = deliverer.delivered.compactMap { $0.devices.first?.endpoints.first?.commands }
        #expect(
            commands == [
                [PlannedCommands.Command(command: RebootTrait.hearthCommand, arguments: JSONObject())],
                [PlannedCommands.Command(command: SoftwareUpdateTrait.hearthCommand, arguments: JSONObject())],
            ]
        )
    }

    @Test func theChangeLogRecordsTheHearthCommands() throws {
        let fulfillment = try TestFulfillment(devices: F.plug())
        let before = try fulfillment.store.changeBounds().latest
        _ = try fulfillment.execute(G.group(["plug"], Self.reboot))
        _ = try fulfillment.execute(G.group(["plug"], Self.softwareUpdate))
        let commands = try fulfillment.store.changes(after: before, limit: 10, users: nil, kinds: [.command])
        #expect(
            commands.map { $0.record.data["command"] }
                == [.string(RebootTrait.hearthCommand), .string(SoftwareUpdateTrait.hearthCommand)]
        )
    }
}
