import Fulfillment
import JSON
import MatterModel
import SmartHomeProtocol
import Testing

/// Devices with several endpoints: which endpoint backs each Google trait, and what per-endpoint connectivity
/// means for SYNC, QUERY and EXECUTE.
struct ComposedDeviceTests {
    typealias G = GoogleRequest

    /// A plug whose second endpoint is a dimmable night light: OUTLET, OnOff from the plug, Brightness from
    /// the light (the light's OnOff collides with the plug's and is not exposed).
    static let plugWithNightLight = """
        {"id": "plug-light", "name": "Plug with night light", "endpoints": [
          {"deviceType": "OnOffPlugInUnit", "clusters": {"OnOff": {"OnOff": false}}},
          {"deviceType": "DimmableLight", "clusters": {"OnOff": {"OnOff": true}, "LevelControl": {"CurrentLevel": 127}}}
        ]}
        """

    /// A dimmable downlight with a separate tunable-white ring; the ring's endpoint goes offline in some tests.
    static func downlight(ringOnline: Bool = true, mainOnline: Bool = true) -> String {
        """
        {"id": "downlight", "name": "Downlight", "endpoints": [
          {"deviceType": "DimmableLight", "online": \(mainOnline),
           "clusters": {"OnOff": {"OnOff": true}, "LevelControl": {"CurrentLevel": 254}}},
          {"deviceType": "ColorTemperatureLight", "online": \(ringOnline),
           "clusters": {"OnOff": {"OnOff": true}, "LevelControl": {"CurrentLevel": 1},
                        "ColorControl": {"ColorTemperatureMireds": 250,
                                         "ColorTempPhysicalMinMireds": 153, "ColorTempPhysicalMaxMireds": 500}}}
        ]}
        """
    }

    /// A color bulb that is also listed with an outlet endpoint: LIGHT (primary), every light trait from
    /// endpoint 1, nothing from endpoint 2.
    static let bulbWithOutlet = """
        {"id": "bulb-outlet", "name": "Bulb with outlet", "endpoints": [
          {"deviceTypes": ["ExtendedColorLight"], "clusters": {"OnOff": {"OnOff": true}}},
          {"deviceTypes": ["OnOffPlugInUnit"], "clusters": {"OnOff": {"OnOff": false}}}
        ]}
        """

    /// The seed's composed device: a speaker with a dimmable light. SPEAKER; the speaker's Level Control and
    /// On/Off are Volume (level, mute), the light's are OnOff and Brightness — the two Level Controls never
    /// compete because each is read through its own endpoint's device type.
    static let speakerWithLight = """
        {"id": "speaker-light", "name": "Speaker lamp", "endpoints": [
          {"deviceType": "Speaker", "clusters": {"OnOff": {"OnOff": true}, "LevelControl": {"CurrentLevel": 127}}},
          {"deviceType": "DimmableLight", "clusters": {"OnOff": {"OnOff": false}, "LevelControl": {"CurrentLevel": 254}}}
        ]}
        """

    /// A ceiling fan with a light: FAN; OnOff comes from the fan (its Fan Mode), so the light contributes only
    /// Brightness.
    static let ceilingFanWithLight = """
        {"id": "ceiling-fan", "name": "Ceiling fan", "endpoints": [
          {"deviceType": "Fan", "clusters": {"FanControl": {"FanMode": 0, "PercentSetting": 0, "PercentCurrent": 0}}},
          {"deviceType": "DimmableLight", "clusters": {"OnOff": {"OnOff": true}, "LevelControl": {"CurrentLevel": 127}}}
        ]}
        """

    static func fulfillment(_ devices: String...) throws -> TestFulfillment {
        try TestFulfillment(devices: Fixtures.deviceFile(devices.joined(separator: ",")))
    }

    // MARK: Trait binding

    @Test func thePrimaryEndpointSetsTheTypeAndEachTraitComesFromTheFirstEndpointThatBringsIt() throws {
        let devices = try DeviceFile.parse(
            Fixtures.deviceFile(
                [Self.plugWithNightLight, Self.downlight(), Self.bulbWithOutlet].joined(separator: ",")
            )
        ).users[0].devices
        let bindings = devices.map { device in
            DeviceTypeMapping.bindings(of: device).map {
                "\($0.trait.rawValue.split(separator: ".").last!)@\($0.endpoint + 1)"
            }
        }
        #expect(bindings[0] == ["OnOff@1", "Brightness@2"])
        #expect(bindings[1] == ["OnOff@1", "Brightness@1", "ColorSetting@2"])
        #expect(bindings[2] == ["OnOff@1", "Brightness@1", "ColorSetting@1"])
        #expect(devices.map { DeviceTypeMapping.googleType(for: $0.endpoints[0]) } == [.outlet, .light, .light])
    }

    @Test func syncListsEachTraitOnceWithTheBackingEndpointsAttributes() throws {
        let fulfillment = try Self.fulfillment(Self.plugWithNightLight, Self.downlight())
        let plug = try #require(try fulfillment.syncDevice("plug-light"))
        #expect(plug["type"] == Fixtures.outlet)
        #expect(plug["traits"] == [Fixtures.onOff, Fixtures.brightness])
        let downlight = try #require(try fulfillment.syncDevice("downlight"))
        #expect(downlight["traits"] == [Fixtures.onOff, Fixtures.brightness, Fixtures.colorSetting])
        // The ring's physical range: 153…500 mireds = 2000…6536 K (round(1_000_000 / mireds)).
        #expect(
            downlight["attributes"]?["colorTemperatureRange"] == ["temperatureMinK": 2000, "temperatureMaxK": 6536]
        )
    }

    @Test func queryReadsEachTraitFromItsEndpoint() throws {
        let fulfillment = try Self.fulfillment(Self.plugWithNightLight, Self.downlight())
        let plug = try #require(try fulfillment.query("plug-light"))
        #expect(plug == ["online": true, "status": "SUCCESS", "on": false, "brightness": 50])
        let downlight = try #require(try fulfillment.query("downlight"))
        #expect(downlight["brightness"] == 100)
        #expect(downlight["color"] == ["temperatureK": 4000])
    }

    @Test func executeChangesOnlyTheBackingEndpoint() throws {
        let fulfillment = try Self.fulfillment(Self.plugWithNightLight)
        let results = try fulfillment.execute(G.group(["plug-light"], G.onOff(true), G.brightnessAbsolute(20)))
        #expect(
            results == [ExecuteHandlerTests.success(["plug-light"], ["on": true, "brightness": 20, "online": true])]
        )
        let stored = try #require(try fulfillment.storedDevice("plug-light"))
        #expect(stored.endpoints[0].clusters[.OnOff]?["OnOff"] == .bool(true))
        // The light's own OnOff is not what Google's OnOff drives.
        #expect(stored.endpoints[1].clusters[.OnOff]?["OnOff"] == .bool(true))
        #expect(stored.endpoints[1].clusters[.LevelControl]?["CurrentLevel"] == .int(51))  // round(20 × 254 / 100)
        #expect(stored.endpoints[0].clusters[.LevelControl] == nil)
    }

    @Test func theSpeakerWithALightIsASpeakerWithVolumeAndTheLightsTraits() throws {
        let fulfillment = try Self.fulfillment(Self.speakerWithLight)
        let synced = try #require(try fulfillment.syncDevice("speaker-light"))
        #expect(synced["type"] == "action.devices.types.SPEAKER")
        #expect(synced["traits"] == [Fixtures.onOff, Fixtures.brightness, "action.devices.traits.Volume"])
        #expect(synced["attributes"]?["volumeCanMuteAndUnmute"] == true)
        let state = try #require(try fulfillment.query("speaker-light"))
        #expect(state["on"] == false)  // the light's On/Off
        #expect(state["brightness"] == 100)  // the light's level
        #expect(state["currentVolume"] == 50)  // the speaker's level
        #expect(state["isMuted"] == false)  // the speaker's On/Off is on

        let results = try fulfillment.execute(
            G.group(
                ["speaker-light"],
                G.step("setVolume", ["volumeLevel": 20]),
                G.brightnessAbsolute(10),
                G.step("mute", ["mute": true]),
                G.onOff(true)
            )
        )
        #expect(results.first?["status"] == "SUCCESS")
        let stored = try #require(try fulfillment.storedDevice("speaker-light"))
        #expect(stored.endpoints[0].clusters[.LevelControl]?["CurrentLevel"] == .int(51))  // 20 % volume
        #expect(stored.endpoints[0].clusters[.OnOff]?["OnOff"] == .bool(false))  // muted
        #expect(stored.endpoints[1].clusters[.LevelControl]?["CurrentLevel"] == .int(25))  // 10 % brightness
        #expect(stored.endpoints[1].clusters[.OnOff]?["OnOff"] == .bool(true))  // the light is on
    }

    @Test func aCeilingFanWithALightTakesOnOffFromTheFanAndBrightnessFromTheLight() throws {
        let fulfillment = try Self.fulfillment(Self.ceilingFanWithLight)
        let synced = try #require(try fulfillment.syncDevice("ceiling-fan"))
        #expect(synced["type"] == "action.devices.types.FAN")
        #expect(
            synced["traits"] == [Fixtures.onOff, Fixtures.brightness, "action.devices.traits.FanSpeed"]
        )
        let bindings = try DeviceTypeMapping.bindings(
            of: DeviceFile.parse(Fixtures.deviceFile(Self.ceilingFanWithLight)).users[0].devices[0]
        )
        #expect(bindings.map(\.endpoint) == [0, 1, 0])
        let state = try #require(try fulfillment.query("ceiling-fan"))
        #expect(state["on"] == false)  // the fan is off, though the light is on
        #expect(state["brightness"] == 50)
    }

    // MARK: Connectivity

    @Test func connectivityIsOnlineOfflineOrPartiallyOnline() throws {
        let devices = try DeviceFile.parse(
            Fixtures.deviceFile(
                [
                    Self.downlight(),
                    Self.downlight(ringOnline: false).replacing("\"downlight\"", with: "\"half\""),
                    Self.downlight(ringOnline: false, mainOnline: false).replacing("\"downlight\"", with: "\"dark\""),
                ].joined(separator: ",")
            )
        ).users[0].devices
        #expect(devices.map(\.connectivity) == [.online, .partiallyOnline, .offline])
        #expect(devices.map(\.online) == [true, true, false])
    }

    @Test func aPartiallyOnlineDeviceIsOnlineForGoogle() throws {
        let fulfillment = try Self.fulfillment(Self.downlight(ringOnline: false))
        let entry = try #require(try fulfillment.query("downlight"))
        #expect(entry["online"] == true)
        #expect(entry["status"] == "SUCCESS")
        #expect(entry["brightness"] == 100)
    }

    @Test func aDeviceWithEveryEndpointOfflineIsOffline() throws {
        let fulfillment = try Self.fulfillment(Self.downlight(ringOnline: false, mainOnline: false))
        let entry = try #require(try fulfillment.query("downlight"))
        #expect(entry == ["online": false, "status": "ERROR", "errorCode": "deviceOffline"])
        let results = try fulfillment.execute(G.group(["downlight"], G.onOff(false)))
        #expect(results == [ExecuteHandlerTests.error(["downlight"], "deviceOffline")])
    }

    @Test func aCommandForAnOfflineEndpointFailsWhileTheRestOfTheDeviceWorks() throws {
        let fulfillment = try Self.fulfillment(Self.downlight(ringOnline: false))
        let color = try fulfillment.execute(G.group(["downlight"], G.colorAbsolute(["temperature": 3000])))
        #expect(color == [ExecuteHandlerTests.error(["downlight"], "deviceOffline")])
        let stored = try #require(try fulfillment.storedDevice("downlight"))
        #expect(stored.endpoints[1].clusters[.ColorControl]?["ColorTemperatureMireds"] == .int(250))

        let onOff = try fulfillment.execute(G.group(["downlight"], G.onOff(false)))
        #expect(onOff == [ExecuteHandlerTests.success(["downlight"], ["on": false, "online": true])])
    }

    @Test func aStepForAnOfflineEndpointUndoesTheDevicesEarlierSteps() throws {
        let fulfillment = try Self.fulfillment(Self.downlight(ringOnline: false))
        let results = try fulfillment.execute(
            G.group(["downlight"], G.onOff(false), G.colorAbsolute(["temperature": 3000]))
        )
        #expect(results == [ExecuteHandlerTests.error(["downlight"], "deviceOffline")])
        let stored = try #require(try fulfillment.storedDevice("downlight"))
        #expect(stored.endpoints[0].clusters[.OnOff]?["OnOff"] == .bool(true))
    }
}
