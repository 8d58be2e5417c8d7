import Fulfillment
import JSON
import SmartHomeProtocol
import Testing

/// Every intent's answer carries its ``IntentSummary``: intent, requestId, user, outcome, error codes, devices and,
/// for EXECUTE, each command's outcome.
struct IntentSummaryTests {
    typealias G = GoogleRequest

    @Test func syncCountsTheUsersDevices() throws {
        let fulfillment = try TestFulfillment()
        let summary = try fulfillment.sync(requestId: "s-1").summary
        #expect(summary.intent == .sync)
        #expect(summary.requestId == "s-1")
        #expect(summary.agentUserId == Fixtures.alice)
        #expect(summary.outcome == .success)
        #expect(summary.deviceCount > 0)
        #expect(summary.errorCodes.isEmpty)
    }

    @Test func queryCountsDeviceFailures() throws {
        let fulfillment = try TestFulfillment()
        let ok = try fulfillment.send(G.query(["hall", "plug"])).summary
        #expect(ok.outcome == .success && ok.deviceCount == 2 && ok.errorCodes.isEmpty)
        let mixed = try fulfillment.send(G.query(["hall", "porch", "nope", "hall"])).summary
        #expect(mixed.outcome == .partial)
        #expect(mixed.deviceCount == 3, "distinct ids")
        #expect(mixed.errorCodes == [.deviceNotFound, .deviceOffline])
        // The second time every entry comes from the answer cache, with the error it reports.
        let cached = try fulfillment.send(G.query(["hall", "porch", "nope", "hall"])).summary
        #expect(cached.outcome == .partial && cached.deviceCount == 3)
        #expect(cached.errorCodes == [.deviceNotFound, .deviceOffline])
        let offline = try fulfillment.send(G.query(["porch"])).summary
        #expect(offline.outcome == .error && offline.errorCodes == [.deviceOffline])
        let failed = try fulfillment.send(G.query(["nope"])).summary
        #expect(failed.outcome == .error && failed.errorCodes == [.deviceNotFound])
    }

    @Test func executeGivesEachCommandItsDevicesOutcome() throws {
        let fulfillment = try TestFulfillment()
        let reply = try fulfillment.send(
            G.execute([
                G.group(["hall", "porch"], G.onOff(true)),
                G.group(["nope"], G.onOff(false), G.brightnessAbsolute(.int(40))),
            ])
        )
        let summary = reply.summary
        #expect(summary.intent == .execute)
        #expect(summary.requestId == "execute-1")
        #expect(summary.outcome == .partial)
        #expect(summary.deviceCount == 3)
        #expect(summary.errorCodes == [.deviceNotFound, .deviceOffline])
        #expect(summary.transactionDuration != nil)
        #expect(
            summary.commands == [
                .init(command: Command.onOff.rawValue, status: .success),
                .init(command: Command.onOff.rawValue, status: .error, errorCode: .deviceOffline),
                .init(command: Command.onOff.rawValue, status: .error, errorCode: .deviceNotFound),
                .init(command: Command.brightnessAbsolute.rawValue, status: .error, errorCode: .deviceNotFound),
            ]
        )
        let allFailed = try fulfillment.send(G.execute([G.group(["porch"], G.onOff(true))])).summary
        #expect(allFailed.outcome == .error)
        let allWorked = try fulfillment.send(G.execute([G.group(["hall"], G.onOff(false))])).summary
        #expect(allWorked.outcome == .success && allWorked.errorCodes.isEmpty)
    }

    @Test func theWebhookPathsPendingResultsSummarizeAsPending() throws {
        let request = ExecuteRequest(commands: [
            .init(devices: [.init(id: "a"), .init(id: "b")], execution: [.init(commandName: Command.onOff.rawValue)]),
            .init(devices: [.init(id: "c")], execution: [.init(commandName: "action.devices.commands.Made_Up")]),
        ])
        let pending = IntentSummary.execute(
            requestId: "r",
            results: [
                ExecuteResult(ids: ["a", "c"], status: .pending), ExecuteResult(ids: ["b"], status: .success),
            ],
            request: request
        )
        #expect(pending.outcome == .pending)
        #expect(pending.commands.map(\.command) == [Command.onOff.rawValue, Command.onOff.rawValue, "unknown"])
    }

    /// Past 32 result ids the outcomes are looked up in a dictionary rather than by a scan: both ways give each id
    /// its first result, count each device once across groups, and fall back to `deviceNotFound`.
    @Test(arguments: [4, 40]) func eachIdTakesItsFirstResultHoweverManyThereAre(count: Int) throws {
        let ids = (0..<count).map { "d\($0)" }
        let request = ExecuteRequest(commands: [
            .init(devices: ids.map { .init(id: $0) } + [.init(id: ids[0])], execution: [.init(commandName: "OnOff")]),
            .init(devices: [.init(id: ids[1]), .init(id: "unknown")], execution: [.init(commandName: "OnOff")]),
        ])
        let summary = IntentSummary.execute(
            requestId: "r",
            results: [
                ExecuteResult(ids: Array(ids.dropFirst(2)), status: .success),
                ExecuteResult(ids: [ids[0]], status: .offline, errorCode: .deviceOffline),
                ExecuteResult(ids: [ids[1]], status: .pending),
                ExecuteResult(ids: [ids[0], ids[2]], status: .error, errorCode: .hardError),  // not their first
            ],
            request: request
        )
        #expect(summary.deviceCount == count + 1)
        #expect(summary.outcome == .partial)
        #expect(summary.errorCodes == [.deviceOffline, .hardError])
        #expect(summary.commands.count == count + 2, "a device named twice in one group counts once there")
        #expect(summary.commands[0].status == .offline && summary.commands[0].errorCode == .deviceOffline)
        #expect(summary.commands[1].status == .pending && summary.commands[2].status == .success)
        #expect(summary.commands[count].status == .pending, "the second group's first device")
        #expect(
            summary.commands[count + 1].status == .error && summary.commands[count + 1].errorCode == .deviceNotFound
        )
    }

    @Test func refusalsSayWhyAndUseTheProtocolsCodes() throws {
        let fulfillment = try TestFulfillment()
        let notJSON = try fulfillment.send(bytes: Array("{nope".utf8))
        #expect(notJSON.status == 400)
        #expect(notJSON.summary.outcome == .protocolError && notJSON.summary.reason != nil)
        #expect(notJSON.summary.intent == nil)
        let unknown = try fulfillment.send(["requestId": "u", "inputs": [["intent": "action.devices.NOPE"]]])
        #expect(unknown.summary.outcome == .protocolError)
        #expect(unknown.summary.reason == "unknown intent action.devices.NOPE")
        #expect(unknown.summary.intentLabel == "unknown")
        let badPayload = try fulfillment.send(
            ["requestId": "p", "inputs": [["intent": "action.devices.QUERY", "payload": ["devices": "hall"]]]]
        )
        #expect(badPayload.summary.intent == .query && badPayload.summary.outcome == .protocolError)
        #expect(badPayload.summary.errorCodes == [.protocolError])
    }

    @Test func disconnectSaysHowManyTokensItRevoked() throws {
        let fulfillment = try TestFulfillment()
        let summary = try fulfillment.send(G.disconnect()).summary
        #expect(summary.intent == .disconnect && summary.outcome == .success)
        #expect(summary.revokedTokens == 0)
        #expect(summary.transactionDuration != nil)
    }
}
