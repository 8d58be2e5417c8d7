import JSON
import MatterModel
import PropertyBased
import SmartHomeProtocol
import Testing

@testable import Fulfillment

/// SensorState `FilterLifeTime` from HEPA and Activated Carbon Filter Monitoring: the conversions, SYNC and QUERY
/// on an Air Purifier (beside its AirQuality) and on an Extractor Hood, and the validator's view of what SYNC sends.
struct FilterLifeTests {
    typealias Conversion = FilterLifeConversion

    // MARK: - Conversions

    @Test func remainingLifeFollowsTheDegradationDirection() {
        // Down: 100 is a new filter. Up: 0 is a new filter.
        #expect(Conversion.remainingPercent(condition: 80, degradationDirection: Conversion.degradationDown) == 80)
        #expect(Conversion.remainingPercent(condition: 80, degradationDirection: Conversion.degradationUp) == 20)
        #expect(Conversion.remainingPercent(condition: 0, degradationDirection: Conversion.degradationUp) == 100)
        #expect(Conversion.remainingPercent(condition: 100, degradationDirection: Conversion.degradationDown) == 100)
        // Outside Matter's percent range: clamped; an unknown direction reads as Down.
        #expect(Conversion.remainingPercent(condition: 250, degradationDirection: Conversion.degradationDown) == 100)
        #expect(Conversion.remainingPercent(condition: -4, degradationDirection: Conversion.degradationUp) == 100)
        #expect(Conversion.remainingPercent(condition: 35, degradationDirection: 7) == 35)
    }

    /// The two directions are mirror images: together they always make 100 %, and both stay in 0…100.
    @Test func directionsAreComplementaryAndBounded() async {
        await propertyCheck(count: 500, input: Gen.int()) { condition in
            let down = Conversion.remainingPercent(
                condition: condition,
                degradationDirection: Conversion.degradationDown
            )
            let up = Conversion.remainingPercent(condition: condition, degradationDirection: Conversion.degradationUp)
            #expect((0...100).contains(down))
            #expect((0...100).contains(up))
            #expect(down + up == 100)
        }
    }

    /// Wear moves the remaining life one way only: more degradation never reads as more life left.
    @Test func moreWearNeverReadsAsMoreLife() async {
        await propertyCheck(count: 500, input: Gen.int(in: 0...99)) { condition in
            #expect(
                Conversion.remainingPercent(condition: condition + 1, degradationDirection: Conversion.degradationUp)
                    <= Conversion.remainingPercent(condition: condition, degradationDirection: Conversion.degradationUp)
            )
            #expect(
                Conversion.remainingPercent(condition: condition, degradationDirection: Conversion.degradationDown)
                    <= Conversion.remainingPercent(
                        condition: condition + 1,
                        degradationDirection: Conversion.degradationDown
                    )
            )
        }
    }

    @Test func descriptiveStatesFollowChangeIndication() {
        #expect(Conversion.descriptiveState(.critical, remainingPercent: 90) == "replace now")
        #expect(Conversion.descriptiveState(.warning, remainingPercent: 100) == "replace soon")
        #expect(Conversion.descriptiveState(.ok, remainingPercent: 100) == "new")
        #expect(Conversion.descriptiveState(.ok, remainingPercent: 99) == "good")
        #expect(Conversion.descriptiveState(.ok, remainingPercent: nil) == "good")
        #expect(Conversion.changeIndication(3) == nil)
        #expect(Conversion.changeIndication(nil) == nil)
        #expect(Conversion.changeIndication(1) == .warning)
    }

    /// Every descriptive state is one Google lists for `FilterLifeTime`, and Hearth declares them all.
    @Test func everyDescriptiveStateIsDeclared() async {
        // One integer carries both inputs: an indication 0…2 and a percent -1…100 (-1: none known).
        await propertyCheck(count: 300, input: Gen.int(in: 0...(3 * 102 - 1))) { seed in
            let (raw, percent) = (seed % 3, seed / 3 - 1)
            let indication = Conversion.ChangeIndication(rawValue: raw) ?? .ok
            let state = Conversion.descriptiveState(indication, remainingPercent: percent < 0 ? nil : percent)
            #expect(Conversion.availableStates.contains(state))
        }
    }

    // MARK: - SYNC and QUERY

    static func fulfillment(type: String = "AirPurifier", _ clusters: String) throws -> TestFulfillment {
        try TestFulfillment(
            devices: Fixtures.deviceFile(
                #"""
                {"id": "purifier", "name": "Purifier", "deviceTypes": ["\#(type)"],
                 "clusters": {"FanControl": {"FanMode": 1, "FanModeSequence": 3, "PercentSetting": 50,
                   "PercentCurrent": 50}\#(clusters)}}
                """#
            )
        )
    }

    static let filterStates: JSONValue = ["new", "good", "replace soon", "replace now"]

    /// An Air Purifier's AirQuality stays first; its HEPA filter follows as FilterLifeTime with both capabilities.
    @Test func airPurifierReportsAirQualityThenFilterLife() throws {
        let fulfillment = try Self.fulfillment(
            #"""
            , "AirQuality": {"AirQuality": 1},
              "HEPAFilterMonitoring": {"FeatureMap": 1, "Condition": 64, "DegradationDirection": 1, "ChangeIndication": 0}
            """#
        )
        let device = try #require(try fulfillment.syncDevice("purifier"))
        #expect(
            device["attributes"]?["sensorStatesSupported"]
                == [
                    [
                        "name": "AirQuality",
                        "descriptiveCapabilities": [
                            "availableStates": ["good", "fair", "moderate", "poor", "very poor", "severe"]
                        ],
                    ],
                    [
                        "name": "FilterLifeTime", "descriptiveCapabilities": ["availableStates": Self.filterStates],
                        "numericCapabilities": ["rawValueUnit": "PERCENTAGE"],
                    ],
                ]
        )
        let states = try #require(try fulfillment.query("purifier"))
        #expect(
            states["currentSensorStateData"]
                == [
                    ["name": "AirQuality", "currentSensorState": "good"],
                    ["name": "FilterLifeTime", "currentSensorState": "good", "rawValue": 64],
                ]
        )
        #expect(states["status"] == "SUCCESS")
        let payload = try #require(try fulfillment.sync().body["payload"]?.objectValue)
        #expect(SyncValidator.violations(inPayload: payload).isEmpty)
    }

    /// Without Condition (no CON feature) the sensor is descriptive only.
    @Test func withoutConditionTheSensorIsDescriptiveOnly() throws {
        let fulfillment = try Self.fulfillment(
            type: "ExtractorHood",
            #", "ActivatedCarbonFilterMonitoring": {"ChangeIndication": 1}"#
        )
        let device = try #require(try fulfillment.syncDevice("purifier"))
        #expect(device["traits"]?.arrayValue?.contains("action.devices.traits.SensorState") == true)
        #expect(
            device["attributes"]?["sensorStatesSupported"]
                == [["name": "FilterLifeTime", "descriptiveCapabilities": ["availableStates": Self.filterStates]]]
        )
        #expect(
            try fulfillment.query("purifier")?["currentSensorStateData"]
                == [["name": "FilterLifeTime", "currentSensorState": "replace soon"]]
        )
    }

    /// Two filters: FilterLifeTime speaks for the one needing attention first; the HEPA filter keeps its own
    /// percentage as HEPAFilterLifeTime.
    @Test func twoFiltersReportTheWorseAndTheHEPAOnItsOwn() throws {
        let fulfillment = try Self.fulfillment(
            #"""
            , "HEPAFilterMonitoring": {"FeatureMap": 1, "Condition": 70, "DegradationDirection": 1, "ChangeIndication": 0},
              "ActivatedCarbonFilterMonitoring": {"FeatureMap": 1, "Condition": 95, "DegradationDirection": 0, "ChangeIndication": 2}
            """#
        )
        let device = try #require(try fulfillment.syncDevice("purifier"))
        // The Air Purifier's AirQuality (filled in by the import: "unknown") comes first, then the filters.
        #expect(
            device["attributes"]?["sensorStatesSupported"]?.arrayValue?.dropFirst()
                == [
                    [
                        "name": "FilterLifeTime", "descriptiveCapabilities": ["availableStates": Self.filterStates],
                        "numericCapabilities": ["rawValueUnit": "PERCENTAGE"],
                    ],
                    ["name": "HEPAFilterLifeTime", "numericCapabilities": ["rawValueUnit": "PERCENTAGE"]],
                ]
        )
        // Carbon: Critical, 100 - 95 = 5 % left; HEPA: OK, 70 % left.
        #expect(
            try fulfillment.query("purifier")?["currentSensorStateData"]?.arrayValue?.dropFirst()
                == [
                    ["name": "FilterLifeTime", "currentSensorState": "replace now", "rawValue": 5],
                    ["name": "HEPAFilterLifeTime", "rawValue": 70],
                ]
        )
        let payload = try #require(try fulfillment.sync().body["payload"]?.objectValue)
        #expect(SyncValidator.violations(inPayload: payload).isEmpty)
    }

    @Test func aNewFilterAndAnUnknownIndication() throws {
        let fresh = try Self.fulfillment(
            #", "HEPAFilterMonitoring": {"FeatureMap": 1, "Condition": 0, "DegradationDirection": 0}"#
        )
        #expect(
            try fresh.query("purifier")?["currentSensorStateData"]?.arrayValue?.last
                == ["name": "FilterLifeTime", "currentSensorState": "new", "rawValue": 100]
        )
        // The device file refuses a ChangeIndication outside Matter's enum; a stored one reads "unknown".
        let odd = Endpoint(
            deviceTypes: [.AirPurifier],
            clusters: [.HepaFilterMonitoring: ClusterState(["ChangeIndication": .int(3)])]
        )
        #expect(
            FilterMonitorSensor.currentStates(of: odd) == [["name": "FilterLifeTime", "currentSensorState": "unknown"]]
        )
    }

    @Test func combinedReadingTakesTheWorstAndIgnoresUnknowns() {
        typealias Reading = FilterMonitorSensor.Reading
        let worst = FilterMonitorSensor.combined([
            Reading(indication: nil, remainingPercent: 50),
            Reading(indication: .warning, remainingPercent: nil),
            Reading(indication: .ok, remainingPercent: 80),
        ])
        #expect(worst == Reading(indication: .warning, remainingPercent: 50))
        #expect(FilterMonitorSensor.combined([]) == Reading(indication: nil, remainingPercent: nil))
    }

    /// The validator holds SensorState to Google's table: FilterLifeTime's states, HEPAFilterLifeTime numeric
    /// only, and each name once.
    @Test func validatorKnowsTheFilterSensors() {
        func violations(_ sensors: JSONValue) -> [String] {
            let device: JSONValue = [
                "id": "p", "type": "action.devices.types.AIRPURIFIER", "traits": ["action.devices.traits.SensorState"],
                "name": ["name": "P"], "willReportState": false,
                "attributes": ["sensorStatesSupported": sensors],
            ]
            return SyncValidator.violations(in: device.objectValue ?? JSONObject()).map(\.path)
        }
        #expect(
            violations([["name": "FilterLifeTime", "descriptiveCapabilities": ["availableStates": Self.filterStates]]])
                .isEmpty
        )
        #expect(
            !violations([["name": "FilterLifeTime", "descriptiveCapabilities": ["availableStates": ["dirty"]]]]).isEmpty
        )
        #expect(
            !violations([["name": "HEPAFilterLifeTime", "descriptiveCapabilities": ["availableStates": ["new"]]]])
                .isEmpty
        )
        let once: JSONValue = ["name": "FilterLifeTime", "numericCapabilities": ["rawValueUnit": "PERCENTAGE"]]
        #expect(violations([once]).isEmpty)
        #expect(!violations([once, once]).isEmpty)
    }
}
