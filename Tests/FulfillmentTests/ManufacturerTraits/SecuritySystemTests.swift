import Clocks
import Foundation
import HearthFakes
import HearthTestSupport
import JSON
import Logging
import MatterModel
import Registry
import RegistrySQLite
import SmartHomeProtocol
import Testing

@testable import Fulfillment

/// A security panel from `Config/security.json` through the real handlers: a manufacturer cluster declared with
/// `"googleTrait": "ArmDisarm"` and `"googleType": "SECURITYSYSTEM"` makes an Aggregator (no Google type of its own)
/// a SECURITYSYSTEM with ArmDisarm, and one with `"googleTrait": "StatusReport"` adds StatusReport; arming,
/// disarming (with its PIN), cancelling and their errors, and the change log's Matter command.
struct SecuritySystemTests {
    typealias G = GoogleRequest

    /// `Config/security.json` as text, with its user renamed to the tests' user.
    static func file() throws -> String {
        let data = try #require(FileManager.default.contents(atPath: RepositoryRoot.config("security.json").path))
        return String(decoding: data, as: UTF8.self).replacingOccurrences(of: "demo-user", with: Fixtures.alice)
    }

    static func arm(_ params: JSONValue, pin: String? = nil) -> JSONValue {
        var step = JSONObject()
        step.append("command", .string("action.devices.commands.ArmDisarm"))
        step.append("params", params)
        if let pin { step.append("challenge", .object(JSONObject([("pin", .string(pin))]))) }
        return .object(step)
    }

    @Test func syncListsThePanelAsASecuritySystemWithItsLevels() throws {
        let fulfillment = try TestFulfillment(devices: try Self.file())
        let panel = try #require(try fulfillment.syncDevice("security-panel"))
        #expect(panel["type"] == "action.devices.types.SECURITYSYSTEM")
        #expect(panel["traits"] == ["action.devices.traits.ArmDisarm", "action.devices.traits.StatusReport"])
        let levels = try #require(panel["attributes"]?["availableArmLevels"])
        #expect(levels["ordered"] == true)
        #expect(
            levels["levels"]?.arrayValue?.first
                == [
                    "level_name": "home",
                    "level_values": [["level_synonym": ["home and guarding", "stay"], "lang": "en"]],
                ]
        )
        #expect(
            levels["levels"]?.arrayValue?.compactMap { $0["level_name"]?.stringValue } == ["home", "away", "night"]
        )
        let payload = try #require(try fulfillment.sync().body["payload"]?.objectValue)
        #expect(SyncValidator.violations(inPayload: payload).isEmpty)
        // The sensor beside it is its own device, as Google's StatusReport page asks.
        #expect(try fulfillment.syncDevice("back-window")?["type"] == "action.devices.types.SENSOR")
    }

    @Test func queryReportsArmStateAndTheStatusReport() throws {
        let fulfillment = try TestFulfillment(devices: try Self.file())
        let states = try #require(try fulfillment.query("security-panel"))
        #expect(states["isArmed"] == false)
        #expect(states["currentArmLevel"] == "home")
        #expect(states["exitAllowance"] == nil)
        #expect(
            states["currentStatusReport"]
                == [["blocking": false, "deviceTarget": "back-window", "priority": 1, "statusCode": "deviceOpen"]]
        )
    }

    @Test func armingStartsTheExitAllowanceAndNeedsNoPIN() throws {
        let fulfillment = try TestFulfillment(devices: try Self.file())
        let before = try fulfillment.store.changeBounds().latest
        let armed = try fulfillment.execute(G.group(["security-panel"], Self.arm(["arm": true, "armLevel": "away"])))
        #expect(
            armed == [
                [
                    "ids": ["security-panel"], "status": "SUCCESS",
                    "states": ["isArmed": true, "currentArmLevel": "away", "exitAllowance": 60, "online": true],
                ]
            ]
        )
        let commands = try fulfillment.store.changes(after: before, limit: 10, users: nil, kinds: [.command])
        #expect(commands.map { $0.record.data["command"] } == ["AcmeSecurityPanel.ArmDisarm"])
        #expect(commands.first?.record.data["arguments"] == ["Arm": true, "ArmLevel": "away"])
        // Arming again at the same level, or with no level, is alreadyArmed.
        for params: JSONValue in [["arm": true, "armLevel": "away"], ["arm": true]] {
            #expect(
                try fulfillment.execute(G.group(["security-panel"], Self.arm(params))).first?["errorCode"]
                    == "alreadyArmed"
            )
        }
        // Another level while armed: no new exit allowance.
        let night = try fulfillment.execute(G.group(["security-panel"], Self.arm(["arm": true, "armLevel": "night"])))
        #expect(night.first?["states"]?["currentArmLevel"] == "night")
        #expect(night.first?["states"]?["exitAllowance"] == nil)
    }

    @Test func anUnknownLevelIsNotSupported() throws {
        let fulfillment = try TestFulfillment(devices: try Self.file())
        #expect(
            try fulfillment.execute(G.group(["security-panel"], Self.arm(["arm": true, "armLevel": "vacation"])))
                .first?["errorCode"] == "notSupported"
        )
        #expect(try fulfillment.query("security-panel")?["isArmed"] == false)
    }

    @Test func disarmingNeedsThePINAndThenWorks() throws {
        let fulfillment = try TestFulfillment(devices: try Self.file())
        _ = try fulfillment.execute(G.group(["security-panel"], Self.arm(["arm": true])))
        let asked = try fulfillment.execute(G.group(["security-panel"], Self.arm(["arm": false])))
        #expect(asked.first?["errorCode"] == "challengeNeeded")
        #expect(asked.first?["challengeNeeded"] == ["type": "pinNeeded"])
        let wrong = try fulfillment.execute(G.group(["security-panel"], Self.arm(["arm": false], pin: "1111")))
        #expect(wrong.first?["challengeNeeded"] == ["type": "challengeFailedPinNeeded"])
        #expect(try fulfillment.query("security-panel")?["isArmed"] == true)
        let disarmed = try fulfillment.execute(G.group(["security-panel"], Self.arm(["arm": false], pin: "2468")))
        #expect(disarmed.first?["status"] == "SUCCESS")
        #expect(disarmed.first?["states"]?["isArmed"] == false)
        #expect(
            try fulfillment.execute(G.group(["security-panel"], Self.arm(["arm": false], pin: "2468")))
                .first?["errorCode"] == "alreadyDisarmed"
        )
    }

    @Test func cancellingDuringTheExitAllowanceDisarmsAndNeedsThePIN() throws {
        let fulfillment = try TestFulfillment(devices: try Self.file())
        _ = try fulfillment.execute(G.group(["security-panel"], Self.arm(["arm": true])))
        let cancel: JSONValue = ["arm": true, "cancel": true]
        #expect(
            try fulfillment.execute(G.group(["security-panel"], Self.arm(cancel))).first?["challengeNeeded"]
                == ["type": "pinNeeded"]
        )
        let cancelled = try fulfillment.execute(G.group(["security-panel"], Self.arm(cancel, pin: "2468")))
        #expect(cancelled.first?["states"]?["isArmed"] == false)
        #expect(
            try fulfillment.execute(G.group(["security-panel"], Self.arm(cancel, pin: "2468"))).first?["errorCode"]
                == "alreadyDisarmed"
        )
    }

    @Test func cancellingOnceArmedIsAlreadyArmed() {
        var state = ClusterState(["Armed": .bool(true), "ExitAllowanceSeconds": .int(0)])
        #expect(throws: CommandError.self) {
            try ArmDisarmTrait.apply(
                arm: true,
                cancel: true,
                level: nil,
                to: &state,
                declared: ["Armed", "ExitAllowanceSeconds"]
            )
        }
        #expect(state["Armed"] == .bool(true))
    }

    /// A panel without a PIN refuses to disarm, as a lock without one refuses to unlock.
    @Test func withoutAPINDisarmingIsRefused() throws {
        let text = try Self.file().replacingOccurrences(of: #""challenge": {"pin": "2468"},"#, with: "")
        let fulfillment = try TestFulfillment(devices: text)
        #expect(
            try fulfillment.execute(G.group(["security-panel"], Self.arm(["arm": true]))).first?["status"] == "SUCCESS"
        )
        #expect(
            try fulfillment.execute(G.group(["security-panel"], Self.arm(["arm": false]))).first?["errorCode"]
                == "remoteSetDisabled"
        )  // `hearth devices validate` warns, as it does for a lock without a PIN.
        let device = try #require(try fulfillment.storedDevice("security-panel"))
        let validation = DeviceValidation(device: device, willReportState: true)
        #expect(validation.warnings.map(\.path) == ["challenge"])
        #expect(validation.problems.isEmpty)
    }

    /// `"ack"` with `fulfillment.allowAckUnlock` on would disarm on a spoken yes: a problem for validate.
    @Test func anAckThatWouldDisarmIsAProblem() throws {
        let text = try Self.file().replacingOccurrences(
            of: #""challenge": {"pin": "2468"}"#,
            with: #""challenge": "ack""#
        )
        let fulfillment = try TestFulfillment(devices: text)
        let device = try #require(try fulfillment.storedDevice("security-panel"))
        #expect(DeviceValidation(device: device, willReportState: true, allowAckUnlock: true).problems.count == 1)
        #expect(DeviceValidation(device: device, willReportState: true).warnings.count == 1)
    }

    @Test func aMissingArmIsRefused() throws {
        let fulfillment = try TestFulfillment(devices: try Self.file())
        #expect(
            try fulfillment.execute(G.group(["security-panel"], Self.arm(["armLevel": "away"]))).first?["status"]
                == "ERROR"
        )
    }

    /// The statuses are the cluster's parallel lists, position by position; a missing entry takes Google's
    /// defaults (priority 0, not blocking) and an empty code is skipped.
    @Test func statusReportZipsTheLists() {
        let state = ClusterState([
            "StatusCodes": .list([.string("lowBattery"), .string(""), .string("deviceOpen")]),
            "StatusDeviceIds": .list([.string("panel")]),
            "StatusPriorities": .list([.int(0)]),
            "StatusBlocking": .list([.bool(true)]),
        ])
        let report = StatusReportTrait.report(state).map { JSONValue.object($0) }
        #expect(
            report == [
                ["blocking": true, "deviceTarget": "panel", "priority": 0, "statusCode": "lowBattery"],
                ["blocking": false, "priority": 0, "statusCode": "deviceOpen"],
            ]
        )
    }

    /// `commands.delivery: webhook`: arming reaches the manufacturer's backend as the cluster's own command, with
    /// the attributes it targets, and what the backend confirmed is committed.
    @Test func armingIsDeliveredToTheBackendAsTheClustersCommand() throws {
        let store = try SQLiteRegistry.inMemory()
        _ = try store.importDevices(try DeviceFile.parse(try Self.file()))
        let deliverer = RecordingDeliverer()
        let dispatcher = IntentDispatcher(
            store: store,
            options: FulfillmentOptions(),
            logger: Logger(label: "security-delivery", factory: { _ in SwiftLogNoOpLogHandler() }),
            clock: ManualClock(unixMilliseconds: 1_800_000_000_000),
            deliverer: deliverer
        )
        let request = G.execute([G.group(["security-panel"], Self.arm(["arm": true, "armLevel": "night"]))])
        let answer = dispatcher.handle(body: Array(request.description.utf8), agentUserId: Fixtures.alice)
        let body = try JSONParser.parse(answer.body)
        #expect(body["payload"]?["commands"]?.arrayValue?.first?["status"] == "SUCCESS")
        let endpoint = try #require(deliverer.delivered.first?.devices.first?.endpoints.first)
        #expect(endpoint.commands.map(\.command) == ["AcmeSecurityPanel.ArmDisarm"])
        #expect(endpoint.commands.first?.arguments == JSONObject([("Arm", true), ("ArmLevel", "night")]))
        #expect(endpoint.target["AcmeSecurityPanel"]?["Armed"] == true)
        #expect(endpoint.target["AcmeSecurityPanel"]?["ExitAllowanceSeconds"] == 60)
        let stored = try #require(try store.devices(forUser: Fixtures.alice, ids: ["security-panel"])["security-panel"])
        let cluster = try #require(ClusterID(rawValue: "AcmeSecurityPanel"))
        #expect(stored.endpoints[0].cluster(cluster)["ArmLevel"] == .string("night"))
    }
}
