import JSON
import MatterModel
import SmartHomeProtocol
import Testing

@testable import Fulfillment

/// Openings: Matter 1.5 Closures (garage door, gate, door) and Window Coverings as windows and tilting blinds, over
/// ``OpeningsCatalogue`` (`Config/openings.json`): their Google types and traits, SYNC attributes, QUERY states,
/// EXECUTE with the PIN Google requires for DOOR/GARAGE/GATE/WINDOW, and the errors a closure answers.
struct OpeningsTests {
    typealias G = GoogleRequest

    static let user = OpeningsCatalogue.user
    static let pin: JSONValue = ["pin": "2468"]

    static func openClose(_ percent: JSONValue) -> JSONValue { G.step("OpenClose", ["openPercent": percent]) }
    static func rotate(_ params: JSONValue) -> JSONValue { G.step("RotateAbsolute", params) }

    /// A step with the catalogue's PIN.
    static func withPIN(_ step: JSONValue) -> JSONValue {
        guard var object = step.objectValue else { return step }
        object["challenge"] = pin
        return .object(object)
    }

    static func error(_ id: String, _ code: String) -> JSONValue {
        ["ids": [.string(id)], "status": "ERROR", "errorCode": .string(code)]
    }

    static func catalogue(_ options: FulfillmentOptions = FulfillmentOptions()) throws -> TestFulfillment {
        try TestFulfillment(devices: OpeningsCatalogue.deviceFile, options: options)
    }

    /// One Closure endpoint with these Closure Control attributes (no challenge: the errors are the subject).
    static func closure(_ control: String) throws -> TestFulfillment {
        try TestFulfillment(
            devices: Fixtures.deviceFile(
                #"{"id": "c", "name": "C", "deviceTypes": ["Closure"], "clusters": {"ClosureControl": {\#(control)}}}"#
            )
        )
    }

    // MARK: - SYNC and QUERY

    @Test(arguments: OpeningsCatalogue.expected.map(\.id))
    func typeAndTraitsAreTheCatalogues(_ id: String) throws {
        let expected = try #require(OpeningsCatalogue.expected.first { $0.id == id })
        let device = try #require(try Self.catalogue().syncDevice(id, as: Self.user))
        #expect(device["type"] == .string("action.devices.types.\(expected.type)"))
        #expect(device["traits"] == .array(expected.traits.map { .string("action.devices.traits.\($0)") }))
    }

    @Test func syncAttributes() throws {
        let fulfillment = try Self.catalogue()
        #expect(
            try fulfillment.syncDevice("garage-door", as: Self.user)?["attributes"]
                == ["pausable": false, "discreteOnlyOpenClose": true]
        )
        #expect(try fulfillment.syncDevice("driveway-gate", as: Self.user)?["attributes"] == ["pausable": false])
        #expect(
            try fulfillment.syncDevice("office-venetian", as: Self.user)?["attributes"]
                == ["pausable": false, "supportsDegrees": false, "supportsPercent": true]
        )
    }

    @Test func queryStates() throws {
        let fulfillment = try Self.catalogue()
        func state(_ id: String) throws -> JSONValue? { try fulfillment.query(id, as: Self.user) }
        #expect(
            try state("garage-door") == [
                "online": true, "status": "SUCCESS", "isRunning": false, "isPaused": false, "openPercent": 0,
            ]
        )
        // 6000 hundredths closed is 40 % open.
        #expect(
            try state("driveway-gate") == [
                "online": true, "status": "SUCCESS", "isRunning": false, "isPaused": false, "openPercent": 40,
            ]
        )
        #expect(
            try state("patio-door") == [
                "online": true, "status": "SUCCESS", "isRunning": false, "isPaused": false, "openPercent": 0,
                "isLocked": true, "isJammed": false,
            ]
        )
        #expect(try state("roof-window")?["openPercent"] == 0)
        #expect(try state("office-venetian")?["openPercent"] == 75)
        #expect(try state("office-venetian")?["rotationPercent"] == 50)
        #expect(try state("studio-louvres")?["rotationPercent"] == 0)
        #expect(try state("studio-louvres")?["openPercent"] == nil, "a tilt-only blind has no lift to report")
    }

    @Test func aMovingClosureReportsItsTarget() throws {
        let fulfillment = try Self.closure(
            #""FeatureMap": 1, "MainState": 1, "CurrentErrorList": [], "OverallCurrentState": {"Position": 2, "SecureState": false}, "OverallTargetState": {"Position": 0}"#
        )
        #expect(
            try fulfillment.query("c") == [
                "online": true, "status": "SUCCESS", "isRunning": true, "isPaused": false, "openPercent": 100,
                "targetOpenPercent": 0,
            ]
        )
    }

    @Test(arguments: [
        ("garage", "GARAGE"), ("Gate", "GATE"), ("window", "WINDOW"), ("shutter", "SHUTTER"), ("", "DOOR"),
    ])
    func aClosuresFormFactorNamesItsType(formFactor: String, google: String) throws {
        let label =
            formFactor.isEmpty
            ? "" : #", "FixedLabel": {"LabelList": [{"Label": "formFactor", "Value": "\#(formFactor)"}]}"#
        let file = Fixtures.deviceFile(
            #"{"id": "c", "name": "C", "deviceTypes": ["Closure"], "clusters": {"ClosureControl": {"FeatureMap": 1, "MainState": 0, "CurrentErrorList": [], "OverallCurrentState": null, "OverallTargetState": null}\#(label)}}"#
        )
        let device = try #require(try TestFulfillment(devices: file).syncDevice("c"))
        #expect(device["type"] == .string("action.devices.types.\(google)"))
    }

    /// A covering's `formFactor` may only make it a garage, gate, door or window; `shutter` leaves its `Type`'s.
    @Test func aCoveringsFormFactorNamesOnlyOpenings() throws {
        func type(_ formFactor: String) throws -> JSONValue? {
            let file = Fixtures.deviceFile(
                #"{"id": "w", "name": "W", "deviceTypes": ["WindowCovering"], "clusters": {"WindowCovering": {"Type": 4}, "FixedLabel": {"LabelList": [{"Label": "formFactor", "Value": "\#(formFactor)"}]}}}"#
            )
            return try TestFulfillment(devices: file).syncDevice("w")?["type"]
        }
        #expect(try type("garage") == "action.devices.types.GARAGE")
        #expect(try type("blinds") == "action.devices.types.CURTAIN")
    }

    /// Google requires a PIN on a DOOR, GARAGE, GATE or WINDOW's OpenClose: `devices validate` warns without one.
    @Test func anOpeningWithoutAPINIsWarnedAbout() throws {
        let file = Fixtures.deviceFile(
            #"{"id": "w", "name": "W", "deviceTypes": ["WindowCovering"], "clusters": {"WindowCovering": {"Type": 0}, "FixedLabel": {"LabelList": [{"Label": "formFactor", "Value": "garage"}]}}}"#
        )
        let device = try #require(try DeviceFile.parse(file).users[0].devices.first)
        let validation = DeviceValidation(device: device, willReportState: true)
        #expect(validation.passes)
        #expect(validation.warnings.contains { $0.path == "challenge" && $0.message.contains("pinNeeded") })
        for pinned in try DeviceFile.parse(OpeningsCatalogue.deviceFile).users[0].devices {
            #expect(DeviceValidation.openingWithoutPIN(pinned).isEmpty, "\(pinned.id)")
        }
    }

    // MARK: - EXECUTE on closures

    @Test func openingTheGarageNeedsItsPIN() throws {
        let fulfillment = try Self.catalogue()
        let asked = try fulfillment.execute(G.group(["garage-door"], Self.openClose(100)), as: Self.user)
        #expect(asked.first?["errorCode"] == "challengeNeeded")
        #expect(asked.first?["challengeNeeded"]?["type"] == "pinNeeded")
        let opened = try fulfillment.execute(G.group(["garage-door"], Self.withPIN(Self.openClose(100))), as: Self.user)
        #expect(opened.first?["status"] == "SUCCESS")
        #expect(opened.first?["states"]?["openPercent"] == 100)
        let control = try #require(
            try fulfillment.storedDevice("garage-door", of: Self.user)?.endpoints[0].clusters[.ClosureControl]
        )
        #expect(control["OverallCurrentState"]?.structureValue?["Position"] == .int(ClosureState.Position.fullyOpened))
        #expect(control["OverallTargetState"]?.structureValue?["Position"] == .int(ClosureState.Target.moveToFullyOpen))
        #expect(control["OverallCurrentState"]?.structureValue?["SecureState"] == .bool(true), "other fields kept")
    }

    @Test func closingAClosedGarageIsAlreadyClosed() throws {
        let results = try Self.catalogue().execute(
            G.group(["garage-door"], Self.withPIN(Self.openClose(0))),
            as: Self.user
        )
        #expect(results == [Self.error("garage-door", "alreadyClosed")])
    }

    @Test func aLatchedDoorIsLocked() throws {
        let results = try Self.catalogue().execute(
            G.group(["patio-door"], Self.withPIN(Self.openClose(100))),
            as: Self.user
        )
        #expect(results == [Self.error("patio-door", "lockedState")])
    }

    @Test func theGateMovesToAPercentage() throws {
        let fulfillment = try Self.catalogue()
        let results = try fulfillment.execute(
            G.group(["driveway-gate"], Self.withPIN(Self.openClose(75))),
            as: Self.user
        )
        #expect(results.first?["states"]?["openPercent"] == 75)
        let endpoint = try #require(try fulfillment.storedDevice("driveway-gate", of: Self.user)?.endpoints[0])
        #expect(endpoint.clusters[.ClosureDimension]?["CurrentState"]?.structureValue?["Position"] == .int(2500))
        #expect(endpoint.clusters[.ClosureDimension]?["TargetState"]?.structureValue?["Position"] == .int(2500))
        let opened = try fulfillment.execute(
            G.group(["driveway-gate"], Self.withPIN(Self.openClose(100))),
            as: Self.user
        )
        #expect(opened.first?["states"]?["openPercent"] == 100)
        let again = try fulfillment.execute(
            G.group(["driveway-gate"], Self.withPIN(Self.openClose(100))),
            as: Self.user
        )
        #expect(again == [Self.error("driveway-gate", "alreadyOpen")])
    }

    @Test(arguments: [
        (#""CurrentErrorList": [0], "MainState": 3"#, "obstructionDetected"),
        (#""CurrentErrorList": [1], "MainState": 3"#, "obstructionDetected"),
        (#""CurrentErrorList": [4], "MainState": 3"#, "deviceJammingDetected"),
        (#""CurrentErrorList": [3], "MainState": 3"#, "deviceNeedsRepair"),
        (#""CurrentErrorList": [2], "MainState": 0"#, "deviceNotReady"),
        (#""CurrentErrorList": [], "MainState": 3"#, "deviceNotReady"),
        (#""CurrentErrorList": [], "MainState": 7"#, "deviceNotReady"),
    ])
    func aClosureThatCannotMoveSaysWhy(state: String, code: String) throws {
        let fulfillment = try Self.closure(
            #""FeatureMap": 1, \#(state), "OverallCurrentState": {"Position": 0, "SecureState": null}, "OverallTargetState": {"Position": 0}"#
        )
        #expect(try fulfillment.execute(G.group(["c"], Self.openClose(100))) == [Self.error("c", code)])
    }

    @Test func aDiscreteClosureRefusesRelativeMoves() throws {
        let fulfillment = try Self.closure(
            #""FeatureMap": 1, "MainState": 0, "CurrentErrorList": [], "OverallCurrentState": {"Position": 0, "SecureState": null}, "OverallTargetState": {"Position": 0}"#
        )
        let results = try fulfillment.execute(G.group(["c"], G.step("OpenCloseRelative", ["openRelativePercent": 20])))
        #expect(results == [Self.error("c", "notSupported")])
    }

    @Test func closureMatterCommands() throws {
        let fulfillment = try Self.catalogue()
        let garage = try #require(try fulfillment.storedDevice("garage-door", of: Self.user)).endpoints[0]
        var opened = garage
        try OpenCloseTrait.execute(
            .openClose,
            CommandParameters(params: JSONObject([("openPercent", 100)]), command: .openClose),
            on: &opened,
            mode: .strict
        )
        let commands = MatterCommandDescription.describe(.openClose, before: garage, after: opened)
        #expect(commands.map(\.command) == ["ClosureControl.MoveTo"])
        #expect(commands.first?.arguments == JSONObject([("Position", .int(ClosureState.Target.moveToFullyOpen))]))
        let gate = try #require(try fulfillment.storedDevice("driveway-gate", of: Self.user)).endpoints[0]
        var moved = gate
        try OpenCloseTrait.execute(
            .openClose,
            CommandParameters(params: JSONObject([("openPercent", 30)]), command: .openClose),
            on: &moved,
            mode: .strict
        )
        let gateCommands = MatterCommandDescription.describe(.openClose, before: gate, after: moved)
        #expect(gateCommands.map(\.command) == ["ClosureDimension.SetTarget"])
        #expect(gateCommands.first?.arguments == JSONObject([("Position", 7000)]))
    }

    // MARK: - LockUnlock on a latching closure

    static func lockUnlock(_ lock: Bool) -> JSONValue { G.step("LockUnlock", ["lock": .bool(lock)]) }

    /// One latching Closure endpoint with a PIN and these Closure Control attributes.
    static func latchingClosure(_ control: String) throws -> TestFulfillment {
        try TestFulfillment(
            devices: Fixtures.deviceFile(
                #"{"id": "c", "name": "C", "challenge": {"pin": "2468"}, "deviceTypes": ["Closure"], "clusters": {"ClosureControl": {"FeatureMap": 3, "MainState": 0, \#(control)}}}"#
            )
        )
    }

    @Test func aClosureWithoutALatchHasNoLockUnlock() throws {
        let fulfillment = try Self.catalogue()
        let garage = try #require(try fulfillment.syncDevice("garage-door", as: Self.user))
        #expect(garage["traits"]?.arrayValue?.contains("action.devices.traits.LockUnlock") == false)
        #expect(try fulfillment.query("garage-door", as: Self.user)?["isLocked"] == nil)
    }

    @Test func unlatchingTheDoorNeedsItsPINThenOpens() throws {
        let fulfillment = try Self.catalogue()
        let asked = try fulfillment.execute(G.group(["patio-door"], Self.lockUnlock(false)), as: Self.user)
        #expect(asked.first?["errorCode"] == "challengeNeeded")
        #expect(asked.first?["challengeNeeded"]?["type"] == "pinNeeded")
        let latched = try fulfillment.storedDevice("patio-door", of: Self.user)?.endpoints[0].clusters[.ClosureControl]
        #expect(latched?["OverallCurrentState"]?.structureValue?["Latch"] == .bool(true), "nothing changed unasked")
        let unlatched = try fulfillment.execute(
            G.group(["patio-door"], Self.withPIN(Self.lockUnlock(false))),
            as: Self.user
        )
        #expect(unlatched.first?["status"] == "SUCCESS")
        #expect(unlatched.first?["states"]?["isLocked"] == false)
        let control = try #require(
            try fulfillment.storedDevice("patio-door", of: Self.user)?.endpoints[0].clusters[.ClosureControl]
        )
        #expect(control["OverallCurrentState"]?.structureValue?["Latch"] == .bool(false))
        #expect(control["OverallTargetState"]?.structureValue?["Latch"] == .bool(false))
        #expect(control["OverallCurrentState"]?.structureValue?["Position"] == .int(ClosureState.Position.fullyClosed))
        let opened = try fulfillment.execute(
            G.group(["patio-door"], Self.withPIN(Self.openClose(100))),
            as: Self.user
        )
        #expect(opened.first?["states"]?["openPercent"] == 100, "an unlatched door opens")
        #expect(try fulfillment.query("patio-door", as: Self.user)?["isLocked"] == false)
    }

    @Test func latchingNeedsNoPINAndRepeatsSucceed() throws {
        let fulfillment = try Self.latchingClosure(
            #""LatchControlModes": 3, "CurrentErrorList": [], "OverallCurrentState": {"Position": 0, "Latch": false, "SecureState": false}, "OverallTargetState": {"Position": 0, "Latch": false}"#
        )
        for _ in 0..<2 {
            let results = try fulfillment.execute(G.group(["c"], Self.lockUnlock(true)))
            #expect(results.first?["status"] == "SUCCESS")
            #expect(results.first?["states"]?["isLocked"] == true)
        }
    }

    @Test(arguments: [
        (#""LatchControlModes": 2, "CurrentErrorList": []"#, true, "remoteSetDisabled"),
        (#""LatchControlModes": 1, "CurrentErrorList": []"#, false, "remoteSetDisabled"),
        (#""LatchControlModes": 3, "CurrentErrorList": [4]"#, true, "deviceJammingDetected"),
        (#""LatchControlModes": 3, "CurrentErrorList": [0]"#, false, "obstructionDetected"),
    ])
    func aLatchThatCannotMoveSaysWhy(state: String, lock: Bool, code: String) throws {
        let fulfillment = try Self.latchingClosure(
            #"\#(state), "OverallCurrentState": {"Position": 0, "Latch": \#(!lock), "SecureState": null}, "OverallTargetState": {"Position": 0, "Latch": \#(!lock)}"#
        )
        let results = try fulfillment.execute(G.group(["c"], Self.withPIN(Self.lockUnlock(lock))))
        #expect(results == [Self.error("c", code)])
        let control = try #require(try fulfillment.storedDevice("c")?.endpoints[0].clusters[.ClosureControl])
        #expect(control["OverallCurrentState"]?.structureValue?["Latch"] == .bool(!lock), "nothing changed")
    }

    @Test func aJammedLatchSaysSoAndAnUnknownLatchIsNotReported() throws {
        let jammed = try Self.latchingClosure(
            #""LatchControlModes": 3, "CurrentErrorList": [4], "OverallCurrentState": {"Position": 0, "Latch": true, "SecureState": null}, "OverallTargetState": null"#
        )
        #expect(try jammed.query("c")?["isJammed"] == true)
        #expect(try jammed.query("c")?["isLocked"] == true)
        let unknown = try Self.latchingClosure(
            #""LatchControlModes": 3, "CurrentErrorList": [0], "OverallCurrentState": {"Position": 0, "Latch": null, "SecureState": null}, "OverallTargetState": null"#
        )
        #expect(try unknown.query("c")?["isLocked"] == nil)
        #expect(try unknown.query("c")?["isJammed"] == false, "an obstruction is not a jam")
    }

    @Test func latchMatterCommand() throws {
        let fulfillment = try Self.catalogue()
        let door = try #require(try fulfillment.storedDevice("patio-door", of: Self.user)).endpoints[0]
        var unlatched = door
        try LockUnlockTrait.execute(
            .lockUnlock,
            CommandParameters(params: JSONObject([("lock", false)]), command: .lockUnlock),
            on: &unlatched,
            mode: .strict
        )
        let commands = MatterCommandDescription.describe(.lockUnlock, before: door, after: unlatched)
        #expect(commands.map(\.command) == ["ClosureControl.MoveTo"])
        #expect(commands.first?.arguments == JSONObject([("Latch", .bool(false))]))
    }

    // MARK: - StartStop on a closure

    static func startStop(_ start: Bool) -> JSONValue { G.step("StartStop", ["start": .bool(start)]) }

    @Test func stoppingAMovingGateLeavesItWhereItIs() throws {
        let fulfillment = try TestFulfillment(
            devices: Fixtures.deviceFile(
                #"{"id": "c", "name": "C", "deviceTypes": ["Closure", "ClosurePanel"], "clusters": {"ClosureControl": {"FeatureMap": 1, "MainState": 1, "CurrentErrorList": [], "OverallCurrentState": {"Position": 2, "SecureState": null}, "OverallTargetState": {"Position": 1}}, "ClosureDimension": {"FeatureMap": 33, "CurrentState": {"Position": 4000}, "TargetState": {"Position": 0}, "Resolution": 100, "StepValue": 100, "TranslationDirection": 4}}}"#
            )
        )
        #expect(try fulfillment.query("c")?["isRunning"] == true)
        #expect(try fulfillment.query("c")?["targetOpenPercent"] == 100)
        let before = try #require(try fulfillment.storedDevice("c")).endpoints[0]
        let results = try fulfillment.execute(G.group(["c"], Self.startStop(false)))
        #expect(results.first?["status"] == "SUCCESS")
        #expect(results.first?["states"]?["isRunning"] == false)
        #expect(try fulfillment.query("c")?["openPercent"] == 60)
        let after = try #require(try fulfillment.storedDevice("c")).endpoints[0]
        #expect(after.clusters[.ClosureDimension]?["TargetState"]?.structureValue?["Position"] == .int(4000))
        #expect(after.clusters[.ClosureControl]?["MainState"] == .int(ClosureState.MainState.stopped))
        let commands = MatterCommandDescription.describe(.startStop, before: before, after: after)
        #expect(commands.map(\.command) == ["ClosureControl.Stop"])
        let again = try fulfillment.execute(G.group(["c"], Self.startStop(false)))
        #expect(again.first?["status"] == "SUCCESS", "stopping a closure at rest succeeds")
    }

    @Test func aClosureDoesNotStartOrPauseAndAnInstantaneousOneHasNoStartStop() throws {
        let fulfillment = try Self.closure(
            #""FeatureMap": 1, "MainState": 0, "CurrentErrorList": [], "OverallCurrentState": {"Position": 0, "SecureState": null}, "OverallTargetState": {"Position": 0}"#
        )
        #expect(
            try fulfillment.execute(G.group(["c"], Self.startStop(true))) == [Self.error("c", "functionNotSupported")]
        )
        #expect(
            try fulfillment.execute(G.group(["c"], G.step("PauseUnpause", ["pause": true])))
                == [Self.error("c", "functionNotSupported")]
        )
        let instantaneous = try Self.closure(
            #""FeatureMap": 5, "MainState": 0, "CurrentErrorList": [], "OverallCurrentState": {"Position": 0, "SecureState": null}, "OverallTargetState": {"Position": 0}"#
        )
        let traits = try #require(try instantaneous.syncDevice("c")?["traits"]?.arrayValue)
        #expect(traits == ["action.devices.traits.OpenClose"])
    }

    // MARK: - Rotation

    @Test func rotateAbsoluteTurnsTheSlats() throws {
        let fulfillment = try Self.catalogue()
        let results = try fulfillment.execute(
            G.group(["office-venetian"], Self.rotate(["rotationPercent": 100])),
            as: Self.user
        )
        #expect(results.first?["status"] == "SUCCESS")
        #expect(results.first?["states"]?["rotationPercent"] == 100)
        let covering = try #require(
            try fulfillment.storedDevice("office-venetian", of: Self.user)?.endpoints[0].clusters[.WindowCovering]
        )
        #expect(covering.int(.WindowCovering.currentPositionTiltPercent100ths) == 0)
        #expect(covering.int(.WindowCovering.targetPositionTiltPercent100ths) == 0)
        #expect(covering.int(.WindowCovering.currentPositionLiftPercent100ths) == 2500, "the lift stays")
    }

    @Test func rotateAbsoluteRefusals() throws {
        let fulfillment = try Self.catalogue()
        func run(_ params: JSONValue) throws -> JSONValue? {
            try fulfillment.execute(G.group(["office-venetian"], Self.rotate(params)), as: Self.user).first?[
                "errorCode"
            ]
        }
        #expect(try run(["rotationPercent": 150]) == "valueOutOfRange")
        #expect(try run(["rotationDegrees": 90]) == "notSupported")
        #expect(try run(["rotationDegrees": 90, "rotationPercent": 10]) == "protocolError")
        #expect(try run([:]) == "protocolError")
        let lenient = try Self.catalogue(FulfillmentOptions(validationMode: .lenient))
        let clamped = try lenient.execute(
            G.group(["office-venetian"], Self.rotate(["rotationPercent": 150])),
            as: Self.user
        )
        #expect(clamped.first?["states"]?["rotationPercent"] == 100)
    }

    @Test func aTiltOnlyBlindHasNoOpenClose() throws {
        let results = try Self.catalogue().execute(G.group(["studio-louvres"], Self.openClose(50)), as: Self.user)
        #expect(results.first?["status"] == "ERROR")
        #expect(results.first?["errorCode"] == "functionNotSupported")
    }

    @Test func rotationMatterCommand() throws {
        let before = try #require(try Self.catalogue().storedDevice("office-venetian", of: Self.user)).endpoints[0]
        var after = before
        try RotationTrait.execute(
            .rotateAbsolute,
            CommandParameters(params: JSONObject([("rotationPercent", 25)]), command: .rotateAbsolute),
            on: &after,
            mode: .strict
        )
        let commands = MatterCommandDescription.describe(.rotateAbsolute, before: before, after: after)
        #expect(commands.map(\.command) == ["WindowCovering.GoToTiltPercentage"])
        #expect(commands.first?.arguments == JSONObject([("TiltPercent100thsValue", 7500)]))
    }

    // MARK: - The stored covering

    /// A tilt-only blind imports now; a tilt whose target differs from its position (a tilt in motion) does not.
    @Test func theCoveringSchemaTakesTheTilt() throws {
        let tiltOnly = Fixtures.deviceFile(
            #"{"id": "t", "name": "T", "deviceTypes": ["WindowCovering"], "clusters": {"WindowCovering": {"Type": 7}}}"#
        )
        #expect(throws: Never.self) { try TestFulfillment(devices: tiltOnly) }
        let moving = Fixtures.deviceFile(
            #"{"id": "m", "name": "M", "deviceTypes": ["WindowCovering"], "clusters": {"WindowCovering": {"Type": 8, "CurrentPositionTiltPercent100ths": 100, "TargetPositionTiltPercent100ths": 900}}}"#
        )
        #expect(throws: (any Error).self) { try TestFulfillment(devices: moving) }
        let lift = Fixtures.deviceFile(
            #"{"id": "l", "name": "L", "deviceTypes": ["WindowCovering"], "clusters": {"WindowCovering": {"Type": 0}}}"#
        )
        let stored = try #require(
            try TestFulfillment(devices: lift).storedDevice("l")?.endpoints[0].clusters[.WindowCovering]
        )
        #expect(stored[.WindowCovering.currentPositionTiltPercent100ths] == .int(0xFFFF), "a lift-only covering: null")
        #expect(
            try TestFulfillment(devices: lift).syncDevice("l")?["traits"]?.arrayValue?.contains(
                "action.devices.traits.Rotation"
            ) == false
        )
    }
}
