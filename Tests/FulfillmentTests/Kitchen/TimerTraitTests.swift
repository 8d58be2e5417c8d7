import JSON
import MatterModel
import SmartHomeProtocol
import Testing

@testable import Fulfillment

/// Google Timer on a microwave (settable cook time) and on an oven cavity (a countdown to read).
struct TimerTraitTests {
    typealias G = GoogleRequest
    typealias K = KitchenFixtures

    static func start(_ seconds: JSONValue) -> JSONValue { G.step("TimerStart", ["timerTimeSec": seconds]) }
    static func adjust(_ seconds: JSONValue) -> JSONValue { G.step("TimerAdjust", ["timerTimeSec": seconds]) }
    static let pause = G.step("TimerPause", [:])
    static let resume = G.step("TimerResume", [:])
    static let cancel = G.step("TimerCancel", [:])

    @Test func microwaveSyncAndIdleQuery() throws {
        let fulfillment = try K.fulfillment(K.microwave())
        let device = try #require(try K.syncDevice(fulfillment, "microwave"))
        #expect(device["type"] == "action.devices.types.MICROWAVE")
        #expect(device["attributes"]?["maxTimerLimitSec"] == 3600)
        let states = try #require(try fulfillment.query("microwave"))
        #expect(states["timerRemainingSec"] == -1)
        #expect(states["timerPaused"] == false)
    }

    @Test func startRunsTheMicrowave() throws {
        let fulfillment = try K.fulfillment(K.microwave())
        let result = try K.run(fulfillment, "microwave", Self.start(300))
        #expect(result["status"] == "SUCCESS")
        #expect(result["states"]?["timerRemainingSec"] == 300)
        #expect(try K.stored(fulfillment, "microwave", .OperationalState).int("OperationalState") == 1)
        #expect(try K.stored(fulfillment, "microwave", .MicrowaveOvenControl).int("CookTime") == 300)
        #expect(try K.stored(fulfillment, "microwave", .OperationalState).int("CountdownTime") == 300)
    }

    @Test(arguments: [(0, "belowMinimumTimerDuration"), (3601, "aboveMaximumTimerDuration")])
    func strictStartOutsideLimits(seconds: Int, code: String) throws {
        let fulfillment = try K.fulfillment(K.microwave())
        #expect(try K.errorCode(fulfillment, "microwave", Self.start(.int(seconds))) == code)
        #expect(try K.stored(fulfillment, "microwave", .OperationalState).int("OperationalState") == 0)
    }

    @Test(arguments: [(0, 1), (5000, 3600)])
    func lenientStartClamps(seconds: Int, expected: Int) throws {
        let fulfillment = try K.lenient(K.microwave())
        #expect(try K.errorCode(fulfillment, "microwave", Self.start(.int(seconds))) == nil)
        #expect(try K.stored(fulfillment, "microwave", .MicrowaveOvenControl).int("CookTime") == expected)
    }

    @Test func startInErrorIsNotReady() throws {
        let fulfillment = try K.fulfillment(K.microwave(state: 3))
        #expect(try K.errorCode(fulfillment, "microwave", Self.start(60)) == "deviceNotReady")
    }

    @Test(arguments: [Self.adjust(60), Self.pause, Self.resume, Self.cancel])
    func withoutATimer(step: JSONValue) throws {
        let fulfillment = try K.fulfillment(K.microwave())
        #expect(try K.errorCode(fulfillment, "microwave", step) == "noTimerExists")
    }

    @Test func adjustAddsTime() throws {
        let fulfillment = try K.fulfillment(K.microwave(state: 1, countdown: "100", cookTime: 300))
        let result = try K.run(fulfillment, "microwave", Self.adjust(60))
        #expect(result["states"]?["timerRemainingSec"] == 160)
        #expect(try K.stored(fulfillment, "microwave", .MicrowaveOvenControl).int("CookTime") == 360)
    }

    @Test func adjustCannotShortenOrAddNothing() throws {
        let fulfillment = try K.fulfillment(K.microwave(state: 1, countdown: "100", cookTime: 300))
        #expect(try K.errorCode(fulfillment, "microwave", Self.adjust(-30)) == "functionNotSupported")
        #expect(try K.errorCode(fulfillment, "microwave", Self.adjust(0)) == "timerValueOutOfRange")
        #expect(try K.errorCode(fulfillment, "microwave", Self.adjust(3400)) == "aboveMaximumTimerDuration")
    }

    @Test func pauseResumeCancel() throws {
        let fulfillment = try K.fulfillment(K.microwave(state: 1, countdown: "100", cookTime: 300))
        #expect(try K.run(fulfillment, "microwave", Self.pause)["states"]?["timerPaused"] == true)
        #expect(try K.errorCode(fulfillment, "microwave", Self.pause) == "alreadyPaused")
        #expect(try K.run(fulfillment, "microwave", Self.resume)["states"]?["timerPaused"] == false)
        #expect(try K.errorCode(fulfillment, "microwave", Self.resume) == "alreadyStarted")
        let cancelled = try K.run(fulfillment, "microwave", Self.cancel)
        #expect(cancelled["states"]?["timerRemainingSec"] == -1)
        #expect(try K.stored(fulfillment, "microwave", .OperationalState).int("OperationalState") == 0)
    }

    @Test func ovenCavityCountdownIsReadOnly() throws {
        let fulfillment = try K.fulfillment(K.oven(state: 1, countdown: "1200"))
        let device = try #require(try K.syncDevice(fulfillment, "oven"))
        #expect(device["attributes"]?["maxTimerLimitSec"] == 259_200)
        let states = try #require(try fulfillment.query("oven"))
        #expect(states["timerRemainingSec"] == 1200)
        #expect(states["timerPaused"] == false)
        for step in [Self.start(60), Self.adjust(60), Self.pause, Self.resume] {
            #expect(try K.errorCode(fulfillment, "oven", step) == "functionNotSupported")
        }
        #expect(try K.errorCode(fulfillment, "oven", Self.cancel) == nil)
        #expect(
            try K.stored(fulfillment, "oven", endpoint: 1, .OvenCavityOperationalState).int("OperationalState") == 0
        )
        #expect(try K.errorCode(fulfillment, "oven", Self.cancel) == "noTimerExists")
    }

    /// TimerStart on a running microwave: Matter takes no new parameters while running, so it stops first.
    @Test func matterCommandsOfTimerStart() throws {
        let before = try #require(try K.fulfillment(K.microwave(state: 1, countdown: "10")).storedDevice("microwave"))
            .endpoints[0]
        var after = before
        after.clusters[.MicrowaveOvenControl]?["CookTime"] = .int(120)
        after.clusters[.OperationalState]?["CountdownTime"] = .int(120)
        let commands = MatterCommandDescription.describe(.timerStart, before: before, after: after)
        #expect(commands.map(\.command) == ["OperationalState.Stop", "MicrowaveOvenControl.SetCookingParameters"])
        #expect(commands.last?.arguments == JSONObject([("CookTime", 120), ("StartAfterSetting", true)]))
    }
}
