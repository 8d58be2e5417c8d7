import Clocks
import Fulfillment
import HearthFakes
import HearthTestSupport
import InMemoryLogging
import JSON
import Logging
import MatterModel
import Registry
import SmartHomeProtocol
import Synchronization
import Testing

/// EXECUTE with Google's secondary user verification: every outcome of ``ChallengeCheck`` through the dispatcher,
/// with a clock the tests move.
struct ChallengeExecuteTests {
    typealias G = GoogleRequest

    static let pin = "482915"
    static let wrong = "135790"

    static let home = Fixtures.deviceFile(
        #"{"id": "front-door", "name": "Front door", "deviceTypes": ["DoorLock"], "challenge": {"pin": "482915"}, "clusters": {"DoorLock": {"LockState": 1}}}"#,
        #"{"id": "back-door", "name": "Back door", "deviceTypes": ["DoorLock"], "challenge": "ack", "clusters": {"DoorLock": {"LockState": 1}}}"#,
        #"{"id": "kettle", "name": "Kettle", "deviceTypes": ["OnOffPlugInUnit"], "challenge": "ack", "clusters": {"OnOff": {"OnOff": false}}}"#,
        #"{"id": "vault", "name": "Vault", "deviceTypes": ["OnOffPlugInUnit"], "challenge": {"pin": "0000"}, "clusters": {"OnOff": {"OnOff": false}}}"#,
        #"{"id": "lamp", "name": "Lamp", "deviceTypes": ["OnOffPlugInUnit"], "clusters": {"OnOff": {"OnOff": false}}}"#,
        #"{"id": "shed-door", "name": "Shed door", "deviceTypes": ["DoorLock"], "clusters": {"DoorLock": {"LockState": 1}}}"#
    )

    static let limits = LockoutPolicy(maxAttempts: 5, windowSeconds: 600, lockoutSeconds: 900)

    static func make(
        _ clock: ManualClock = ManualClock(unixMilliseconds: 1_800_000_000_000),
        logger: Logger? = nil,
        allowAckUnlock: Bool = false
    ) throws -> TestFulfillment {
        let options = FulfillmentOptions(pinLockout: limits, allowAckUnlock: allowAckUnlock)
        if let logger {
            return try TestFulfillment(devices: home, options: options, logger: logger, clock: clock)
        }
        return try TestFulfillment(devices: home, options: options, clock: clock)
    }

    static func unlock(_ challenge: JSONValue? = nil) -> JSONValue { step("LockUnlock", ["lock": false], challenge) }
    static func lock(_ challenge: JSONValue? = nil) -> JSONValue { step("LockUnlock", ["lock": true], challenge) }
    static func on(_ challenge: JSONValue? = nil) -> JSONValue { step("OnOff", ["on": true], challenge) }

    static func step(_ command: String, _ params: JSONValue, _ challenge: JSONValue?) -> JSONValue {
        guard var object = G.step(command, params).objectValue else { return [:] }
        if let challenge { object["challenge"] = challenge }
        return .object(object)
    }

    static func pin(_ pin: String) -> JSONValue { ["pin": .string(pin)] }
    static let ack: JSONValue = ["ack": true]

    static func challenge(_ id: String, _ type: String, states: JSONValue? = nil) -> JSONValue {
        let entry: JSONValue = [
            "ids": [.string(id)], "status": "ERROR", "errorCode": "challengeNeeded",
            "challengeNeeded": ["type": .string(type)],
        ]
        guard let states, var object = entry.objectValue else { return entry }
        object["states"] = states
        return .object(object)
    }

    /// EXECUTE's `payload` as sent: its `commands` entries and the payload-level `debugString` that explains them
    /// (``TestFulfillment/execute(_:as:)`` returns the entries alone).
    static func executeKeepingDebugStrings(_ fulfillment: TestFulfillment, _ group: JSONValue) throws -> JSONValue {
        try fulfillment.send(G.execute([group])).body["payload"] ?? .null
    }

    /// `remoteSetDisabled` in an entry of Google's keys only, with a payload `debugString` that says what to do for
    /// that device, checked by its gist.
    static func expectRemoteSetDisabled(_ payload: JSONValue, _ id: String, saying gist: String) {
        let results = payload["commands"]?.arrayValue ?? []
        #expect(results.count == 1, "\(payload)")
        #expect(results.first?["ids"] == [.string(id)])
        #expect(results.first?["status"] == "ERROR")
        #expect(results.first?["errorCode"] == "remoteSetDisabled")
        #expect(results.first?["challengeNeeded"] == nil)
        #expect(results.first?["debugString"] == nil, "\(payload)")
        let explanation = payload["debugString"]?.stringValue ?? ""
        #expect(explanation.hasPrefix("\(id): "), "\(payload)")
        #expect(explanation.contains(gist), "\(payload)")
    }

    static func tooMany(_ id: String) -> JSONValue {
        ["ids": [.string(id)], "status": "ERROR", "errorCode": "tooManyFailedAttempts"]
    }

    static func success(_ id: String, _ states: JSONValue) -> JSONValue {
        ["ids": [.string(id)], "status": "SUCCESS", "states": states]
    }

    static let unlocked: JSONValue = ["isLocked": false, "isJammed": false, "online": true]
    static let locked: JSONValue = ["isLocked": true, "isJammed": false, "online": true]

    func lockState(_ fulfillment: TestFulfillment, _ id: String = "front-door") throws -> Int? {
        try fulfillment.storedDevice(id)?.endpoints[0].clusters[.DoorLock]?.int("LockState")
    }

    // MARK: - PIN

    @Test func unlockWithoutAPINAsksForOneAndChangesNothing() throws {
        let fulfillment = try Self.make()
        #expect(
            try fulfillment.execute(G.group(["front-door"], Self.unlock())) == [
                Self.challenge("front-door", "pinNeeded")
            ]
        )
        #expect(try lockState(fulfillment) == 1)
        // An ack is no PIN.
        #expect(
            try fulfillment.execute(G.group(["front-door"], Self.unlock(Self.ack))) == [
                Self.challenge("front-door", "pinNeeded")
            ]
        )
    }

    /// A lock imported without a challenge fails closed: it locks, but never unlocks remotely, whatever is sent.
    @Test func aLockWithoutAChallengeLocksButRefusesToUnlock() throws {
        let fulfillment = try Self.make()
        for challenge in [nil, Self.ack, Self.pin("0000")] {
            let results = try Self.executeKeepingDebugStrings(
                fulfillment,
                G.group(["shed-door"], Self.unlock(challenge))
            )
            Self.expectRemoteSetDisabled(results, "shed-door", saying: "needs a PIN")
        }
        #expect(try lockState(fulfillment, "shed-door") == 1)
        #expect(
            try fulfillment.execute(G.group(["shed-door"], Self.lock())) == [Self.success("shed-door", Self.locked)]
        )
    }

    @Test func theRightPINUnlocksAndLockingNeedsNone() throws {
        let fulfillment = try Self.make()
        #expect(
            try fulfillment.execute(G.group(["front-door"], Self.unlock(Self.pin(Self.pin)))) == [
                Self.success("front-door", Self.unlocked)
            ]
        )
        #expect(try lockState(fulfillment) == 2)
        #expect(
            try fulfillment.execute(G.group(["front-door"], Self.lock())) == [Self.success("front-door", Self.locked)]
        )
        #expect(try lockState(fulfillment) == 1)
    }

    @Test func aWrongPINIsCountedAndAsksAgain() throws {
        let fulfillment = try Self.make()
        #expect(
            try fulfillment.execute(G.group(["front-door"], Self.unlock(Self.pin(Self.wrong)))) == [
                Self.challenge("front-door", "challengeFailedPinNeeded")
            ]
        )
        #expect(try lockState(fulfillment) == 1)
        #expect(try fulfillment.store.pinAttempts(forUser: Fixtures.alice, device: "front-door").failures == 1)
    }

    @Test func theFifthWrongPINLocksOutUntilTheLockoutEnds() throws {
        let clock = ManualClock(unixMilliseconds: 1_800_000_000_000)
        let fulfillment = try Self.make(clock)
        for attempt in 1...4 {
            #expect(
                try fulfillment.execute(G.group(["front-door"], Self.unlock(Self.pin(Self.wrong)))) == [
                    Self.challenge("front-door", "challengeFailedPinNeeded")
                ],
                "attempt \(attempt)"
            )
            clock.advance(by: .seconds(10))
        }
        #expect(
            try fulfillment.execute(G.group(["front-door"], Self.unlock(Self.pin(Self.wrong)))) == [
                Self.tooMany("front-door")
            ]
        )
        let record = try fulfillment.store.pinAttempts(forUser: Fixtures.alice, device: "front-door")
        #expect(record.lockedUntil == UnixTime(seconds: clock.unixTime.seconds + 900))
        // During the lockout even the right PIN, and no PIN at all, get tooManyFailedAttempts.
        clock.advance(by: .seconds(899))
        #expect(
            try fulfillment.execute(G.group(["front-door"], Self.unlock(Self.pin(Self.pin)))) == [
                Self.tooMany("front-door")
            ]
        )
        #expect(try fulfillment.execute(G.group(["front-door"], Self.unlock())) == [Self.tooMany("front-door")])
        #expect(try lockState(fulfillment) == 1)
        // Locking still works: it needs no PIN.
        #expect(
            try fulfillment.execute(G.group(["front-door"], Self.lock())) == [Self.success("front-door", Self.locked)]
        )
        clock.advance(by: .seconds(1))
        #expect(
            try fulfillment.execute(G.group(["front-door"], Self.unlock(Self.pin(Self.pin)))) == [
                Self.success("front-door", Self.unlocked)
            ]
        )
        #expect(try fulfillment.store.pinAttempts(forUser: Fixtures.alice, device: "front-door") == PINAttempts())
    }

    @Test func aLockoutThatEndedStartsAFreshCount() throws {
        let clock = ManualClock(unixMilliseconds: 1_800_000_000_000)
        let fulfillment = try Self.make(clock)
        for _ in 1...5 { _ = try fulfillment.execute(G.group(["front-door"], Self.unlock(Self.pin(Self.wrong)))) }
        clock.advance(by: .seconds(900))
        #expect(
            try fulfillment.execute(G.group(["front-door"], Self.unlock(Self.pin(Self.wrong)))) == [
                Self.challenge("front-door", "challengeFailedPinNeeded")
            ]
        )
        #expect(try fulfillment.store.pinAttempts(forUser: Fixtures.alice, device: "front-door").failures == 1)
    }

    @Test func wrongPINsOutsideTheWindowStartANewCount() throws {
        let clock = ManualClock(unixMilliseconds: 1_800_000_000_000)
        let fulfillment = try Self.make(clock)
        for _ in 1...4 { _ = try fulfillment.execute(G.group(["front-door"], Self.unlock(Self.pin(Self.wrong)))) }
        clock.advance(by: .seconds(600))
        #expect(
            try fulfillment.execute(G.group(["front-door"], Self.unlock(Self.pin(Self.wrong)))) == [
                Self.challenge("front-door", "challengeFailedPinNeeded")
            ]
        )
        let record = try fulfillment.store.pinAttempts(forUser: Fixtures.alice, device: "front-door")
        #expect(record == PINAttempts(failures: 1, windowStart: clock.unixTime))
    }

    @Test func theRightPINClearsTheCount() throws {
        let fulfillment = try Self.make()
        for _ in 1...4 { _ = try fulfillment.execute(G.group(["front-door"], Self.unlock(Self.pin(Self.wrong)))) }
        _ = try fulfillment.execute(G.group(["front-door"], Self.unlock(Self.pin(Self.pin))))
        for _ in 1...4 {
            #expect(
                try fulfillment.execute(G.group(["front-door"], Self.unlock(Self.pin(Self.wrong)))) == [
                    Self.challenge("front-door", "challengeFailedPinNeeded")
                ]
            )
        }
    }

    @Test func aPINPolicyGuardsEveryCommandOfOtherDevices() throws {
        let fulfillment = try Self.make()
        #expect(try fulfillment.execute(G.group(["vault"], Self.on())) == [Self.challenge("vault", "pinNeeded")])
        #expect(
            try fulfillment.execute(G.group(["vault"], Self.on(Self.pin("0001")))) == [
                Self.challenge("vault", "challengeFailedPinNeeded")
            ]
        )
        #expect(
            try fulfillment.execute(G.group(["vault"], Self.on(Self.pin("0000")))) == [
                Self.success("vault", ["on": true, "online": true])
            ]
        )
    }

    // MARK: - Ack

    /// Google requires `pinNeeded` for unlocking and calls `ackNeeded` not recommended for security devices: by
    /// default an `ack` lock answers `remoteSetDisabled` to an unlock, without asking for a yes it cannot use, and
    /// still locks. An `ack` on anything else still asks as before.
    @Test func anAckLockRefusesToUnlockByDefaultAndStillLocks() throws {
        let fulfillment = try Self.make()
        for challenge in [nil, Self.ack] {
            let results = try Self.executeKeepingDebugStrings(
                fulfillment,
                G.group(["back-door"], Self.unlock(challenge))
            )
            Self.expectRemoteSetDisabled(results, "back-door", saying: "fulfillment.allowAckUnlock")
            #expect(try lockState(fulfillment, "back-door") == 1)
        }
        // Lock and unlock in one request: nothing of the device runs.
        let both = try Self.executeKeepingDebugStrings(
            fulfillment,
            G.group(["back-door"], Self.lock(), Self.unlock(Self.ack))
        )
        Self.expectRemoteSetDisabled(both, "back-door", saying: "fulfillment.allowAckUnlock")
        #expect(
            try fulfillment.execute(G.group(["back-door"], Self.lock())) == [Self.success("back-door", Self.locked)]
        )
        #expect(
            try fulfillment.execute(G.group(["kettle"], Self.on(Self.ack))) == [
                Self.success("kettle", ["on": true, "online": true])
            ]
        )
    }

    @Test func ackNeededCarriesTheCurrentStates() throws {
        let fulfillment = try Self.make(allowAckUnlock: true)
        #expect(
            try fulfillment.execute(G.group(["kettle"], Self.on())) == [
                Self.challenge("kettle", "ackNeeded", states: ["on": false])
            ]
        )
        #expect(
            try fulfillment.execute(G.group(["back-door"], Self.unlock())) == [
                Self.challenge("back-door", "ackNeeded", states: ["isLocked": true, "isJammed": false])
            ]
        )
        #expect(
            try fulfillment.execute(G.group(["kettle"], Self.on(["ack": false]))) == [
                Self.challenge("kettle", "ackNeeded", states: ["on": false])
            ]
        )
        #expect(try fulfillment.storedDevice("kettle")?.endpoints[0].clusters[.OnOff]?.bool("OnOff") == false)
    }

    /// With `fulfillment.allowAckUnlock` set, an `ack` lock unlocks on a yes.
    @Test func anAckLetsTheCommandRun() throws {
        let fulfillment = try Self.make(allowAckUnlock: true)
        #expect(
            try fulfillment.execute(G.group(["kettle"], Self.on(Self.ack))) == [
                Self.success("kettle", ["on": true, "online": true])
            ]
        )
        #expect(
            try fulfillment.execute(G.group(["back-door"], Self.unlock(Self.ack))) == [
                Self.success("back-door", Self.unlocked)
            ]
        )
        // Locking an ack lock asks nothing either.
        #expect(
            try fulfillment.execute(G.group(["back-door"], Self.lock())) == [Self.success("back-door", Self.locked)]
        )
    }

    // MARK: - Never half-applied

    @Test func aDeviceThatNeedsAChallengeChangesNothingWhileOthersRun() throws {
        let fulfillment = try Self.make()
        let results = try fulfillment.execute(
            G.group(["lamp"], Self.on()),
            // Lock, then unlock without a PIN: the lock step must not apply on its own.
            G.group(["front-door"], Self.lock(), Self.unlock())
        )
        #expect(
            results == [Self.success("lamp", ["on": true, "online": true]), Self.challenge("front-door", "pinNeeded")]
        )
        #expect(try lockState(fulfillment) == 1)
        #expect(try fulfillment.storedDevice("lamp")?.endpoints[0].clusters[.OnOff]?.bool("OnOff") == true)
    }

    @Test func commandsTheDeviceCannotRunAreRefusedWithoutAskingForAPIN() throws {
        let fulfillment = try Self.make()
        let results = try fulfillment.execute(G.group(["front-door"], Self.on()))
        #expect(results.first?["errorCode"] == "functionNotSupported")
    }

    // MARK: - Logs

    @Test func noPINReachesTheLogs() throws {
        let handler = InMemoryLogHandler()
        var logger = Logger(label: "challenge-tests", factory: { _ in handler })
        logger.logLevel = .trace
        let fulfillment = try Self.make(logger: logger)
        _ = try fulfillment.execute(G.group(["front-door"], Self.unlock(Self.pin(Self.wrong))))
        _ = try fulfillment.execute(G.group(["front-door"], Self.unlock(Self.pin(Self.pin))))
        // A malformed request that carries a PIN, and a request that is not JSON.
        let malformed = try fulfillment.send(
            bytes: Array(
                #"{"requestId": "r", "inputs": [{"intent": "action.devices.EXECUTE", "payload": {"commands": [{"devices": [{"id": "front-door"}], "execution": [{"params": {}, "challenge": {"pin": "482915"}}]}]}}]}"#
                    .utf8
            )
        )
        let notJSON = try fulfillment.send(bytes: Array(#"{"challenge": {"pin": "482915"}"#.utf8))
        // The dispatcher logs nothing per request; what the request's log line will say is the summary.
        let summaries = [malformed.summary, notJSON.summary]
        #expect(summaries.allSatisfy { $0.reason != nil }, "refusals say why")
        for text in handler.entries.map({ "\($0.message) \($0.metadata)" }) + summaries.map({ "\($0)" }) {
            #expect(!text.contains(Self.pin) && !text.contains(Self.wrong), "\(text)")
        }
    }
}
