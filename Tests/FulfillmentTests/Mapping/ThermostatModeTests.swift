import Fulfillment
import JSON
import MatterModel
import SmartHomeProtocol
import Testing

/// Google's TemperatureSetting: `thermostatMode` is the "current mode of the device, from the list of
/// `availableThermostatModes`". Checked over every Matter `SystemMode` × `ControlSequenceOfOperation` × device type
/// that may carry the Thermostat cluster: import accepts exactly the states whose mode Hearth can report among the
/// modes it offers, SYNC and QUERY agree for every accepted state, and `ThermostatSetMode` keeps them agreeing.
struct ThermostatModeTests {
    typealias G = GoogleRequest

    /// Every device type a Thermostat cluster is allowed on.
    static let types = DeviceType.allCases.filter { $0.allowedClusters.contains(.Thermostat) }

    /// Every value Google lists for `availableThermostatModes` (TemperatureSetting trait, "Supported values").
    static let googleModes = ["off", "heat", "cool", "on", "heatcool", "auto", "fan-only", "purifier", "eco", "dry"]

    /// The oracle, written from the sources rather than from Hearth's code. Matter's `SystemModeEnum` (0…9, 2
    /// reserved) → Google's mode: Auto keeps a range (`heatcool`), EmergencyHeat heats, Precooling cools; Sleep
    /// has no Google mode.
    static func googleMode(_ systemMode: Int) -> String? {
        [0: "off", 1: "heatcool", 3: "cool", 4: "heat", 5: "heat", 6: "cool", 7: "fan-only", 8: "dry"][systemMode]
    }

    /// The oracle's `availableThermostatModes`: off; heat for sequences 2…5, cool for 0, 1, 4, 5
    /// (`ControlSequenceOfOperationEnum`), heatcool for both; fan-only and dry on a Room Air Conditioner.
    static func available(sequence: Int, type: DeviceType) -> [String] {
        let heats = (2...5).contains(sequence)
        let cools = [0, 1, 4, 5].contains(sequence)
        var modes = ["off"]
        if heats { modes.append("heat") }
        if cools { modes.append("cool") }
        if heats && cools { modes.append("heatcool") }
        if type == .RoomAirConditioner { modes += ["fan-only", "dry"] }
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
        let expectedModes = Self.available(sequence: testCase.sequence, type: testCase.type)
        var accepted = 0
        for systemMode in 0...9 {
            let file = Self.deviceFile(testCase.type, sequence: testCase.sequence, systemMode: systemMode)
            let expected = Self.googleMode(systemMode).flatMap { expectedModes.contains($0) ? $0 : nil }
            let parsed: DeviceFile
            do {
                parsed = try DeviceFile.parse(file)
            } catch {
                #expect(expected == nil, "SystemMode \(systemMode) refused: \(error.message)")
                #expect(error.field == "clusters.Thermostat.SystemMode", "SystemMode \(systemMode)")
                #expect(error.message.hasPrefix("\(systemMode) "), "SystemMode \(systemMode): \(error.message)")
                continue
            }
            #expect(expected != nil, "SystemMode \(systemMode) accepted, but Google could not be told it")
            #expect(parsed.users[0].devices[0].endpoints[0].cluster(.Thermostat).int("SystemMode") == systemMode)
            accepted += 1
            let fulfillment = try TestFulfillment(devices: file)
            let attributes = try #require(try fulfillment.syncDevice("t")?["attributes"])
            #expect(attributes["availableThermostatModes"] == .array(expectedModes.map { .string($0) }))
            let states = try #require(try fulfillment.query("t"))
            #expect(states["thermostatMode"] == expected.map { .string($0) }, "SystemMode \(systemMode)")
        }
        // Off, and the heating or cooling modes of every sequence, are always accepted.
        #expect(accepted >= 3)
    }

    /// From every accepted state, every one of Google's modes: those offered are set and then reported, the
    /// others are `functionNotSupported` and change nothing.
    @Test(arguments: cases)
    func setModeKeepsTheReportedModeAvailable(_ testCase: Case) throws {
        let expectedModes = Self.available(sequence: testCase.sequence, type: testCase.type)
        for systemMode in 0...9 {
            let file = Self.deviceFile(testCase.type, sequence: testCase.sequence, systemMode: systemMode)
            guard (try? DeviceFile.parse(file)) != nil else { continue }
            let fulfillment = try TestFulfillment(devices: file)
            for mode in Self.googleModes {
                let before = try #require(try fulfillment.query("t")?["thermostatMode"])
                let results = try fulfillment.execute(
                    G.group(["t"], G.step("ThermostatSetMode", ["thermostatMode": .string(mode)]))
                )
                let after = try #require(try fulfillment.query("t")?["thermostatMode"]?.stringValue)
                #expect(expectedModes.contains(after), "\(mode) from SystemMode \(systemMode) left \(after)")
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
