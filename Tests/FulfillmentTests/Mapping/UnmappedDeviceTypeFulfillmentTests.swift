import Fulfillment
import JSON
import MatterModel
import Testing

/// A device whose device type has no Google type yet is kept in the registry and never shown to Google: SYNC leaves
/// it out, QUERY and EXECUTE answer `deviceNotFound`, and `devices validate` says why.
struct UnmappedDeviceTypeFulfillmentTests {
    static let file = Fixtures.deviceFile(
        #"{"id": "lamp", "name": "Lamp", "room": "Hall", "deviceTypes": ["OnOffLight"]}"#,
        #"""
        {"id": "pump", "name": "Pool pump", "room": "Garden", "deviceType": "Pump", "clusters": {
          "PumpConfigurationAndControl": {"FeatureMap": 8, "MaxPressure": 1000, "MaxSpeed": 3000, "MaxFlow": 200,
                                          "MinConstSpeed": 500, "MaxConstSpeed": 3000,
                                          "EffectiveOperationMode": 0, "EffectiveControlMode": 0, "Capacity": 150,
                                          "OperationMode": 0}}}
        """#
    )

    @Test func syncLeavesItOutAndKeepsTheOthers() throws {
        let fulfillment = try TestFulfillment(devices: Self.file)
        let ids = try fulfillment.sync().body["payload"]?["devices"]?.arrayValue?.compactMap { $0["id"]?.stringValue }
        #expect(ids == ["lamp"])
        #expect(try fulfillment.storedDevice("pump")?.primaryType.rawValue == "Pump")
    }

    @Test func queryAndExecuteAnswerDeviceNotFound() throws {
        let fulfillment = try TestFulfillment(devices: Self.file)
        #expect(try fulfillment.query("pump")?["errorCode"] == "deviceNotFound")
        #expect(try fulfillment.query("lamp")?["status"] == "SUCCESS")
        let results = try fulfillment.execute(
            GoogleRequest.group(["pump", "lamp"], GoogleRequest.onOff(true))
        )
        let failed = results.first { $0["ids"] == ["pump"] }
        #expect(failed?["errorCode"] == "deviceNotFound")
        #expect(results.contains { $0["ids"] == ["lamp"] && $0["status"] == "SUCCESS" })
    }

    @Test func validationSaysItIsKeptAndWhy() throws {
        let fulfillment = try TestFulfillment(devices: Self.file)
        let pump = try #require(try fulfillment.storedDevice("pump"))
        let validation = DeviceValidation(device: pump, willReportState: true)
        #expect(validation.notExposedReason == "no Google type for Pump")
        #expect(validation.syncDevice == nil)
        #expect(validation.passes)
        #expect(!DeviceTypeMapping.isExposed(pump))
    }

    /// Renaming or re-rooming a device Google never saw asks Google for nothing; the same change on a mapped device
    /// asks for a SYNC.
    @Test func changingAnUnexposedDeviceRequestsNoSync() throws {
        let fulfillment = try TestFulfillment(devices: Self.file)
        let pump = try #require(try fulfillment.storedDevice("pump"))
        var renamed = pump
        renamed.name = "Pool pump 2"
        renamed.room = "Pool"
        let policy = HomeGraphOutboxPolicy()
        #expect(!policy.requiresSync(from: pump, to: renamed))
        let lamp = try #require(try fulfillment.storedDevice("lamp"))
        var renamedLamp = lamp
        renamedLamp.name = "Lamp 2"
        #expect(policy.requiresSync(from: lamp, to: renamedLamp))
    }

    /// A composed device whose primary endpoint is mapped keeps its mapped traits; an endpoint of an unmapped type
    /// brings none.
    @Test func anUnmappedEndpointOnAMappedDeviceBringsNoTraits() throws {
        let file = Fixtures.deviceFile(
            #"""
            {"id": "combo", "name": "Combo", "room": "Hall", "endpoints": [
              {"deviceType": "OnOffPlugInUnit"},
              {"deviceType": "LightSensor", "clusters": {"IlluminanceMeasurement": {"MeasuredValue": 1000,
                "MinMeasuredValue": 1, "MaxMeasuredValue": 65534}}}
            ]}
            """#
        )
        let device = try #require(try TestFulfillment(devices: file).syncDevice("combo"))
        #expect(device["traits"] == [Fixtures.onOff])
        #expect(device["type"] == Fixtures.outlet)
    }
}
