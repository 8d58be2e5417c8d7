import Fulfillment
import JSON
import MatterModel
import SmartHomeProtocol
import Testing

/// Google's TemperatureSetting: `thermostatMode` is the "current mode of the device, from the list of
/// `availableThermostatModes`". Checked over every Matter `SystemMode` × `ControlSequenceOfOperation` × device type
/// that may carry the Thermostat cluster: import accepts exactly the states Matter allows, SYNC and QUERY agree
/// for every accepted state, and `ThermostatSetMode` keeps them agreeing.
struct ThermostatModeTests {
    typealias G = GoogleRequest

    /// Every device type a Thermostat cluster is allowed on.
    static let hosts = DeviceType.modelled.filter { $0.allowedClusters.contains(.Thermostat) }

    /// The hosts whose Thermostat is Google's TemperatureSetting: not a Water Heater, whose Thermostat backs OnOff
    /// and TemperatureControl (Google's WATERHEATER guide: "The TemperatureSetting trait should not be used for a
    /// water heater").
    static let types = hosts.filter { DeviceTypeMapping.traits(for: $0).contains(.temperatureSetting) }

    /// Every value Google lists for `availableThermostatModes` (TemperatureSetting trait, "Supported values").
    static let googleModes = ["off", "heat", "cool", "on", "heatcool", "auto", "fan-only", "purifier", "eco", "dry"]

    /// The oracle, written from the sources rather than from Hearth's code. Matter's `SystemModeEnum` (0…9, 2
    /// reserved) → Google's mode: Auto keeps a range (`heatcool`), EmergencyHeat heats, Precooling cools, Sleep is
    /// the energy-saving `eco`.
    static func googleMode(_ systemMode: Int) -> String? {
        [0: "off", 1: "heatcool", 3: "cool", 4: "heat", 5: "heat", 6: "cool", 7: "fan-only", 8: "dry", 9: "eco"][
            systemMode
        ]
    }

    /// Whether Matter allows `systemMode` with `sequence` (`ControlSequenceOfOperationEnum`: heating is "not
    /// possible" with 0 and 1, cooling with 2 and 3; `SystemModeEnum`: Auto needs the AUTO feature, which needs
    /// both; 2 is reserved; Off, FanOnly, Dry and Sleep go with every sequence).
    static func allowed(_ systemMode: Int, sequence: Int) -> Bool {
        let heats = (2...5).contains(sequence)
        let cools = [0, 1, 4, 5].contains(sequence)
        switch systemMode {
        case 2: return false
        case 4, 5: return heats
        case 3, 6: return cools
        case 1: return heats && cools
        default: return true
        }
    }

    /// The oracle's `availableThermostatModes`: off; heat for sequences 2…5, cool for 0, 1, 4, 5
    /// (`ControlSequenceOfOperationEnum`), heatcool for both; fan-only and dry on a Room Air Conditioner; and the
    /// mode the device reports being in (`current`, a Google mode) when it is fan-only, dry or eco.
    static func available(sequence: Int, type: DeviceType, current: String? = nil) -> [String] {
        let heats = (2...5).contains(sequence)
        let cools = [0, 1, 4, 5].contains(sequence)
        var modes = ["off"]
        if heats { modes.append("heat") }
        if cools { modes.append("cool") }
        if heats && cools { modes.append("heatcool") }
        if type == .RoomAirConditioner { modes += ["fan-only", "dry"] }
        if let current, ["fan-only", "dry", "eco"].contains(current), !modes.contains(current) {
            modes.append(current)
        }
        return modes
    }

    struct Case: Sendable, CustomTestStringConvertible {
        var type: DeviceType
        var sequence: Int
        var testDescription: String { "\(type.rawValue), ControlSequenceOfOperation \(sequence)" }
    }

    static let cases = types.flatMap { type in (0...5).map { Case(type: type, sequence: $0) } }

    /// A new device type with the cluster must be added to this property's reasoning, not slip past it.
    @Test func theTypesWithTheClusterAreKnown() {
        #expect(Set(Self.hosts) == [.Thermostat, .RoomAirConditioner, .WaterHeater])
        #expect(Set(Self.types) == [.Thermostat, .RoomAirConditioner])
    }

    static func deviceFile(_ type: DeviceType, sequence: Int, systemMode: Int) -> String {
        Fixtures.deviceFile(
            #"""
            {"id": "t", "name": "T", "deviceTypes": ["\#(type.rawValue)"],
             "clusters": {"Thermostat": {"ControlSequenceOfOperation": \#(sequence), "SystemMode": \#(systemMode)}}}
            """#
        )
    }

    @Test(arguments: cases)
    func reportedModeIsAlwaysAvailable(_ testCase: Case) throws {
        var accepted = 0
        for systemMode in 0...9 {
            let file = Self.deviceFile(testCase.type, sequence: testCase.sequence, systemMode: systemMode)
            let expected = Self.allowed(systemMode, sequence: testCase.sequence) ? Self.googleMode(systemMode) : nil
            let expectedModes = Self.available(sequence: testCase.sequence, type: testCase.type, current: expected)
            let parsed: DeviceFile
            do {
                parsed = try DeviceFile.parse(file)
            } catch {
                #expect(expected == nil, "SystemMode \(systemMode) refused: \(error.message)")
                #expect(error.field == "clusters.Thermostat.SystemMode", "SystemMode \(systemMode)")
                #expect(error.message.hasPrefix("\(systemMode) "), "SystemMode \(systemMode): \(error.message)")
                continue
            }
            #expect(expected != nil, "SystemMode \(systemMode) accepted, but Matter does not allow it")
            #expect(parsed.users[0].devices[0].endpoints[0].cluster(.Thermostat).int("SystemMode") == systemMode)
            accepted += 1
            let fulfillment = try TestFulfillment(devices: file)
            let attributes = try #require(try fulfillment.syncDevice("t")?["attributes"])
            #expect(attributes["availableThermostatModes"] == .array(expectedModes.map { .string($0) }))
            let states = try #require(try fulfillment.query("t"))
            #expect(states["thermostatMode"] == expected.map { .string($0) }, "SystemMode \(systemMode)")
            #expect(expected.map { expectedModes.contains($0) } == true, "the reported mode is available")
        }
        // Off, FanOnly, Dry, Sleep, and the heating or cooling modes of every sequence.
        #expect(accepted >= 6)
    }

    /// From every accepted state, every one of Google's modes in turn: those offered in the state the device is in
    /// are set and then reported, the others are `functionNotSupported` and change nothing.
    @Test(arguments: cases)
    func setModeKeepsTheReportedModeAvailable(_ testCase: Case) throws {
        for systemMode in 0...9 {
            let file = Self.deviceFile(testCase.type, sequence: testCase.sequence, systemMode: systemMode)
            guard (try? DeviceFile.parse(file)) != nil else { continue }
            let fulfillment = try TestFulfillment(devices: file)
            for mode in Self.googleModes {
                let before = try #require(try fulfillment.query("t")?["thermostatMode"])
                let expectedModes = Self.available(
                    sequence: testCase.sequence,
                    type: testCase.type,
                    current: before.stringValue
                )
                let results = try fulfillment.execute(
                    G.group(["t"], G.step("ThermostatSetMode", ["thermostatMode": .string(mode)]))
                )
                let after = try #require(try fulfillment.query("t")?["thermostatMode"]?.stringValue)
                let availableAfter = try #require(
                    try fulfillment.syncDevice("t")?["attributes"]?["availableThermostatModes"]?.arrayValue
                )
                #expect(availableAfter.contains(.string(after)), "\(mode) from SystemMode \(systemMode) left \(after)")
                if expectedModes.contains(mode) {
                    #expect(results.first?["status"] == "SUCCESS", "\(mode): \(results)")
                    #expect(after == mode)
                } else {
                    #expect(results.first?["errorCode"] == "functionNotSupported", "\(mode): \(results)")
                    #expect(.string(after) == before)
                }
            }
        }
    }
}
