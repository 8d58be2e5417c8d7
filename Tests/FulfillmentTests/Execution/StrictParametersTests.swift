import Foundation
import HearthTestSupport
import JSON
import PropertyBased
import SmartHomeProtocol
import Testing

@testable import Fulfillment

/// Parameters Google never sends: with strict operation validation a `params` key outside the command's schema is
/// refused with `notSupported` before the trait runs; lenient mode ignores it. An `openDirection` outside Google's
/// enum is refused in both modes.
struct StrictParametersTests {
    typealias G = GoogleRequest

    /// The example home (`Config/devices.json`): its hallway light and living-room blinds.
    static let user = "demo-user"

    static func fulfillment(_ mode: ValidationMode) throws -> TestFulfillment {
        let data = try #require(FileManager.default.contents(atPath: RepositoryRoot.config("devices.json").path))
        return try TestFulfillment(
            devices: String(decoding: data, as: UTF8.self),
            options: FulfillmentOptions(validationMode: mode)
        )
    }

    /// Any key outside the command's table is refused in strict mode and let through in lenient mode, for every
    /// command.
    @Test func anyKeyOutsideTheTableIsRefusedInStrictMode() async {
        await propertyCheck(count: 1000, input: Gen<Command>.case, Gen.letterOrNumber.string(of: 0...12)) {
            command,
            key in
            let allowed = CommandParameterSchema.allowedKeys(for: command)
            let params = CommandParameters(params: JSONObject([(key, .int(1))]), command: command)
            if allowed.contains(key) {
                #expect(throws: Never.self) { try params.checkKeys(mode: .strict) }
            } else {
                let error = #expect(throws: CommandError.self) { try params.checkKeys(mode: .strict) }
                #expect(error?.code == .notSupported)
                #expect(error?.reason.contains("params.\(key)") == true)
            }
            #expect(throws: Never.self) { try params.checkKeys(mode: .lenient) }
        }
    }

    /// Every key in the table passes strict mode, for every command, all of them at once.
    @Test func everyKeyInTheTablePasses() throws {
        for command in Command.allCases {
            let keys = CommandParameterSchema.allowedKeys(for: command).map { ($0, JSONValue.int(1)) }
            let params = CommandParameters(params: JSONObject(keys), command: command)
            #expect(throws: Never.self, "\(command)") { try params.checkKeys(mode: .strict) }
        }
    }

    /// `OnOff {"on": true, "unexpected": 1}`: strict refuses it and changes nothing; lenient turns the light on.
    @Test func onOffWithAnUnexpectedKey() throws {
        let step = G.step("OnOff", ["on": true, "unexpected": 1])
        let strict = try Self.fulfillment(.strict)
        let before = try strict.query("hallway", as: Self.user)?["on"]
        #expect(
            try strict.execute(G.group(["hallway"], step), as: Self.user) == [
                ["ids": ["hallway"], "status": "ERROR", "errorCode": "notSupported"]
            ]
        )
        #expect(try strict.query("hallway", as: Self.user)?["on"] == before)
        let lenient = try Self.fulfillment(.lenient)
        let results = try lenient.execute(G.group(["hallway"], step), as: Self.user)
        #expect(results.first?["status"] == "SUCCESS")
        #expect(try lenient.query("hallway", as: Self.user)?["on"] == true)
    }

    /// `OpenClose {"openPercent": 50, "openDirection": "SIDEWAYS"}` is refused in both modes; a direction on
    /// Google's list is taken.
    @Test(arguments: [ValidationMode.strict, .lenient])
    func openCloseWithAnUnknownDirection(mode: ValidationMode) throws {
        let fulfillment = try Self.fulfillment(mode)
        let sideways = G.step("OpenClose", ["openPercent": 50, "openDirection": "SIDEWAYS"])
        #expect(
            try fulfillment.execute(G.group(["living-room-blinds"], sideways), as: Self.user) == [
                ["ids": ["living-room-blinds"], "status": "ERROR", "errorCode": "notSupported"]
            ]
        )
        let down = G.step("OpenClose", ["openPercent": 50, "openDirection": "DOWN"])
        #expect(
            try fulfillment.execute(G.group(["living-room-blinds"], down), as: Self.user).first?["status"] == "SUCCESS"
        )
    }

    /// The refusal explains itself at the payload level, naming the key and what the command takes.
    @Test func theRefusalIsExplained() throws {
        let reply = try Self.fulfillment(.strict).send(
            G.execute([G.group(["hallway"], G.step("OnOff", ["on": true, "unexpected": 1]))]),
            as: Self.user
        )
        let explanation = reply.body["payload"]?["debugString"]?.stringValue ?? ""
        #expect(explanation.contains("hallway: params.unexpected is not a parameter of action.devices.commands.OnOff"))
        #expect(explanation.contains("(it takes on)"))
    }
}
