import JSON
import MatterModel
import SmartHomeProtocol
import Testing

@testable import Fulfillment

/// The Air Quality Sensor, Rain Sensor and Water Freeze Detector: SYNC, QUERY and EXECUTE through the real handlers.
struct AirQualitySensorTests {
    typealias F = SensorsFixtures

    static let airStates: JSONValue = ["good", "fair", "moderate", "poor", "very poor", "severe"]

    /// The catalogue's monitor: AirQuality first, then its concentrations in Google's units (CO 1500 ppb is 1.5 ppm,
    /// TVOC 250 ppb 0.25 ppm); PM10 has no reading yet, so it is declared but left out of QUERY. Its temperature and
    /// humidity are the query-only climate traits.
    @Test func monitorSyncAndQuery() throws {
        let fulfillment = try F.catalogue()
        let device = try #require(try fulfillment.syncDevice("living-room-air", as: F.user))
        #expect(device["type"] == "action.devices.types.SENSOR")
        #expect(
            device["traits"]
                == [
                    "action.devices.traits.SensorState", "action.devices.traits.TemperatureSetting",
                    "action.devices.traits.HumiditySetting",
                ]
        )
        #expect(
            device["attributes"]?["sensorStatesSupported"]
                == [
                    ["name": "AirQuality", "descriptiveCapabilities": ["availableStates": Self.airStates]],
                    ["name": "CarbonDioxideLevel", "numericCapabilities": ["rawValueUnit": "PARTS_PER_MILLION"]],
                    ["name": "CarbonMonoxideLevel", "numericCapabilities": ["rawValueUnit": "PARTS_PER_MILLION"]],
                    ["name": "PM2.5", "numericCapabilities": ["rawValueUnit": "MICROGRAMS_PER_CUBIC_METER"]],
                    ["name": "PM10", "numericCapabilities": ["rawValueUnit": "MICROGRAMS_PER_CUBIC_METER"]],
                    [
                        "name": "VolatileOrganicCompounds",
                        "numericCapabilities": ["rawValueUnit": "PARTS_PER_MILLION"],
                    ],
                ]
        )
        #expect(device["attributes"]?["queryOnlyTemperatureSetting"] == true)
        #expect(device["attributes"]?["queryOnlyHumiditySetting"] == true)
        let states = try #require(try fulfillment.query("living-room-air", as: F.user))
        #expect(
            states["currentSensorStateData"]
                == [
                    ["name": "AirQuality", "currentSensorState": "fair"],
                    ["name": "CarbonDioxideLevel", "rawValue": 612.0],
                    ["name": "CarbonMonoxideLevel", "rawValue": 1.5],
                    ["name": "PM2.5", "rawValue": 8.5],
                    ["name": "VolatileOrganicCompounds", "rawValue": 0.25],
                ]
        )
        #expect(states["thermostatTemperatureAmbient"] == 21.5)
        #expect(states["humidityAmbientPercent"] == 45)
        #expect(states["status"] == "SUCCESS")
        #expect(try F.syncViolations(fulfillment).isEmpty)
    }

    /// A sensor measuring in a unit that does not convert exactly (CO₂ in µg/m³, PM2.5 in particles per m³) is left
    /// out of SYNC and QUERY; so is one that only indicates levels (no `MeasurementUnit`).
    @Test func inexactUnitsAndLevelOnlyClustersAreLeftOut() throws {
        let fulfillment = try F.fulfillment(
            #"""
            {"id": "air", "name": "Air", "deviceTypes": ["AirQualitySensor"], "clusters": {
              "AirQuality": {"AirQuality": 1},
              "CarbonDioxideConcentrationMeasurement": {"FeatureMap": 1, "MeasuredValue": 900, "MinMeasuredValue": 0,
                "MaxMeasuredValue": 5000, "MeasurementUnit": 4, "MeasurementMedium": 0},
              "PM25ConcentrationMeasurement": {"FeatureMap": 1, "MeasuredValue": 9000, "MinMeasuredValue": 0,
                "MaxMeasuredValue": 100000, "MeasurementUnit": 6, "MeasurementMedium": 0},
              "PM10ConcentrationMeasurement": {"FeatureMap": 2, "LevelValue": 3, "MeasurementMedium": 0}}}
            """#
        )
        let device = try #require(try fulfillment.syncDevice("air", as: F.user))
        #expect(
            device["attributes"]?["sensorStatesSupported"]
                == [["name": "AirQuality", "descriptiveCapabilities": ["availableStates": Self.airStates]]]
        )
        #expect(
            try fulfillment.query("air", as: F.user)?["currentSensorStateData"]
                == [["name": "AirQuality", "currentSensorState": "good"]]
        )
    }

    /// A Smoke CO Alarm already reports `CarbonMonoxideLevel`; Google allows each name once, so the CO concentration
    /// beside it is not reported again.
    @Test func carbonMonoxideIsNotReportedTwice() {
        let endpoint = Endpoint(
            deviceTypes: [.AirQualitySensor],
            clusters: [
                .SmokeCOAlarm: ClusterState(["FeatureMap": .int(2), "COState": .int(0)]),
                .CarbonMonoxideConcentrationMeasurement: ClusterState([
                    "MeasuredValue": .double(3), "MeasurementUnit": .int(0),
                ]),
                .CarbonDioxideConcentrationMeasurement: ClusterState([
                    "MeasuredValue": .double(450), "MeasurementUnit": .int(0),
                ]),
            ]
        )
        #expect(
            ConcentrationSensor.capabilities(of: endpoint)
                == [["name": "CarbonDioxideLevel", "numericCapabilities": ["rawValueUnit": "PARTS_PER_MILLION"]]]
        )
        #expect(ConcentrationSensor.currentStates(of: endpoint) == [["name": "CarbonDioxideLevel", "rawValue": 450.0]])
    }

    /// SensorState has no commands.
    @Test func sensorStateRefusesCommands() throws {
        let fulfillment = try F.catalogue()
        let step = GoogleRequest.step("ThermostatSetMode", ["thermostatMode": "heat"])
        #expect(try F.errorCode(fulfillment, "living-room-air", step) == "functionNotSupported")
    }

    @Test func rainSensorReportsRainDetection() throws {
        let fulfillment = try F.catalogue()
        let device = try #require(try fulfillment.syncDevice("garden-rain", as: F.user))
        #expect(device["type"] == "action.devices.types.SENSOR")
        #expect(device["traits"] == ["action.devices.traits.SensorState"])
        #expect(
            device["attributes"]?["sensorStatesSupported"]
                == [
                    [
                        "name": "RainDetection",
                        "descriptiveCapabilities": ["availableStates": ["rain detected", "no rain detected"]],
                    ]
                ]
        )
        #expect(
            try fulfillment.query("garden-rain", as: F.user)?["currentSensorStateData"]
                == [["name": "RainDetection", "currentSensorState": "no rain detected"]]
        )
        let raining = Endpoint(
            deviceTypes: [.RainSensor],
            clusters: [.BooleanState: ClusterState(["StateValue": .bool(true)])]
        )
        #expect(
            RainSensor.currentStates(of: raining) == [["name": "RainDetection", "currentSensorState": "rain detected"]]
        )
    }

    /// Google has no freeze sensor: the detector is kept, not exposed, and `devices validate` says why.
    @Test func freezeDetectorIsKeptUnexposed() throws {
        let fulfillment = try F.catalogue()
        #expect(try fulfillment.syncDevice("pipe-freeze", as: F.user) == nil)
        let detector = try #require(try fulfillment.storedDevice("pipe-freeze", of: F.user))
        let validation = DeviceValidation(device: detector, willReportState: true)
        #expect(validation.syncDevice == nil)
        #expect(validation.passes)
        #expect(validation.notExposedReason?.contains("Google's SensorState has no freeze sensor") == true)
        #expect(try fulfillment.query("pipe-freeze", as: F.user)?["errorCode"] == "deviceNotFound")
    }
}
