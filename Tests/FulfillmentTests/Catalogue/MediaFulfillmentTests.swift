import Fulfillment
import JSON
import MatterModel
import SmartHomeProtocol
import Testing

/// The catalogue's living-room TV through Hearth's intents, as Google meets it: its SYNC entry carries every media
/// trait's attributes, QUERY its states, and each media command changes what the next QUERY reports; in webhook mode
/// the backend receives Matter's commands with Matter's arguments.
struct MediaFulfillmentTests {
    typealias G = GoogleRequest

    static let user = MediaCatalogue.user
    static let tv = "living-room-tv"

    static func fulfillment() throws -> TestFulfillment {
        try TestFulfillment(devices: MediaCatalogue.deviceFile)
    }

    @Test func theTVsSyncEntryCarriesEveryMediaTraitsAttributes() throws {
        let entry = try #require(try Self.fulfillment().syncDevice(Self.tv, as: Self.user))
        #expect(entry["type"] == "action.devices.types.TV")
        let attributes = try #require(entry["attributes"])
        #expect(attributes["supportActivityState"] == true)
        #expect(attributes["supportPlaybackState"] == true)
        #expect(attributes["transportControlSupportedCommands"]?.arrayValue?.contains("PAUSE") == true)
        #expect(
            attributes["availableInputs"]?.arrayValue?.compactMap { $0["key"]?.stringValue }
                == ["input-0", "input-1", "input-2"]
        )
        #expect(attributes["orderedInputs"] == true)
        #expect(
            attributes["availableChannels"]?.arrayValue?.compactMap { $0["number"]?.stringValue } == ["1", "4-11", "7"]
        )
        #expect(
            attributes["availableApplications"]?.arrayValue?.compactMap { $0["key"]?.stringValue }
                == ["65525:acme.tube", "65525:acme.radio"]
        )
        #expect(attributes["volumeCanMuteAndUnmute"] == true)
        #expect(SyncValidator.problems(in: entry.objectValue ?? JSONObject()) == [])
    }

    @Test func theTVsQueryReportsPowerVolumePlaybackInputAndApp() throws {
        let states = try #require(try Self.fulfillment().query(Self.tv, as: Self.user))
        #expect(states["on"] == true)
        #expect(states["playbackState"] == "PLAYING")
        #expect(states["activityState"] == "ACTIVE")
        #expect(states["currentInput"] == "input-0")
        #expect(states["currentApplication"] == "65525:acme.tube")
        #expect(states["isMuted"] == false)
        #expect(states["currentVolume"]?.intValue != nil)
    }

    @Test func mediaCommandsChangeWhatTheNextQueryReports() throws {
        let fulfillment = try Self.fulfillment()
        let results = try fulfillment.execute(
            G.group(
                [Self.tv],
                G.step("mediaPause", [:]),
                G.step("SetInput", ["newInput": "input-2"]),
                G.step("appSelect", ["newApplication": "65525:acme.radio"])
            ),
            as: Self.user
        )
        #expect(results.count == 1)
        #expect(results.first?["status"] == "SUCCESS")
        let states = try #require(try fulfillment.query(Self.tv, as: Self.user))
        #expect(states["playbackState"] == "PAUSED")
        #expect(states["currentInput"] == "input-2")
        #expect(states["currentApplication"] == "65525:acme.radio")

        let again = try fulfillment.execute(G.group([Self.tv], G.step("mediaPause", [:])), as: Self.user)
        #expect(again.first?["status"] == "ERROR")
        #expect(again.first?["errorCode"] == "alreadyPaused")
    }

    @Test func aChannelByNumberAndAnUnknownAppAnswerAsGoogleSays() throws {
        let fulfillment = try Self.fulfillment()
        let tuned = try fulfillment.execute(
            G.group([Self.tv], G.step("selectChannel", ["channelNumber": "7"])),
            as: Self.user
        )
        #expect(tuned.first?["status"] == "SUCCESS")
        let stored = try #require(try fulfillment.storedDevice(Self.tv, of: Self.user))
        #expect(stored.endpoints[0].clusters[.Channel]?["CurrentChannel"]?.structureValue?["MajorNumber"] == .int(7))

        let unknown = try fulfillment.execute(
            G.group([Self.tv], G.step("appSelect", ["newApplication": "1:nothing"])),
            as: Self.user
        )
        #expect(unknown.first?["errorCode"] == "noAvailableApp")
        let nowhere = try fulfillment.execute(
            G.group([Self.tv], G.step("selectChannel", ["channelNumber": "99"])),
            as: Self.user
        )
        #expect(nowhere.first?["errorCode"] == "noAvailableChannel")
    }

    @Test func inWebhookModeTheBackendReceivesMattersMediaCommands() throws {
        let deliverer = RecordingDeliverer()
        let fulfillment = try DeliveringFulfillment(devices: MediaCatalogue.deviceFile, deliverer: deliverer)
        let results = try fulfillment.execute(
            G.group(
                [Self.tv],
                G.step("mediaPause", [:]),
                G.step("SetInput", ["newInput": "input-1"]),
                G.step("selectChannel", ["channelCode": "ch-7-0"]),
                G.step("appSelect", ["newApplication": "65525:acme.radio"])
            ),
            as: Self.user
        )
        #expect(results.first?["status"] == "SUCCESS")
        let plan = try #require(deliverer.delivered.first)
        let commands = plan.devices.first?.endpoints.first { $0.endpoint == 1 }?.commands ?? []
        #expect(
            commands.map(\.command) == [
                "MediaPlayback.Pause", "MediaInput.SelectInput", "Channel.ChangeChannelByNumber",
                "ApplicationLauncher.LaunchApp",
            ]
        )
        #expect(commands.dropFirst().first?.arguments["Index"] == 1)
        #expect(commands.dropFirst(2).first?.arguments["MajorNumber"] == 7)
        #expect(
            commands.last?.arguments["Application"]?["ApplicationID"] == "acme.radio"
        )
    }
}
