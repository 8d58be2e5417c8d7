import Foundation
import Fulfillment
import HearthTestSupport
import JSON
import MatterModel
import SmartHomeProtocol
import Testing

/// Every answer Hearth gives for the example home and the catalogue examples (`Config/devices.json`,
/// `Config/appliances.json`, `Config/media.json`, `Config/security.json`), through the real dispatcher, passes
/// Google's published shapes (``ResponseShapeValidator``): SYNC for each user, QUERY of all their devices, and
/// EXECUTE of every command Hearth knows on all of them at once (most fail: a light has no Dock), once as Google
/// sends it, once with a key Google never sends, in strict and lenient mode.
struct ResponseShapeHomeTests {
    static let files = ["devices.json", "appliances.json", "media.json", "security.json"]

    static func text(_ name: String) throws -> String {
        let data = try #require(FileManager.default.contents(atPath: RepositoryRoot.config(name).path))
        return String(decoding: data, as: UTF8.self)
    }

    /// Parameters of the shape Google sends, one sample per command.
    static func sampleParams(_ command: Command) -> JSONValue {
        switch command {
        case .onOff: ["on": true]
        case .brightnessAbsolute: ["brightness": 40]
        case .brightnessRelative: ["brightnessRelativePercent": 10]
        case .colorAbsolute: ["color": ["temperature": 3000]]
        case .startStop: ["start": true]
        case .pauseUnpause: ["pause": true]
        case .setFanSpeed: ["fanSpeedPercent": 50]
        case .setFanSpeedRelative: ["fanSpeedRelativePercent": 10]
        case .thermostatTemperatureSetpoint: ["thermostatTemperatureSetpoint": 21]
        case .thermostatTemperatureSetRange:
            ["thermostatTemperatureSetpointLow": 19, "thermostatTemperatureSetpointHigh": 25]
        case .thermostatSetMode: ["thermostatMode": "heat"]
        case .temperatureRelative: ["thermostatTemperatureRelativeDegree": 1]
        case .openClose: ["openPercent": 50]
        case .openCloseRelative: ["openRelativePercent": 10]
        case .lockUnlock: ["lock": true]
        case .setVolume: ["volumeLevel": 30]
        case .volumeRelative: ["relativeSteps": 100]
        case .mute: ["mute": true]
        case .charge: ["charge": true]
        case .setModes: ["updateModeSettings": ["mode": "value"]]
        case .setToggles: ["updateToggleSettings": ["toggle": true]]
        case .setTemperature: ["temperature": 60]
        case .timerStart, .timerAdjust: ["timerTimeSec": 60]
        case .cook: ["start": true]
        case .locate: ["silence": false]
        case .mediaSeekRelative: ["relativePositionMs": 10000]
        case .mediaSeekToPosition: ["absPositionMs": 10000]
        case .mediaRepeatMode: ["isOn": true]
        case .mediaClosedCaptioningOn: ["closedCaptioningLanguage": "en"]
        case .setInput: ["newInput": "hdmi1"]
        case .selectChannel: ["channelNumber": "1"]
        case .relativeChannel: ["relativeChannelChange": 1]
        case .appInstall, .appSearch, .appSelect: ["newApplicationName": "YouTube"]
        case .getCameraStream: ["StreamToChromecast": false, "SupportedStreamProtocols": ["hls"]]
        case .armDisarm: ["arm": true]
        case .dispense: ["item": "water", "amount": 1, "unit": "CUPS"]
        case .fill: ["fill": true]
        case .colorLoop, .sleep, .wake: ["duration": 600]
        case .enableDisableGuestNetwork: ["enable": true]
        case .enableDisableNetworkProfile: ["profile": "kids", "enable": false]
        case .testNetworkSpeed: ["testDownloadSpeed": true, "testUploadSpeed": false]
        case .rotateAbsolute: ["rotationPercent": 50]
        case .activateScene: ["deactivate": false]
        case .dock, .timerPause, .timerResume, .timerCancel, .mediaStop, .mediaNext, .mediaPrevious, .mediaPause,
            .mediaResume, .mediaShuffle, .mediaClosedCaptioningOff, .nextInput, .previousInput, .returnChannel,
            .getGuestNetworkPassword, .reboot, .softwareUpdate, .stopEffect:
            [:]
        }
    }

    /// The same parameters with a key Google never sends.
    static func withUnexpectedKey(_ params: JSONValue) -> JSONValue {
        guard var object = params.objectValue else { return params }
        object["unexpected"] = 1
        return .object(object)
    }

    static func expectValid(_ violations: [ResponseViolation], _ what: @autoclosure () -> String) {
        #expect(violations.isEmpty, "\(what()): \(violations.map(\.description))")
    }

    @Test(arguments: files, [ValidationMode.strict, .lenient])
    func everyAnswerHasGooglesShape(file: String, mode: ValidationMode) throws {
        let text = try Self.text(file)
        let fulfillment = try TestFulfillment(devices: text, options: FulfillmentOptions(validationMode: mode))
        var executed = 0
        for user in try DeviceFile.parse(text).users {
            let ids = user.devices.map(\.id)
            let sync = try fulfillment.sync(as: user.agentUserId)
            Self.expectValid(ResponseShapeValidator.violations(inSync: sync.body), "\(file) SYNC")
            let query = try fulfillment.send(GoogleRequest.query(ids), as: user.agentUserId)
            Self.expectValid(ResponseShapeValidator.violations(inQuery: query.body), "\(file) QUERY")
            for command in Command.allCases {
                let short = String(command.rawValue.dropFirst("action.devices.commands.".count))
                let params = Self.sampleParams(command)
                for sent in [params, Self.withUnexpectedKey(params)] {
                    let reply = try fulfillment.send(
                        GoogleRequest.execute([GoogleRequest.group(ids, GoogleRequest.step(short, sent))]),
                        as: user.agentUserId
                    )
                    Self.expectValid(
                        ResponseShapeValidator.violations(inExecute: reply.body),
                        "\(file) EXECUTE \(short) \(sent)"
                    )
                    executed += 1
                }
            }
            // QUERY again after every command has run: the changed states keep Google's shape.
            let after = try fulfillment.send(GoogleRequest.query(ids), as: user.agentUserId)
            Self.expectValid(ResponseShapeValidator.violations(inQuery: after.body), "\(file) QUERY after EXECUTE")
        }
        #expect(executed >= 2 * Command.allCases.count)
    }

    /// The sweep reaches failures too: a light asked to dock answers an error, whose entry still has Google's keys
    /// only, the explanation in the payload's `debugString`.
    @Test func failuresAreCoveredAndExplainedAtThePayload() throws {
        let fulfillment = try TestFulfillment(devices: try Self.text("devices.json"))
        let reply = try fulfillment.send(
            GoogleRequest.execute([GoogleRequest.group(["hallway"], GoogleRequest.step("Dock", [:]))]),
            as: "demo-user"
        )
        let entry = try #require(reply.body["payload"]?["commands"]?.arrayValue?.first)
        #expect(entry["errorCode"] == "functionNotSupported")
        #expect(entry["debugString"] == nil)
        let explanation = try #require(reply.body["payload"]?["debugString"]?.stringValue)
        #expect(explanation.hasPrefix("hallway: "))
        // The request's log line carries the same explanation as its reason.
        #expect(reply.summary.reason == explanation)
        #expect(ResponseShapeValidator.violations(inExecute: reply.body).isEmpty)
    }

    /// `StartStop {"start": true}` on the living-room blinds (their StartStop only stops), beside a light that turns
    /// on: the blinds' entry is Google's keys only, its reason in the payload's `debugString`; the same through a
    /// device backend (webhook delivery), where the refused device never reaches the backend.
    @Test func theBlindsRefusalIsExplainedAtThePayloadInBothModes() throws {
        let text = try Self.text("devices.json")
        let request = GoogleRequest.execute([
            GoogleRequest.group(["living-room-blinds"], GoogleRequest.step("StartStop", ["start": true])),
            GoogleRequest.group(["hallway"], GoogleRequest.onOff(true)),
        ])
        let registry = try TestFulfillment(devices: text).send(request, as: "demo-user").body
        let deliverer = RecordingDeliverer()
        let delivering = try DeliveringFulfillment(devices: text, deliverer: deliverer)
        let webhook = try JSONParser.parse(
            delivering.dispatcher.handle(body: Array(request.description.utf8), agentUserId: "demo-user").body
        )
        for body in [registry, webhook] {
            #expect(ResponseShapeValidator.violations(inExecute: body).isEmpty, "\(body)")
            let entries = body["payload"]?["commands"]?.arrayValue ?? []
            let blinds = try #require(entries.first { $0["ids"] == ["living-room-blinds"] }, "\(body)")
            #expect(blinds["status"] == "ERROR")
            #expect(blinds["debugString"] == nil)
            #expect(entries.first { $0["ids"] == ["hallway"] }?["status"] == "SUCCESS", "\(body)")
            let explanation = body["payload"]?["debugString"]?.stringValue ?? ""
            #expect(explanation.hasPrefix("living-room-blinds: "), "\(body)")
            #expect(!explanation.contains("hallway"), "\(body)")
        }
        #expect(deliverer.delivered.flatMap(\.devices).map(\.id) == ["hallway"])
    }
}
