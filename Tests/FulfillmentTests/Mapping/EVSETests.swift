import Clocks
import HearthFakes
import JSON
import Logging
import MatterModel
import PropertyBased
import Registry
import RegistrySQLite
import SmartHomeProtocol
import Synchronization
import Testing

@testable import Fulfillment

/// EnergyStorage for an EV charger (Energy EVSE): SYNC, QUERY, `Charge` as `EnableCharging` / `Disable`, its
/// errors, the change log, and webhook delivery as Matter commands.
struct EVSETests {
    typealias G = GoogleRequest

    static func chargerFile(_ evse: String) -> String {
        Fixtures.deviceFile(
            #"""
            {"id": "charger", "name": "Car charger", "deviceTypes": ["EnergyEVSE"],
             "clusters": {"EnergyEVSE": {"FeatureMap": 2, \#(evse)},
               "EnergyEVSEMode": {"CurrentMode": 0, "SupportedModes": [
                 {"Label": "Manual", "Mode": 0, "ModeTags": [{"Value": 16384}]},
                 {"Label": "Solar", "Mode": 1, "ModeTags": [{"Value": 16386}]}]}}}
            """#
        )
    }

    static func fulfillment(_ evse: String) throws -> TestFulfillment {
        try TestFulfillment(devices: chargerFile(evse))
    }

    static let charging = #"""
        "State": 3, "SupplyState": 1, "FaultState": 0, "StateOfCharge": 42, "BatteryCapacity": 75000000,
        "CircuitCapacity": 32000, "MinimumChargeCurrent": 6000, "MaximumChargeCurrent": 16000
        """#

    static func charge(_ on: Bool) -> JSONValue { G.step("Charge", ["charge": .bool(on)]) }

    // MARK: - Conversions

    @Test func pluggedInFollowsTheState() {
        #expect(EvseConversion.isPluggedIn(.notPluggedIn) == false)
        #expect(EvseConversion.isPluggedIn(.pluggedInNoDemand) == true)
        #expect(EvseConversion.isPluggedIn(.pluggedInDemand) == true)
        #expect(EvseConversion.isPluggedIn(.pluggedInCharging) == true)
        #expect(EvseConversion.isPluggedIn(.pluggedInDischarging) == true)
        #expect(EvseConversion.isPluggedIn(.sessionEnding) == false)
        #expect(EvseConversion.isPluggedIn(.fault) == nil)
        #expect(EvseConversion.state(.null) == nil)
        #expect(EvseConversion.state(.int(9)) == nil)
    }

    @Test func energyShareIsWholeKilowattHoursRoundedDown() {
        #expect(EvseConversion.kilowattHours(percent: 42, ofMilliwattHours: 75_000_000) == 31)  // 31.5
        #expect(EvseConversion.kilowattHours(percent: 100, ofMilliwattHours: 75_000_000) == 75)
        #expect(EvseConversion.kilowattHours(percent: 0, ofMilliwattHours: 75_000_000) == 0)
        #expect(EvseConversion.kilowattHours(percent: 150, ofMilliwattHours: 1_000_000) == 1)
        #expect(EvseConversion.kilowattHours(percent: 50, ofMilliwattHours: .max) == Int.max / 100 * 50 / 1_000_000)
    }

    /// Remaining and until-full energy never add up to more than the battery, and never to a whole kWh less.
    @Test func remainingAndUntilFullShareTheBattery() async {
        // One integer carries both inputs: a percent 0…100 and a capacity 0…200 MWh… in mWh.
        await propertyCheck(count: 500, input: Gen.int(in: 0...(101 * 200_000_001 - 1))) { seed in
            let (percent, capacity) = (seed % 101, seed / 101)
            let remaining = EvseConversion.kilowattHours(percent: percent, ofMilliwattHours: capacity)
            let untilFull = EvseConversion.kilowattHours(percent: 100 - percent, ofMilliwattHours: capacity)
            let whole = capacity / 1_000_000
            #expect(remaining >= 0 && untilFull >= 0)
            #expect(remaining + untilFull <= whole)
            #expect(remaining + untilFull >= whole - 1)
        }
    }

    @Test func chargeCurrentsPreferTheCircuitAndNeverGoBelowTheMinimum() {
        #expect(
            EvseConversion.chargeCurrents(
                minimumChargeCurrent: 6000,
                circuitCapacity: 32000,
                maximumChargeCurrent: 16000
            )
                == (6000, 32000)
        )
        #expect(
            EvseConversion.chargeCurrents(minimumChargeCurrent: nil, circuitCapacity: 0, maximumChargeCurrent: 16000)
                == (6000, 16000)
        )
        #expect(
            EvseConversion.chargeCurrents(minimumChargeCurrent: 8000, circuitCapacity: nil, maximumChargeCurrent: 0)
                == (8000, 8000)
        )
        #expect(
            EvseConversion.chargeCurrents(minimumChargeCurrent: 10000, circuitCapacity: 6000, maximumChargeCurrent: nil)
                == (10000, 10000)
        )
    }

    // MARK: - SYNC and QUERY

    /// The charger's attributes, judged by the SYNC validator. (The charger's EVSE Mode brings Modes, another
    /// trait's mapping, so the whole device is not judged here.)
    @Test func syncDeclaresAChargerThatTakesCharge() throws {
        let fulfillment = try Self.fulfillment(Self.charging)
        let device = try #require(try fulfillment.storedDevice("charger"))
        #expect(DeviceTypeMapping.googleType(for: device.endpoints[0]) == .charger)
        #expect(DeviceTypeMapping.traits(of: device).contains(.energyStorage))
        var attributes = JSONObject()
        EnergyStorageTrait.attributes(of: device.endpoints[0], into: &attributes)
        #expect(attributes == JSONObject([("queryOnlyEnergyStorage", false), ("isRechargeable", true)]))
        let google: JSONValue = [
            "id": "charger", "type": "action.devices.types.CHARGER",
            "traits": ["action.devices.traits.EnergyStorage"], "name": ["name": "Car charger"],
            "willReportState": false, "attributes": .object(attributes),
        ]
        #expect(SyncValidator.violations(in: try #require(google.objectValue)) == [])
        // Taking Charge without saying rechargeable is what Google's page rules out.
        var wrong = try #require(google.objectValue)
        wrong["attributes"] = ["queryOnlyEnergyStorage": false]
        #expect(SyncValidator.violations(in: wrong).map(\.path) == ["attributes.isRechargeable"])
    }

    @Test func queryReportsTheVehiclesChargeInPercentAndKilowattHours() throws {
        let fulfillment = try Self.fulfillment(Self.charging)
        #expect(
            try fulfillment.query("charger")
                == [
                    "online": true, "status": "SUCCESS", "descriptiveCapacityRemaining": "MEDIUM",
                    "capacityRemaining": [
                        ["rawValue": 42, "unit": "PERCENTAGE"], ["rawValue": 31, "unit": "KILOWATT_HOURS"],
                    ],
                    "capacityUntilFull": [
                        ["rawValue": 58, "unit": "PERCENTAGE"], ["rawValue": 43, "unit": "KILOWATT_HOURS"],
                    ],
                    "isCharging": true, "isPluggedIn": true,
                    // The charger's Energy EVSE Mode is its Modes trait.
                    "currentModeSettings": ["charging mode": "mode-0"],
                ]
        )
    }

    /// A null State of Charge (the EV does not report it) leaves the capacities out; no vehicle is not plugged in.
    @Test func noStateOfChargeNoCapacities() throws {
        let fulfillment = try Self.fulfillment(#""State": 0, "SupplyState": 0, "FaultState": 0, "StateOfCharge": null"#)
        #expect(
            try fulfillment.query("charger")
                == [
                    "online": true, "status": "SUCCESS", "descriptiveCapacityRemaining": "MEDIUM",
                    "isCharging": false, "isPluggedIn": false,
                    "currentModeSettings": ["charging mode": "mode-0"],
                ]
        )
    }

    // MARK: - EXECUTE

    @Test func chargeTrueEnablesChargingAndTheDemandingVehicleStarts() throws {
        let fulfillment = try Self.fulfillment(
            #""State": 2, "SupplyState": 0, "FaultState": 0, "StateOfCharge": 95, "CircuitCapacity": 32000"#
        )
        let before = try fulfillment.store.changeBounds().latest
        let results = try fulfillment.execute(G.group(["charger"], Self.charge(true)))
        #expect(
            results == [
                [
                    "ids": ["charger"], "status": "SUCCESS",
                    "states": [
                        "descriptiveCapacityRemaining": "HIGH",
                        "capacityRemaining": [["rawValue": 95, "unit": "PERCENTAGE"]],
                        "capacityUntilFull": [["rawValue": 5, "unit": "PERCENTAGE"]],
                        "isCharging": true, "isPluggedIn": true, "online": true,
                    ],
                ]
            ]
        )
        let evse = try #require(try fulfillment.storedDevice("charger")?.endpoints[0].cluster(.EnergyEvse))
        #expect(evse["SupplyState"] == .int(1))
        #expect(evse["State"] == .int(3))
        #expect(evse["ChargingEnabledUntil"] == .null)
        let commands = try fulfillment.store.changes(after: before, limit: 10, users: nil, kinds: [.command])
        #expect(commands.count == 1)
        let data = try #require(commands.first?.record.data)
        #expect(data["command"] == "EnergyEvse.EnableCharging")
        #expect(
            data["arguments"]
                == ["ChargingEnabledUntil": .null, "MinimumChargeCurrent": 6000, "MaximumChargeCurrent": 32000]
        )
    }

    @Test func chargeFalseDisablesAndStopsTheCurrent() throws {
        let fulfillment = try Self.fulfillment(Self.charging)
        let before = try fulfillment.store.changeBounds().latest
        let results = try fulfillment.execute(G.group(["charger"], Self.charge(false)))
        #expect(results.first?["status"] == "SUCCESS")
        #expect(results.first?["states"]?["isCharging"] == false)
        #expect(results.first?["states"]?["isPluggedIn"] == true)
        let evse = try #require(try fulfillment.storedDevice("charger")?.endpoints[0].cluster(.EnergyEvse))
        #expect(evse["SupplyState"] == .int(0))
        #expect(evse["State"] == .int(2))
        let commands = try fulfillment.store.changes(after: before, limit: 10, users: nil, kinds: [.command])
        #expect(commands.map { $0.record.data["command"] } == ["EnergyEvse.Disable"])
        #expect(commands.first?.record.data["arguments"] == [:])
    }

    struct Refusal: Sendable, CustomTestStringConvertible {
        var evse: String
        var code: String
        var testDescription: String { "\(code): \(evse)" }
    }

    static let refusals: [Refusal] = [
        Refusal(evse: #""State": 0, "SupplyState": 0, "FaultState": 0"#, code: "deviceNotReady"),
        Refusal(evse: #""State": 5, "SupplyState": 1, "FaultState": 0"#, code: "deviceNotReady"),
        Refusal(evse: #""State": null, "SupplyState": 0, "FaultState": 0"#, code: "deviceNotReady"),
        Refusal(evse: #""State": 6, "SupplyState": 0, "FaultState": 7"#, code: "chargerIssue"),
        Refusal(evse: #""State": 2, "SupplyState": 3, "FaultState": 0"#, code: "chargerIssue"),
        Refusal(evse: #""State": 2, "SupplyState": 4, "FaultState": 0"#, code: "deviceNotReady"),
    ]

    @Test(arguments: refusals)
    func chargeTrueIsRefusedWhenItCannotStart(_ refusal: Refusal) throws {
        let fulfillment = try Self.fulfillment(refusal.evse)
        let before = try fulfillment.store.changeBounds().latest
        let results = try fulfillment.execute(G.group(["charger"], Self.charge(true)))
        #expect(results == [["ids": ["charger"], "status": "ERROR", "errorCode": .string(refusal.code)]])
        #expect(try fulfillment.store.changes(after: before, limit: 10, users: nil, kinds: nil).isEmpty)
        // Stopping is always allowed.
        #expect(try fulfillment.execute(G.group(["charger"], Self.charge(false))).first?["status"] == "SUCCESS")
    }

    @Test func chargeNeedsItsBooleanAndABatteryRefusesIt() throws {
        let fulfillment = try Self.fulfillment(Self.charging)
        let missing = try fulfillment.execute(G.group(["charger"], G.step("Charge", [:])))
        #expect(missing.first?["errorCode"] == "notSupported")
        let battery = try TestFulfillment(
            devices: Fixtures.deviceFile(
                #"""
                {"id": "lamp", "name": "Lamp", "deviceTypes": ["OnOffLight"],
                 "clusters": {"PowerSource": {"BatPercentRemaining": 200}}}
                """#
            )
        )
        #expect(
            try battery.execute(G.group(["lamp"], Self.charge(true))).first?["errorCode"] == "functionNotSupported"
        )
        #expect(try battery.syncDevice("lamp")?["attributes"]?["queryOnlyEnergyStorage"] == true)
    }

    // MARK: - Webhook delivery

    /// `Charge` reaches the device backend as the Matter command with its Matter arguments, and the target
    /// attributes Hearth computed.
    @Test func chargeIsDeliveredAsEnableChargingWithMatterArguments() throws {
        let deliverer = RecordingDeliverer()
        let dispatcher = try DeliveringFulfillment(devices: Self.chargerFile(Self.charging), deliverer: deliverer)
        let answer = try dispatcher.execute(G.group(["charger"], Self.charge(true)))
        #expect(answer.first?["status"] == "SUCCESS")
        let planned = try #require(deliverer.delivered.first)
        let endpoint = try #require(planned.devices.first?.endpoints.first)
        #expect(planned.devices.map(\.id) == ["charger"])
        #expect(endpoint.endpoint == 1)
        #expect(
            endpoint.commands
                == [
                    PlannedCommands.Command(
                        command: "EnergyEvse.EnableCharging",
                        arguments: JSONObject([
                            ("ChargingEnabledUntil", .null), ("MinimumChargeCurrent", 6000),
                            ("MaximumChargeCurrent", 32000),
                        ])
                    )
                ]
        )
        #expect(endpoint.target["EnergyEVSE"]?["MaximumChargeCurrent"] == 32000)

        let stop = try dispatcher.execute(G.group(["charger"], Self.charge(false)))
        #expect(stop.first?["status"] == "SUCCESS")
        #expect(
            deliverer.delivered.last?.devices.first?.endpoints.first?.commands
                == [PlannedCommands.Command(command: "EnergyEvse.Disable", arguments: JSONObject())]
        )
    }
}
