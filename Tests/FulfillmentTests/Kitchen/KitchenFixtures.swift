import JSON
import MatterModel
import SmartHomeProtocol
import Testing

@testable import Fulfillment

/// The kitchen and laundry appliances of the kitchen trait tests, as device-file JSON, and small helpers.
enum KitchenFixtures {
    typealias G = GoogleRequest

    /// An oven whose one cavity (endpoint 2) bakes at 180 °C (range 50…250 °C in steps of 5 °C), 21 °C inside,
    /// in `state` (Oven Cavity Operational State) with `countdown` seconds left, in mode `mode` (0 Bake, 1
    /// Convection Bake, 2 Grill, 3 Clean).
    static func oven(state: Int = 0, countdown: String = "null", mode: Int = 0, measured: String = "2100") -> String {
        #"""
        {"id": "oven", "name": "Oven", "endpoints": [
          {"deviceTypes": ["Oven"], "clusters": {}},
          {"deviceTypes": ["TemperatureControlledCabinet"], "clusters": {
            "OvenCavityOperationalState": {"OperationalState": \#(state), "CountdownTime": \#(countdown),
              "PhaseList": null, "CurrentPhase": null,
              "OperationalStateList": [{"OperationalStateID": 0}, {"OperationalStateID": 1}, {"OperationalStateID": 3}],
              "OperationalError": {"ErrorStateID": 0}},
            "OvenMode": {"SupportedModes": [
                {"Label": "Bake", "Mode": 0, "ModeTags": [{"Value": 16384}]},
                {"Label": "Fan bake", "Mode": 1, "ModeTags": [{"Value": 16389}]},
                {"Label": "Grill", "Mode": 2, "ModeTags": [{"Value": 16386}]},
                {"Label": "Clean", "Mode": 3, "ModeTags": [{"Value": 16388}]}],
              "CurrentMode": \#(mode)},
            "TemperatureControl": {"FeatureMap": 5, "TemperatureSetpoint": 18000, "MinTemperature": 5000,
              "MaxTemperature": 25000, "Step": 500},
            "TemperatureMeasurement": {"MeasuredValue": \#(measured)}}}]}
        """#
    }

    /// A microwave (MaxCookTime 3600 s, CookTime 30 s) in `state` (Operational State) with `countdown` left, in mode
    /// `mode` (0 Normal, 1 Defrost).
    static func microwave(state: Int = 0, countdown: String = "null", cookTime: Int = 30, mode: Int = 0) -> String {
        #"""
        {"id": "microwave", "name": "Microwave", "deviceTypes": ["MicrowaveOven"], "clusters": {
          "OperationalState": {"OperationalState": \#(state), "CountdownTime": \#(countdown),
            "OperationalError": \#(state == 3 ? 1 : 0)},
          "MicrowaveOvenMode": {"SupportedModes": [
              {"Label": "Normal", "Mode": 0, "ModeTags": [{"Value": 16384}]},
              {"Label": "Defrost", "Mode": 1, "ModeTags": [{"Value": 16385}]}],
            "CurrentMode": \#(mode)},
          "MicrowaveOvenControl": {"FeatureMap": 1, "CookTime": \#(cookTime), "MaxCookTime": 3600,
            "PowerSetting": 100}}}
        """#
    }

    /// A refrigerator with one cabinet (endpoint 2) at 4 °C, range 1…7 °C, no step.
    static let fridge = #"""
        {"id": "fridge", "name": "Fridge", "endpoints": [
          {"deviceTypes": ["Refrigerator"], "clusters": {}},
          {"deviceTypes": ["TemperatureControlledCabinet"], "clusters": {
            "TemperatureControl": {"FeatureMap": 1, "TemperatureSetpoint": 400, "MinTemperature": 100,
              "MaxTemperature": 700},
            "TemperatureMeasurement": {"MeasuredValue": 450}}}]}
        """#

    /// A water heater at 50 °C (heat limits 30…65 °C), the water at 42 °C.
    static let waterHeater = #"""
        {"id": "boiler", "name": "Water heater", "deviceTypes": ["WaterHeater"], "clusters": {
          "Thermostat": {"ControlSequenceOfOperation": 2, "SystemMode": 4, "OccupiedHeatingSetpoint": 5000,
            "AbsMinHeatSetpointLimit": 3000, "AbsMaxHeatSetpointLimit": 6500, "MinHeatSetpointLimit": 3000,
            "MaxHeatSetpointLimit": 6500, "LocalTemperature": 4200},
          "WaterHeaterManagement": {"HeaterTypes": 1, "HeatDemand": 0, "BoostState": 0},
          "WaterHeaterMode": {"SupportedModes": [{"Label": "Off", "Mode": 0, "ModeTags": [{"Value": 16384}]},
            {"Label": "Manual", "Mode": 1, "ModeTags": [{"Value": 16385}]}], "CurrentMode": 1}}}
        """#

    /// A cooktop whose cook surface (endpoint 2) has temperature levels only (TL).
    static let cooktop = #"""
        {"id": "cooktop", "name": "Hob", "endpoints": [
          {"deviceTypes": ["Cooktop"], "clusters": {"OnOff": {"OnOff": true}}},
          {"deviceTypes": ["CookSurface"], "clusters": {"OnOff": {"OnOff": true},
            "TemperatureControl": {"FeatureMap": 2, "SelectedTemperatureLevel": 1,
              "SupportedTemperatureLevels": ["low", "medium", "high"]}}}]}
        """#

    /// A laundry dryer, switched on, in `state`.
    static func dryer(state: Int = 0, phase: String = "null", countdown: String = "null") -> String {
        #"""
        {"id": "dryer", "name": "Dryer", "deviceTypes": ["LaundryDryer"], "clusters": {
          "OnOff": {"OnOff": true},
          "OperationalState": {"OperationalState": \#(state), "CurrentPhase": \#(phase),
            "CountdownTime": \#(countdown), "OperationalError": 0}}}
        """#
    }

    /// A fulfillment over the given devices.
    static func fulfillment(_ devices: String...) throws -> TestFulfillment {
        try TestFulfillment(
            devices: #"{"users": [{"agentUserId": "alice", "devices": [\#(devices.joined(separator: ","))]}]}"#
        )
    }

    /// A fulfillment over the given devices in lenient mode.
    static func lenient(_ devices: String...) throws -> TestFulfillment {
        var options = FulfillmentOptions()
        options.validationMode = .lenient
        return try TestFulfillment(
            devices: #"{"users": [{"agentUserId": "alice", "devices": [\#(devices.joined(separator: ","))]}]}"#,
            options: options
        )
    }

    /// The device's SYNC entry as Hearth builds it, before the SYNC answer's validation. On this branch `Modes` and
    /// `Toggles` (other helpers' traits) are stubs that leave these appliances without `availableModes` or
    /// `availableToggles`, so the answer would leave them out; every other violation (the kitchen traits') fails.
    static func syncDevice(_ fulfillment: TestFulfillment, _ id: String) throws -> JSONValue? {
        guard let device = try fulfillment.storedDevice(id),
            let sync = SyncDeviceMapping.syncDevice(for: device, willReportState: true)
        else { return nil }
        let violations = SyncValidator.violations(in: sync).filter {
            !$0.description.contains("availableModes") && !$0.description.contains("availableToggles")
        }
        #expect(violations.isEmpty, "\(violations)")
        return .object(sync.json)
    }

    /// The one result of an EXECUTE of `step` on `id`.
    static func run(_ fulfillment: TestFulfillment, _ id: String, _ step: JSONValue) throws -> JSONValue {
        let results = try fulfillment.execute(G.group([id], step))
        #expect(results.count == 1)
        return try #require(results.first)
    }

    /// The error code of an EXECUTE of `step` on `id` (`nil` when it succeeded).
    static func errorCode(_ fulfillment: TestFulfillment, _ id: String, _ step: JSONValue) throws -> String? {
        let result = try run(fulfillment, id, step)
        return result["status"] == "ERROR" ? result["errorCode"]?.stringValue : nil
    }

    /// One stored cluster of endpoint `endpoint` (0-based) of `id`.
    static func stored(
        _ fulfillment: TestFulfillment,
        _ id: String,
        endpoint: Int = 0,
        _ cluster: ClusterID
    ) throws -> ClusterState {
        let device = try #require(try fulfillment.storedDevice(id))
        return device.endpoints[endpoint].cluster(cluster)
    }
}
