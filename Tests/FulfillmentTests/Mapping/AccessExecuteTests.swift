import Fulfillment
import JSON
import MatterModel
import SmartHomeProtocol
import Testing

/// EXECUTE for the access family: OpenClose and StartStop on window coverings, LockUnlock, and the query-only
/// traits, in strict and lenient mode, with each error code they produce.
struct AccessExecuteTests {
    typealias G = GoogleRequest

    static let user = AccessCatalogue.user
    static let lenient = FulfillmentOptions(validationMode: .lenient)

    static func error(_ id: String, _ code: String) -> JSONValue {
        ["ids": [.string(id)], "status": "ERROR", "errorCode": .string(code)]
    }

    static func success(_ id: String, _ states: JSONValue) -> JSONValue {
        guard var object = states.objectValue else { return states }
        object["online"] = true
        return ["ids": [.string(id)], "status": "SUCCESS", "states": .object(object)]
    }

    static func openClose(_ percent: JSONValue) -> JSONValue { G.step("OpenClose", ["openPercent": percent]) }
    static func openCloseRelative(_ percent: JSONValue) -> JSONValue {
        G.step("OpenCloseRelative", ["openRelativePercent": percent])
    }
    static func startStop(_ start: Bool) -> JSONValue { G.step("StartStop", ["start": .bool(start)]) }
    static func lockUnlock(_ lock: Bool) -> JSONValue { G.step("LockUnlock", ["lock": .bool(lock)]) }
    /// A step carrying a challenge answer (`{"pin": …}` or `{"ack": true}`).
    static func challenged(_ step: JSONValue, _ challenge: JSONValue) -> JSONValue {
        guard var object = step.objectValue else { return step }
        object["challenge"] = challenge
        return .object(object)
    }

    static func catalogue(_ options: FulfillmentOptions = FulfillmentOptions()) throws -> TestFulfillment {
        try TestFulfillment(devices: AccessCatalogue.deviceFile, options: options)
    }

    /// One device of `type` with one cluster's attributes, for user alice.
    static func single(_ type: String, _ cluster: String, _ attributes: String) throws -> TestFulfillment {
        try TestFulfillment(
            devices: Fixtures.deviceFile(
                #"{"id": "d", "name": "D", "deviceTypes": ["\#(type)"], "clusters": {"\#(cluster)": {\#(attributes)}}"#
                    // A DoorLock must have a challenge to unlock; `ack`, explicitly allowed to unlock
                    // (`fulfillment.allowAckUnlock`), keeps these tests about the lock itself and spares a PBKDF2.
                    + (type == "DoorLock" ? #", "challenge": "ack"}"# : "}")
            ),
            options: FulfillmentOptions(allowAckUnlock: true)
        )
    }

    func covering(_ fulfillment: TestFulfillment, _ id: String) throws -> ClusterState? {
        try fulfillment.storedDevice(id, of: Self.user)?.endpoints[0].clusters[.WindowCovering]
    }

    // MARK: - OpenClose

    @Test(arguments: [(100, 0), (0, 10000), (75, 2500), (40, 6000)])
    func openCloseMovesTheCoveringAtOnce(percent: Int, hundredths: Int) throws {
        let fulfillment = try Self.catalogue()
        let results = try fulfillment.execute(
            G.group(["living-room-blinds"], Self.openClose(.int(percent))),
            as: Self.user
        )
        #expect(results == [Self.success("living-room-blinds", ["openPercent": .int(percent)])])
        let stored = try #require(try covering(fulfillment, "living-room-blinds"))
        #expect(stored.int("CurrentPositionLiftPercent100ths") == hundredths)
        #expect(stored.int("TargetPositionLiftPercent100ths") == hundredths)
        #expect(stored.int("OperationalStatus") == 0)
    }

    @Test func fractionalOpenPercentKeepsHundredths() throws {
        let fulfillment = try Self.catalogue()
        let results = try fulfillment.execute(G.group(["bedroom-curtains"], Self.openClose(33.3)), as: Self.user)
        #expect(results == [Self.success("bedroom-curtains", ["openPercent": 33])])
        #expect(try covering(fulfillment, "bedroom-curtains")?.int("CurrentPositionLiftPercent100ths") == 6670)
    }

    @Test func openCloseStopsAMovingCoveringWhereItWasSent() throws {
        let fulfillment = try Self.catalogue()
        let results = try fulfillment.execute(G.group(["patio-awning"], Self.openClose(50)), as: Self.user)
        #expect(results == [Self.success("patio-awning", ["openPercent": 50])])
        #expect(
            try fulfillment.query("patio-awning", as: Self.user)
                == ["online": true, "status": "SUCCESS", "openPercent": 50, "isRunning": false, "isPaused": false]
        )
    }

    @Test(arguments: [(20, 95), (-100, 0), (25, 100), (-0.5, 74.5)])
    func openCloseRelativeMovesFromTheCurrentPosition(change: Double, open: Double) throws {
        let fulfillment = try Self.catalogue()
        let results = try fulfillment.execute(
            G.group(["living-room-blinds"], Self.openCloseRelative(.double(change))),
            as: Self.user
        )
        let expected = WindowCoveringConversion.liftPercent100ths(fromOpenPercent: open)
        #expect(
            results
                == [
                    Self.success(
                        "living-room-blinds",
                        ["openPercent": .int(WindowCoveringConversion.openPercent(fromLiftPercent100ths: expected))]
                    )
                ]
        )
        #expect(try covering(fulfillment, "living-room-blinds")?.int("CurrentPositionLiftPercent100ths") == expected)
    }

    @Test(arguments: [
        ("openPercent 120", AccessExecuteTests.openClose(120)),
        ("openPercent -1", AccessExecuteTests.openClose(-1)),
        ("openRelativePercent 150", AccessExecuteTests.openCloseRelative(150)),
        ("openRelativePercent -101", AccessExecuteTests.openCloseRelative(-101)),
    ])
    func strictRefusesOutOfRangeAndChangesNothing(label: String, step: JSONValue) throws {
        let fulfillment = try Self.catalogue()
        let results = try fulfillment.execute(G.group(["living-room-blinds"], step), as: Self.user)
        #expect(results == [Self.error("living-room-blinds", "valueOutOfRange")], "\(label)")
        #expect(try fulfillment.query("living-room-blinds", as: Self.user)?["openPercent"] == 75, "\(label)")
    }

    @Test(arguments: [
        ("openPercent 120", AccessExecuteTests.openClose(120), 100),
        ("openPercent -1", AccessExecuteTests.openClose(-1), 0),
        ("openRelativePercent 150", AccessExecuteTests.openCloseRelative(150), 100),
        ("openRelativePercent -101", AccessExecuteTests.openCloseRelative(-101), 0),
    ])
    func lenientClamps(label: String, step: JSONValue, open: Int) throws {
        let fulfillment = try Self.catalogue(Self.lenient)
        let results = try fulfillment.execute(G.group(["living-room-blinds"], step), as: Self.user)
        #expect(results == [Self.success("living-room-blinds", ["openPercent": .int(open)])], "\(label)")
    }

    @Test(arguments: [
        ("no openPercent", G.step("OpenClose", [:])),
        ("openPercent as text", G.step("OpenClose", ["openPercent": "half"])),
        ("no openRelativePercent", G.step("OpenCloseRelative", [:])),
    ])
    func malformedParametersAreNotSupported(label: String, step: JSONValue) throws {
        for options in [FulfillmentOptions(), Self.lenient] {
            let fulfillment = try Self.catalogue(options)
            let results = try fulfillment.execute(G.group(["living-room-blinds"], step), as: Self.user)
            #expect(results == [Self.error("living-room-blinds", "notSupported")], "\(label)")
        }
    }

    @Test func relativeMoveNeedsAKnownPosition() throws {
        let fulfillment = try Self.single(
            "WindowCovering",
            "WindowCovering",
            #""CurrentPositionLiftPercent100ths": null"#
        )
        #expect(
            try fulfillment.execute(G.group(["d"], Self.openCloseRelative(10))) == [Self.error("d", "notSupported")]
        )
        #expect(try fulfillment.execute(G.group(["d"], Self.openClose(10))) == [Self.success("d", ["openPercent": 10])])
    }

    @Test(arguments: [#""ConfigStatus": 8"#, #""Mode": 2"#, #""Mode": 4"#])
    func coveringThatIsNotReadyRefusesEveryMove(attributes: String) throws {
        let fulfillment = try Self.single("WindowCovering", "WindowCovering", attributes)
        for step in [Self.openClose(50), Self.openCloseRelative(10), Self.startStop(false)] {
            #expect(
                try fulfillment.execute(G.group(["d"], step)) == [Self.error("d", "deviceNotReady")],
                "\(attributes)"
            )
        }
        #expect(try fulfillment.query("d")?["openPercent"] == 100)
    }

    @Test func contactSensorIsQueryOnly() throws {
        for options in [FulfillmentOptions(), Self.lenient] {
            let fulfillment = try Self.catalogue(options)
            for step in [Self.openClose(100), Self.openCloseRelative(10)] {
                let results = try fulfillment.execute(G.group(["hall-window-contact"], step), as: Self.user)
                #expect(results == [Self.error("hall-window-contact", "functionNotSupported")])
            }
            #expect(try fulfillment.query("hall-window-contact", as: Self.user)?["openPercent"] == 0)
        }
    }

    // MARK: - StartStop

    @Test func stopHaltsAMovingCoveringWhereItIs() throws {
        let fulfillment = try Self.catalogue()
        let results = try fulfillment.execute(G.group(["patio-awning"], Self.startStop(false)), as: Self.user)
        #expect(results == [Self.success("patio-awning", ["isRunning": false, "isPaused": false])])
        let stored = try #require(try covering(fulfillment, "patio-awning"))
        #expect(stored.int("CurrentPositionLiftPercent100ths") == 6000)
        #expect(stored.int("TargetPositionLiftPercent100ths") == 6000)
        #expect(stored.int("OperationalStatus") == 0)
        #expect(
            try fulfillment.query("patio-awning", as: Self.user)
                == ["online": true, "status": "SUCCESS", "openPercent": 40, "isRunning": false, "isPaused": false]
        )
    }

    @Test func stoppingACoveringAtRestSucceeds() throws {
        let fulfillment = try Self.catalogue()
        let results = try fulfillment.execute(G.group(["living-room-blinds"], Self.startStop(false)), as: Self.user)
        #expect(results == [Self.success("living-room-blinds", ["isRunning": false, "isPaused": false])])
        #expect(try covering(fulfillment, "living-room-blinds")?.int("TargetPositionLiftPercent100ths") == 2500)
    }

    @Test(arguments: [
        ("start", AccessExecuteTests.startStop(true)),
        ("pause", G.step("PauseUnpause", ["pause": true])),
    ])
    func startAndPauseAreNotSupported(label: String, step: JSONValue) throws {
        let fulfillment = try Self.catalogue()
        let results = try fulfillment.execute(G.group(["patio-awning"], step), as: Self.user)
        #expect(results == [Self.error("patio-awning", "functionNotSupported")], "\(label)")
        #expect(try fulfillment.query("patio-awning", as: Self.user)?["isRunning"] == true, "\(label)")
    }

    @Test func stopWithoutStartParameterIsNotSupported() throws {
        let fulfillment = try Self.catalogue()
        let results = try fulfillment.execute(G.group(["patio-awning"], G.step("StartStop", [:])), as: Self.user)
        #expect(results == [Self.error("patio-awning", "notSupported")])
    }

    // MARK: - LockUnlock

    @Test func unlockAndLock() throws {
        for options in [FulfillmentOptions(), Self.lenient] {
            let fulfillment = try Self.catalogue(options)
            let results = try fulfillment.execute(
                G.group(["front-door"], Self.challenged(Self.lockUnlock(false), ["pin": "1234"])),
                G.group(["back-door"], Self.lockUnlock(true)),
                as: Self.user
            )
            #expect(
                results
                    == [
                        Self.success("front-door", ["isLocked": false, "isJammed": false]),
                        Self.success("back-door", ["isLocked": true, "isJammed": false]),
                    ]
            )
            #expect(try fulfillment.query("front-door", as: Self.user)?["isLocked"] == false)
            let stored = try fulfillment.storedDevice("back-door", of: Self.user)
            #expect(stored?.endpoints[0].clusters[.DoorLock]?.int("LockState") == 1)
        }
    }

    @Test func lockingALockedDoorSucceeds() throws {
        let fulfillment = try Self.catalogue()
        let results = try fulfillment.execute(G.group(["front-door"], Self.lockUnlock(true)), as: Self.user)
        #expect(results == [Self.success("front-door", ["isLocked": true, "isJammed": false])])
    }

    @Test func lockOfUnknownStateBecomesKnown() throws {
        let fulfillment = try Self.single("DoorLock", "DoorLock", #""LockState": null"#)
        #expect(
            try fulfillment.execute(G.group(["d"], Self.lockUnlock(true)))
                == [Self.success("d", ["isLocked": true, "isJammed": false])]
        )
    }

    struct LockRefusal: Sendable, CustomTestStringConvertible {
        var attributes: String
        var code: String

        var testDescription: String { "\(attributes) → \(code)" }
    }

    @Test(arguments: [
        LockRefusal(attributes: #""LockState": 1, "ActuatorEnabled": false"#, code: "remoteSetDisabled"),
        LockRefusal(attributes: #""LockState": 2, "OperatingMode": 3"#, code: "remoteSetDisabled"),
        LockRefusal(attributes: #""LockState": 0"#, code: "deviceJammingDetected"),
    ])
    func lockThatCannotBeDrivenRefusesAndChangesNothing(_ refusal: LockRefusal) throws {
        for lock in [true, false] {
            let fulfillment = try Self.single("DoorLock", "DoorLock", refusal.attributes)
            let before = try fulfillment.query("d")
            let step = Self.challenged(Self.lockUnlock(lock), ["ack": true])
            let results = try fulfillment.execute(G.group(["d"], step))
            #expect(results == [Self.error("d", refusal.code)], "lock \(lock)")
            #expect(try fulfillment.query("d") == before)
        }
    }

    @Test(arguments: [
        ("no lock", G.step("LockUnlock", [:])),
        ("lock as a number", G.step("LockUnlock", ["lock": 1])),
    ])
    func malformedLockParametersAreNotSupported(label: String, step: JSONValue) throws {
        let fulfillment = try Self.catalogue()
        let challenged = Self.challenged(step, ["pin": "1234"])
        let results = try fulfillment.execute(G.group(["front-door"], challenged), as: Self.user)
        #expect(results == [Self.error("front-door", "notSupported")], "\(label)")
    }

    // MARK: - Query-only and foreign commands

    @Test(arguments: [
        ("hallway-motion", AccessExecuteTests.openClose(50)),
        ("kitchen-leak", AccessExecuteTests.lockUnlock(true)),
        ("hallway-smoke-co", AccessExecuteTests.startStop(false)),
        ("front-door", AccessExecuteTests.openClose(50)),
        ("living-room-blinds", AccessExecuteTests.lockUnlock(true)),
    ])
    func commandsOfTraitsTheDeviceLacksAreRefused(id: String, step: JSONValue) throws {
        let fulfillment = try Self.catalogue()
        let results = try fulfillment.execute(G.group([id], step), as: Self.user)
        #expect(results == [Self.error(id, "functionNotSupported")])
    }
}
