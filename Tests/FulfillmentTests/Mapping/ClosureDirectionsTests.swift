import JSON
import MatterModel
import Registry
import SmartHomeProtocol
import Testing

@testable import Fulfillment

/// A Matter 1.5 Closure whose Closure Panel endpoints open different ways (``ClosureDirections``): Google's
/// `openDirection` in SYNC, `openState` in QUERY and `OpenClose`/`OpenCloseRelative` with and without a direction in
/// EXECUTE, through the real handlers, over the catalogue's sash window (`hall-sash-window`: a lower sash closing
/// `Downward` at 7500, so 25 % open `UP`; an upper one closing `Upward`, closed, `DOWN`) and over built closures.
struct ClosureDirectionsTests {
    typealias G = GoogleRequest

    static let user = OpeningsCatalogue.user
    static let window = "hall-sash-window"

    static func openClose(_ percent: JSONValue, _ direction: String? = nil) -> JSONValue {
        var params = JSONObject([("openPercent", percent)])
        if let direction { params.append("openDirection", .string(direction)) }
        return G.step("OpenClose", .object(params))
    }

    static func relative(_ percent: JSONValue, _ direction: String? = nil) -> JSONValue {
        var params = JSONObject([("openRelativePercent", percent)])
        if let direction { params.append("openDirection", .string(direction)) }
        return G.step("OpenCloseRelative", .object(params))
    }

    static func error(_ id: String, _ code: String) -> JSONValue {
        ["ids": [.string(id)], "status": "ERROR", "errorCode": .string(code)]
    }

    /// `openState` entries, in the order given.
    static func openState(_ entries: (String, Int)...) -> JSONValue {
        .array(entries.map { ["openPercent": .int($0.1), "openDirection": .string($0.0)] })
    }

    static func catalogue(_ mode: ValidationMode = .strict) throws -> TestFulfillment {
        try TestFulfillment(devices: OpeningsCatalogue.deviceFile, options: FulfillmentOptions(validationMode: mode))
    }

    /// Runs `step` on the catalogue's window with its PIN; returns its one result.
    static func run(_ fulfillment: TestFulfillment, _ step: JSONValue) throws -> JSONValue {
        guard var object = step.objectValue else { return step }
        object["challenge"] = ["pin": "2468"]
        let results = try fulfillment.execute(G.group([window], .object(object)), as: user)
        #expect(results.count == 1)
        return try #require(results.first)
    }

    /// The `command` records one EXECUTE of `step` left, as `[endpoint, command, arguments]`.
    static func commands(
        _ fulfillment: TestFulfillment,
        _ step: JSONValue,
        id: String = "hall-sash-window",
        user: String = OpeningsCatalogue.user
    ) throws -> [[JSONValue]] {
        let before = try fulfillment.store.changeBounds().latest
        _ = try fulfillment.execute(G.group([id], step), as: user)
        return try fulfillment.store.changes(after: before, limit: 20, users: nil, kinds: [.command]).map {
            [
                $0.record.data["endpoint"] ?? .null, $0.record.data["command"] ?? .null,
                $0.record.data["arguments"] ?? .null,
            ]
        }
    }

    /// A panel's stored `CurrentState.Position` (endpoint `index`, counted from 0).
    static func position(
        _ fulfillment: TestFulfillment,
        _ index: Int,
        id: String = "hall-sash-window",
        user: String = OpeningsCatalogue.user
    ) throws -> Int? {
        let device = try #require(try fulfillment.storedDevice(id, of: user))
        return ClosureDirections.position(device.endpoints[index], "CurrentState")
    }

    // MARK: - Built closures

    static let idle =
        #""FeatureMap": 1, "MainState": 0, "CurrentErrorList": [], "OverallCurrentState": {"Position": 2, "SecureState": null}, "OverallTargetState": {"Position": 1}"#

    /// A Closure Panel endpoint whose dimension closes in `translation`, at `position` (target `target`).
    static func panel(
        _ translation: Int,
        _ position: Int,
        target: Int? = nil,
        features: Int = 33,
        latch: Bool? = nil,
        online: Bool = true
    ) -> String {
        let latchField = latch.map { #", "Latch": \#($0)"# } ?? ""
        // A latching (LT) dimension says which latch moves it allows remotely.
        let latchModes = latch == nil ? "" : #", "LatchControlModes": 3"#
        // TranslationDirection exists with the TR feature only.
        let direction =
            features & ClosureDirections.DimensionFeature.translation != 0
            ? #", "TranslationDirection": \#(translation)"# : ""
        return
            #"{"deviceType": "ClosurePanel", "online": \#(online), "clusters": {"ClosureDimension": {"FeatureMap": \#(features), "CurrentState": {"Position": \#(position)\#(latchField)}, "TargetState": {"Position": \#(target ?? position)}, "Resolution": 100, "StepValue": 100\#(direction)\#(latchModes)}}}"#
    }

    /// Device `c`: a Closure endpoint with these Closure Control attributes, then `panels` (no challenge: the
    /// answers are the subject).
    static func closure(_ control: String = idle, _ panels: String...) throws -> TestFulfillment {
        let endpoints = ([#"{"deviceType": "Closure", "clusters": {"ClosureControl": {\#(control)}}}"#] + panels)
            .joined(separator: ", ")
        return try TestFulfillment(
            devices: Fixtures.deviceFile(#"{"id": "c", "name": "C", "endpoints": [\#(endpoints)]}"#)
        )
    }

    // MARK: - The directions

    /// Each way one translation names, as Google's opening direction: the opposite of the way it closes.
    @Test(arguments: Array(0...11))
    func aTranslationOpensTheOtherWay(_ translation: Int) {
        let expected: [Int: ClosureDirections.Direction] = [
            0: .up, 1: .down, 4: .right, 5: .left, 8: .inward, 9: .outward,
        ]
        #expect(ClosureDirections.openDirection(translation: translation) == expected[translation])
    }

    // MARK: - SYNC and QUERY

    @Test func syncAnnouncesTheDirectionsAndPassesGooglesChecks() throws {
        let fulfillment = try Self.catalogue()
        let device = try #require(try fulfillment.syncDevice(Self.window, as: Self.user))
        #expect(device["type"] == "action.devices.types.WINDOW")
        #expect(device["attributes"] == ["pausable": false, "openDirection": ["UP", "DOWN"]])
        let sync = try fulfillment.sync(as: Self.user)
        #expect(ResponseShapeValidator.violations(inSync: sync.body).isEmpty)
        let payload = try #require(sync.body["payload"]?.objectValue)
        #expect(SyncValidator.violations(inPayload: payload).isEmpty)
    }

    @Test func queryAnswersEachDirection() throws {
        let fulfillment = try Self.catalogue()
        #expect(
            try fulfillment.query(Self.window, as: Self.user) == [
                "online": true, "status": "SUCCESS", "isRunning": false, "isPaused": false,
                "openState": Self.openState(("UP", 25), ("DOWN", 0)),
            ]
        )
        let reply = try fulfillment.send(G.query([Self.window]), as: Self.user)
        #expect(ResponseShapeValidator.violations(inQuery: reply.body).isEmpty)
    }

    /// While the closure moves, each direction reports its panels' target; two panels of one direction are as open
    /// as the more open of them.
    @Test func aMovingClosureReportsEachDirectionsTarget() throws {
        let fulfillment = try Self.closure(
            #""FeatureMap": 1, "MainState": 1, "CurrentErrorList": [], "OverallCurrentState": {"Position": 2, "SecureState": null}, "OverallTargetState": {"Position": 1}"#,
            Self.panel(5, 8000, target: 0),
            Self.panel(5, 6000, target: 2000),
            Self.panel(4, 10000, target: 10000)
        )
        let states = try #require(try fulfillment.query("c"))
        #expect(states["isRunning"] == true)
        #expect(
            states["openState"] == [
                ["openPercent": 40, "targetOpenPercent": 100, "openDirection": "LEFT"],
                ["openPercent": 0, "targetOpenPercent": 0, "openDirection": "RIGHT"],
            ]
        )
        #expect(states["openPercent"] == nil, "one of Google's two shapes, not both")
    }

    /// One direction (panels that all open the same way, or whose translation names no single way) answers as a
    /// Closure always has: from its Closure Control, with no `openDirection`.
    @Test(arguments: [
        [ClosureDirectionsTests.panel(0, 5000), ClosureDirectionsTests.panel(0, 7000)],
        [ClosureDirectionsTests.panel(0, 5000), ClosureDirectionsTests.panel(3, 7000)],
        [ClosureDirectionsTests.panel(0, 5000), ClosureDirectionsTests.panel(1, 7000, features: 1)],
        [ClosureDirectionsTests.panel(1, 5000)],
    ])
    func oneDirectionKeepsTheClosuresAnswers(panels: [String]) throws {
        let endpoints = ([#"{"deviceType": "Closure", "clusters": {"ClosureControl": {\#(Self.idle)}}}"#] + panels)
            .joined(separator: ", ")
        let fulfillment = try TestFulfillment(
            devices: Fixtures.deviceFile(#"{"id": "c", "name": "C", "endpoints": [\#(endpoints)]}"#)
        )
        #expect(try fulfillment.syncDevice("c")?["attributes"] == ["pausable": false, "discreteOnlyOpenClose": true])
        #expect(
            try fulfillment.query("c") == [
                "online": true, "status": "SUCCESS", "isRunning": false, "isPaused": false, "openPercent": 100,
            ]
        )
        #expect(
            try Self.commands(fulfillment, Self.openClose(0, "UP"), id: "c", user: Fixtures.alice) == [
                [1, "ClosureControl.MoveTo", ["Position": .int(ClosureState.Target.moveToFullyClosed)]]
            ]
        )
    }

    // MARK: - EXECUTE

    /// A direction moves its panels only, with `ClosureDimension.SetTarget` on the panel's endpoint.
    @Test func aDirectionMovesItsPanels() throws {
        let fulfillment = try Self.catalogue()
        let before = try fulfillment.store.changeBounds().latest
        let result = try Self.run(fulfillment, Self.openClose(100, "DOWN"))
        #expect(result["status"] == "SUCCESS")
        #expect(result["states"]?["openState"] == Self.openState(("UP", 25), ("DOWN", 100)))
        #expect(try Self.position(fulfillment, 1) == 7500)
        #expect(try Self.position(fulfillment, 2) == 0)
        let records = try fulfillment.store.changes(after: before, limit: 20, users: nil, kinds: [.command])
        #expect(records.map { $0.record.data["endpoint"] } == [3])
        #expect(records.map { $0.record.data["command"] } == ["ClosureDimension.SetTarget"])
        #expect(records.map { $0.record.data["arguments"] } == [["Position": 0]])
        let again = try Self.run(fulfillment, Self.openClose(100, "DOWN"))
        #expect(again == Self.error(Self.window, "alreadyOpen"))
    }

    /// Without a direction every panel moves (each from its own position when the move is relative); a panel already
    /// there is not sent a command, and when every one is, the answer says so.
    @Test func withoutADirectionEveryPanelMoves() throws {
        let fulfillment = try Self.catalogue()
        let pin: JSONValue = ["pin": "2468"]
        func withPIN(_ step: JSONValue) -> JSONValue {
            guard var object = step.objectValue else { return step }
            object["challenge"] = pin
            return .object(object)
        }
        #expect(
            try Self.commands(fulfillment, withPIN(Self.openClose(50)), user: Self.user) == [
                [2, "ClosureDimension.SetTarget", ["Position": 5000]],
                [3, "ClosureDimension.SetTarget", ["Position": 5000]],
            ]
        )
        #expect(
            try fulfillment.query(Self.window, as: Self.user)?["openState"] == Self.openState(("UP", 50), ("DOWN", 50))
        )
        _ = try Self.run(fulfillment, Self.relative(20, "UP"))
        #expect(try Self.position(fulfillment, 1) == 3000)
        #expect(try Self.position(fulfillment, 2) == 5000)
        _ = try Self.run(fulfillment, Self.relative(-60))
        #expect(
            try fulfillment.query(Self.window, as: Self.user)?["openState"] == Self.openState(("UP", 10), ("DOWN", 0))
        )
        #expect(
            try Self.commands(fulfillment, withPIN(Self.openClose(0)), user: Self.user) == [
                [2, "ClosureDimension.SetTarget", ["Position": 10000]]
            ]
        )
        #expect(try Self.run(fulfillment, Self.openClose(0)) == Self.error(Self.window, "alreadyClosed"))
    }

    /// Delivered to a device backend (`commands.delivery: webhook`), a direction is one `SetTarget` on its panel's
    /// endpoint with the position it targets, and nothing for the Closure's own endpoint; what the backend confirmed
    /// is committed.
    @Test func aDirectionIsDeliveredToItsPanelsEndpoint() throws {
        let deliverer = RecordingDeliverer()
        let fulfillment = try DeliveringFulfillment(devices: OpeningsCatalogue.deviceFile, deliverer: deliverer)
        guard var step = Self.openClose(100, "UP").objectValue else { return }
        step["challenge"] = ["pin": "2468"]
        let results = try fulfillment.execute(G.group([Self.window], .object(step)), as: Self.user)
        #expect(results.first?["status"] == "SUCCESS")
        let endpoints = try #require(deliverer.delivered.first?.devices.first?.endpoints)
        #expect(endpoints.map(\.endpoint) == [2])
        #expect(endpoints.first?.commands.map(\.command) == ["ClosureDimension.SetTarget"])
        #expect(endpoints.first?.commands.first?.arguments == JSONObject([("Position", 0)]))
        #expect(endpoints.first?.target["ClosureDimension"]?["CurrentState"]?["Position"] == 0)
        let stored = try #require(try fulfillment.store.devices(forUser: Self.user, ids: [Self.window])[Self.window])
        #expect(ClosureDirections.position(stored.endpoints[1], "CurrentState") == 0)
        #expect(ClosureDirections.position(stored.endpoints[2], "CurrentState") == 10000)
    }

    /// A direction the window does not open in (`IN` is Google's, not the window's) and one that is not Google's are
    /// refused in both modes: lenient mode cannot guess which sash was meant. Nothing moves.
    @Test(arguments: [ValidationMode.strict, .lenient])
    func anUnknownDirectionIsRefused(mode: ValidationMode) throws {
        let fulfillment = try Self.catalogue(mode)
        for direction in ["IN", "SIDEWAYS", "up"] {
            #expect(
                try Self.run(fulfillment, Self.openClose(100, direction)) == Self.error(Self.window, "notSupported")
            )
        }
        #expect(try Self.position(fulfillment, 1) == 7500)
        #expect(try Self.position(fulfillment, 2) == 10000)
    }

    /// Out of range: strict mode refuses, lenient mode clamps, direction or not.
    @Test func outOfRangeIsStrictOrClamped() throws {
        let strict = try Self.catalogue(.strict)
        #expect(try Self.run(strict, Self.openClose(150, "UP")) == Self.error(Self.window, "valueOutOfRange"))
        #expect(try Self.run(strict, Self.relative(-150)) == Self.error(Self.window, "valueOutOfRange"))
        let lenient = try Self.catalogue(.lenient)
        #expect(try Self.run(lenient, Self.openClose(150, "UP"))["status"] == "SUCCESS")
        #expect(try Self.position(lenient, 1) == 0)
        #expect(try Self.position(lenient, 2) == 10000)
    }

    /// The closure's refusals apply to the panels it moves: blocked, latched (the closure, or the panel), a panel
    /// endpoint offline.
    @Test func theClosuresRefusalsApply() throws {
        let blocked = try Self.closure(
            #""FeatureMap": 1, "MainState": 3, "CurrentErrorList": [0], "OverallCurrentState": {"Position": 2, "SecureState": null}, "OverallTargetState": {"Position": 1}"#,
            Self.panel(0, 5000),
            Self.panel(1, 5000)
        )
        #expect(try blocked.execute(G.group(["c"], Self.openClose(100))) == [Self.error("c", "obstructionDetected")])
        let latched = try Self.closure(
            #""FeatureMap": 3, "MainState": 0, "CurrentErrorList": [], "LatchControlModes": 3, "OverallCurrentState": {"Position": 0, "Latch": true, "SecureState": true}, "OverallTargetState": {"Position": 0, "Latch": true}"#,
            Self.panel(0, 10000),
            Self.panel(1, 10000)
        )
        #expect(try latched.execute(G.group(["c"], Self.openClose(100, "UP"))) == [Self.error("c", "lockedState")])
        let latchedPanel = try Self.closure(
            Self.idle,
            Self.panel(0, 10000),
            Self.panel(1, 10000, features: 35, latch: true)
        )
        #expect(
            try latchedPanel.execute(G.group(["c"], Self.openClose(100, "DOWN"))) == [Self.error("c", "lockedState")]
        )
        #expect(try latchedPanel.execute(G.group(["c"], Self.openClose(100, "UP"))).first?["status"] == "SUCCESS")
        let offline = try Self.closure(Self.idle, Self.panel(4, 10000), Self.panel(5, 10000, online: false))
        #expect(try offline.execute(G.group(["c"], Self.openClose(100))) == [Self.error("c", "deviceOffline")])
        #expect(try Self.position(offline, 1, id: "c", user: Fixtures.alice) == 10000, "nothing moved")
        #expect(try offline.execute(G.group(["c"], Self.openClose(100, "RIGHT"))).first?["status"] == "SUCCESS")
    }

    /// Two panels of one direction move together, each sent its own `SetTarget`.
    @Test func panelsOfOneDirectionMoveTogether() throws {
        let fulfillment = try Self.closure(Self.idle, Self.panel(5, 10000), Self.panel(4, 10000), Self.panel(5, 8000))
        #expect(
            try fulfillment.syncDevice("c")?["attributes"] == ["pausable": false, "openDirection": ["LEFT", "RIGHT"]]
        )
        #expect(
            try Self.commands(fulfillment, Self.openClose(60, "LEFT"), id: "c", user: Fixtures.alice) == [
                [2, "ClosureDimension.SetTarget", ["Position": 4000]],
                [4, "ClosureDimension.SetTarget", ["Position": 4000]],
            ]
        )
        #expect(try fulfillment.query("c")?["openState"] == Self.openState(("LEFT", 60), ("RIGHT", 0)))
    }

    /// A one-way closure ignores a direction on Google's list (it has no other) and refuses one outside it, as a
    /// covering does.
    @Test(arguments: [ValidationMode.strict, .lenient])
    func aOneWayClosureTakesGooglesDirectionsOnly(mode: ValidationMode) throws {
        let file = Fixtures.deviceFile(
            #"{"id": "c", "name": "C", "deviceTypes": ["Closure"], "clusters": {"ClosureControl": {\#(Self.idle)}}}"#
        )
        let fulfillment = try TestFulfillment(devices: file, options: FulfillmentOptions(validationMode: mode))
        #expect(
            try fulfillment.execute(G.group(["c"], Self.openClose(0, "SIDEWAYS"))) == [Self.error("c", "notSupported")]
        )
        #expect(try fulfillment.execute(G.group(["c"], Self.openClose(0, "DOWN"))).first?["status"] == "SUCCESS")
    }
}
