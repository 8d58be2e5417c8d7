import Foundation
import JSON
import MatterModel
import Registry
import SmartHomeProtocol
import Testing

@testable import Fulfillment

/// The router of `Config/security.json` through the real handlers: an Aggregator whose manufacturer cluster is
/// declared with `"googleTrait": "NetworkControl"` and `"googleType": "ROUTER"`, with General Diagnostics (Reboot) and
/// an OTA requestor (SoftwareUpdate); SYNC's capabilities, QUERY's network states, the four commands, their errors,
/// their delivery as `AcmeRouter.<Command>`, the PIN Google requires for a ROUTER's Reboot, SoftwareUpdate and
/// NetworkControl, and Google's response shapes.
struct RouterTests {
    typealias G = GoogleRequest

    static let pin = "1357"

    /// One step of `command` with the router's PIN (or none).
    static func step(_ command: String, _ params: JSONValue, pin: String? = RouterTests.pin) -> JSONValue {
        guard var object = G.step(command, params).objectValue else { return G.step(command, params) }
        if let pin { object.append("challenge", .object(JSONObject([("pin", .string(pin))]))) }
        return .object(object)
    }

    static func run(
        _ fulfillment: TestFulfillment,
        _ command: String,
        _ params: JSONValue = [:],
        pin: String? = RouterTests.pin
    ) throws -> JSONValue? {
        try fulfillment.execute(G.group(["home-router"], Self.step(command, params, pin: pin))).first
    }

    @Test func syncListsTheRouterWithItsCapabilities() throws {
        let fulfillment = try TestFulfillment(devices: try SecuritySystemTests.file())
        let router = try #require(try fulfillment.syncDevice("home-router"))
        #expect(router["type"] == "action.devices.types.ROUTER")
        #expect(
            router["traits"] == [
                "action.devices.traits.NetworkControl", "action.devices.traits.Reboot",
                "action.devices.traits.SoftwareUpdate",
            ]
        )
        #expect(
            router["attributes"] == [
                "supportsEnablingGuestNetwork": true, "supportsDisablingGuestNetwork": true,
                "supportsGettingGuestNetworkPassword": true, "networkProfiles": ["Kids"],
                "supportsEnablingNetworkProfile": true, "supportsDisablingNetworkProfile": true,
                "supportsNetworkDownloadSpeedTest": true, "supportsNetworkUploadSpeedTest": true,
            ]
        )
        let sync = try fulfillment.sync()
        #expect(ResponseShapeValidator.violations(inSync: sync.body).isEmpty)
        let payload = try #require(sync.body["payload"]?.objectValue)
        #expect(SyncValidator.violations(inPayload: payload).isEmpty)
    }

    @Test func queryReportsTheNetworkAndNeverThePassword() throws {
        let fulfillment = try TestFulfillment(devices: try SecuritySystemTests.file())
        let reply = try fulfillment.send(G.query(["home-router"]))
        #expect(ResponseShapeValidator.violations(inQuery: reply.body).isEmpty)
        let states = try #require(reply.body["payload"]?["devices"]?["home-router"])
        #expect(states["networkEnabled"] == true)
        #expect(states["networkSettings"] == ["ssid": "acme-home"])
        #expect(states["guestNetworkEnabled"] == false)
        #expect(states["guestNetworkSettings"] == ["ssid": "acme-guest"])
        #expect(states["numConnectedDevices"] == 12)
        #expect(states["networkUsageMB"] == 5120)
        #expect(states["networkUsageUnlimited"] == true)
        #expect(states["networkUsageLimitMB"] == nil)
        #expect(
            states["lastNetworkDownloadSpeedTest"]
                == ["downloadSpeedMbps": .number("35.1"), "unixTimestampSec": 1_764_000_000, "status": "SUCCESS"]
        )
        #expect(states["lastNetworkUploadSpeedTest"]?["uploadSpeedMbps"] == .number("9.5"))
        #expect(states["networkSpeedTestInProgress"] == false)
        #expect(states["networkProfilesState"] == ["Kids": ["enabled": true]])
        #expect(states["guestNetworkPassword"] == nil)
        #expect(!reply.body.description.contains("welcome-friends"))
    }

    @Test func megabitsAreExact() {
        #expect(NetworkControlTrait.megabitsPerSecond(kilobitsPerSecond: 35_100) == .number("35.1"))
        #expect(NetworkControlTrait.megabitsPerSecond(kilobitsPerSecond: 1) == .number("0.001"))
        #expect(NetworkControlTrait.megabitsPerSecond(kilobitsPerSecond: 100_000) == .int(100))
        #expect(NetworkControlTrait.megabitsPerSecond(kilobitsPerSecond: 1_250) == .number("1.25"))
        #expect(NetworkControlTrait.megabitsPerSecond(kilobitsPerSecond: 0) == .int(0))
    }

    @Test func guestNetworkAndProfilesChangeAndAreDelivered() throws {
        let fulfillment = try TestFulfillment(devices: try SecuritySystemTests.file())
        let before = try fulfillment.store.changeBounds().latest
        let guest = try Self.run(fulfillment, "EnableDisableGuestNetwork", ["enable": true])
        #expect(guest?["status"] == "SUCCESS")
        #expect(guest?["states"]?["guestNetworkEnabled"] == true)
        let kids = try Self.run(fulfillment, "EnableDisableNetworkProfile", ["profile": "Kids", "enable": false])
        #expect(kids?["states"]?["networkProfilesState"] == ["Kids": ["enabled": false]])
        #expect(
            try Self.run(fulfillment, "EnableDisableNetworkProfile", ["profile": "Gaming", "enable": true])?[
                "errorCode"
            ] == "networkProfileNotRecognized"
        )
        let commands = try fulfillment.store.changes(after: before, limit: 10, users: nil, kinds: [.command])
        #expect(
            commands.map { $0.record.data["command"] } == [
                "AcmeRouter.EnableDisableGuestNetwork", "AcmeRouter.EnableDisableNetworkProfile",
            ]
        )
        #expect(commands.first?.record.data["arguments"] == ["Enable": true])
        #expect(commands.last?.record.data["arguments"] == ["Profile": "Kids", "Enable": false])
    }

    @Test func thePasswordIsAnsweredOnlyToItsCommandWithThePIN() throws {
        let fulfillment = try TestFulfillment(devices: try SecuritySystemTests.file())
        let asked = try Self.run(fulfillment, "GetGuestNetworkPassword", pin: nil)
        #expect(asked?["errorCode"] == "challengeNeeded")
        #expect(asked?["challengeNeeded"] == ["type": "pinNeeded"])
        #expect(asked?["states"] == nil)
        let wrong = try Self.run(fulfillment, "GetGuestNetworkPassword", pin: "0000")
        #expect(wrong?["challengeNeeded"] == ["type": "challengeFailedPinNeeded"])
        let reply = try fulfillment.send(
            G.execute([G.group(["home-router"], Self.step("GetGuestNetworkPassword", [:]))])
        )
        #expect(ResponseShapeValidator.violations(inExecute: reply.body).isEmpty)
        let answer = reply.body["payload"]?["commands"]?.arrayValue?.first
        #expect(answer?["status"] == "SUCCESS")
        #expect(answer?["states"]?["guestNetworkPassword"] == "welcome-friends")
        #expect(answer?["states"]?["online"] == true)
        // Another NetworkControl command answers no password.
        let guest = try Self.run(fulfillment, "EnableDisableGuestNetwork", ["enable": true])
        #expect(guest?["states"]?["guestNetworkPassword"] == nil)
    }

    /// With a device backend the password is still answered (the registry's, which the backend keeps current), and
    /// a guest network change is delivered as the manufacturer's command.
    @Test func aDeliveredExecuteAnswersThePasswordToo() throws {
        let deliverer = RecordingDeliverer()
        let fulfillment = try DeliveringFulfillment(devices: try SecuritySystemTests.file(), deliverer: deliverer)
        let password = try fulfillment.execute(G.group(["home-router"], Self.step("GetGuestNetworkPassword", [:])))
        #expect(password.first?["status"] == "SUCCESS")
        #expect(password.first?["states"]?["guestNetworkPassword"] == "welcome-friends")
        let guest = try fulfillment.execute(
            G.group(["home-router"], Self.step("EnableDisableGuestNetwork", ["enable": true]))
        )
        #expect(guest.first?["states"]?["guestNetworkEnabled"] == true)
        #expect(guest.first?["states"]?["guestNetworkPassword"] == nil)
        let sent = deliverer.delivered.flatMap { plan in
            plan.devices.flatMap { device in device.endpoints.flatMap { $0.commands.map(\.command) } }
        }
        #expect(sent.contains("AcmeRouter.EnableDisableGuestNetwork"))
    }

    @Test func aSpeedTestStartsOnceAndIsRefusedWhileItRuns() throws {
        let fulfillment = try TestFulfillment(devices: try SecuritySystemTests.file())
        let started = try Self.run(
            fulfillment,
            "TestNetworkSpeed",
            ["testDownloadSpeed": true, "testUploadSpeed": true, "followUpToken": "456"]
        )
        #expect(started?["status"] == "SUCCESS")
        #expect(started?["states"]?["networkSpeedTestInProgress"] == true)
        #expect(
            try Self.run(fulfillment, "TestNetworkSpeed", ["testDownloadSpeed": true, "testUploadSpeed": false])?[
                "errorCode"
            ] == "networkSpeedTestInProgress"
        )
        #expect(
            try Self.run(fulfillment, "TestNetworkSpeed", ["testDownloadSpeed": false, "testUploadSpeed": false])?[
                "errorCode"
            ] == "functionNotSupported"
        )
        #expect(try fulfillment.query("home-router")?["networkSpeedTestInProgress"] == true)
    }

    /// A ROUTER's commands that need its PIN, with parameters Google sends.
    static let guarded: [(String, JSONValue)] = [
        ("Reboot", [:]), ("SoftwareUpdate", [:]), ("EnableDisableGuestNetwork", ["enable": true]),
        ("GetGuestNetworkPassword", [:]), ("TestNetworkSpeed", ["testDownloadSpeed": true, "testUploadSpeed": false]),
    ]

    /// Google's Secondary User Verification page: "Reboot, SoftwareUpdate, or NetworkControl trait when the device
    /// type is NETWORK or ROUTER" needs pinNeeded. A router without a PIN refuses them all, as a lock without one
    /// refuses to unlock, and `devices validate` warns.
    @Test(arguments: RouterTests.guarded)
    func aRoutersCommandsNeedThePIN(command: String, params: JSONValue) throws {
        let fulfillment = try TestFulfillment(devices: try SecuritySystemTests.file())
        #expect(try Self.run(fulfillment, command, params, pin: nil)?["challengeNeeded"] == ["type": "pinNeeded"])
        #expect(try Self.run(fulfillment, command, params)?["status"] == "SUCCESS")

        let without = try SecuritySystemTests.file().replacingOccurrences(
            of: #""challenge": {"pin": "1357"},"#,
            with: ""
        )
        let open = try TestFulfillment(devices: without)
        #expect(try Self.run(open, command, params, pin: nil)?["errorCode"] == "remoteSetDisabled")
        let device = try #require(try open.storedDevice("home-router"))
        let validation = DeviceValidation(device: device, willReportState: true)
        #expect(validation.warnings.map(\.path) == ["challenge"])
        #expect(validation.problems.isEmpty)
    }

    /// The same commands on a device that is not a router (the maintenance example's plug) ask for nothing.
    @Test func aPlugsRebootNeedsNoPIN() {
        #expect(!SecondaryUserVerification.requiresPIN(.reboot, params: JSONObject(), type: .outlet))
        #expect(SecondaryUserVerification.requiresPIN(.reboot, params: JSONObject(), type: .router))
        #expect(SecondaryUserVerification.requiresPIN(.softwareUpdate, params: JSONObject(), type: .network))
        #expect(SecondaryUserVerification.requiresPIN(.testNetworkSpeed, params: JSONObject(), type: .router))
        #expect(!SecondaryUserVerification.requiresPIN(.onOff, params: JSONObject(), type: .router))
    }

    /// `"ack"` with `fulfillment.allowAckUnlock` on would reboot a router on a spoken yes: a problem for validate;
    /// with it off, the ack refuses (remoteSetDisabled) and validate warns.
    @Test func anAckRouterIsRefusedAndFlagged() throws {
        let text = try SecuritySystemTests.file().replacingOccurrences(
            of: #""challenge": {"pin": "1357"}"#,
            with: #""challenge": "ack""#
        )
        let fulfillment = try TestFulfillment(devices: text)
        #expect(try Self.run(fulfillment, "Reboot", pin: nil)?["errorCode"] == "remoteSetDisabled")
        let device = try #require(try fulfillment.storedDevice("home-router"))
        #expect(DeviceValidation(device: device, willReportState: true, allowAckUnlock: true).problems.count == 1)
        #expect(DeviceValidation(device: device, willReportState: true).warnings.count == 1)
    }
}
