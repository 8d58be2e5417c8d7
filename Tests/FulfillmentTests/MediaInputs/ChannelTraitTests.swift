import JSON
import MatterModel
import SmartHomeProtocol
import Testing

@testable import Fulfillment

/// Channel from Matter Channel: `availableChannels` (names, numbers, the 30-channel cap), no states, selectChannel by
/// code, number and name, relativeChannel as SkipChannel (wrapping), returnChannel as Keypad Input's
/// PreviousChannel key, each command's Matter command and registry change, and each refusal.
struct ChannelTraitTests {
    /// `ChannelInfoStruct`.
    static func channel(_ major: Int, _ minor: Int, _ name: String? = nil, callSign: String? = nil) -> AttributeValue {
        var fields: [String: AttributeValue] = ["MajorNumber": .int(major), "MinorNumber": .int(minor)]
        if let name { fields["Name"] = .string(name) }
        if let callSign { fields["CallSign"] = .string(callSign) }
        return .structure(fields)
    }

    static let lineup: [AttributeValue] = [
        channel(2, 0, "Fox", callSign: "KTVU"), channel(4, 11, "ABC", callSign: "ABC East"), channel(7, 0),
    ]

    /// A TV on channel 2, with a channel list (or none), and Keypad Input if asked.
    static func tv(
        _ list: [AttributeValue]? = lineup,
        current: AttributeValue? = nil,
        keypad: Bool = false
    )
        -> Endpoint
    {
        var channel: [String: AttributeValue] = [
            "CurrentChannel": current ?? Self.channel(2, 0, "Fox", callSign: "KTVU")
        ]
        if let list { channel["ChannelList"] = .list(list) }
        var clusters: [ClusterID: ClusterState] = [.Channel: ClusterState(channel)]
        if keypad { clusters[.KeypadInput] = ClusterState() }
        return Endpoint(deviceTypes: [.BasicVideoPlayer], clusters: clusters)
    }

    static func object(_ value: JSONValue) -> JSONObject { value.objectValue ?? JSONObject() }

    static func run(
        _ command: Command,
        _ params: JSONValue = [:],
        on endpoint: inout Endpoint,
        mode: ValidationMode = .strict
    ) throws(CommandError) {
        try ChannelTrait.execute(
            command,
            CommandParameters(params: object(params), command: command),
            on: &endpoint,
            mode: mode
        )
    }

    /// The error `command` is refused with, or nil when it is carried out.
    static func refusal(_ command: Command, _ params: JSONValue = [:], on endpoint: Endpoint) -> ErrorCode? {
        var copy = endpoint
        do {
            try run(command, params, on: &copy)
            return nil
        } catch {
            return error.code
        }
    }

    static func described(
        _ command: Command,
        _ params: JSONValue = [:],
        before: Endpoint,
        after: Endpoint
    )
        -> [MatterCommandDescription]
    {
        MatterCommandDescription.describe(command, params: object(params), before: before, after: after)
    }

    static func currentNumbers(_ endpoint: Endpoint) -> [Int]? {
        guard let fields = endpoint.cluster(.Channel)["CurrentChannel"]?.structureValue,
            let numbers = ChannelEntry.numbers(of: fields)
        else { return nil }
        return [numbers.major, numbers.minor]
    }

    // MARK: - SYNC and QUERY

    @Test func channelsAreListedWithNamesAndGooglesNumbers() {
        var attributes = JSONObject()
        ChannelTrait.attributes(of: Self.tv(), into: &attributes)
        #expect(
            .object(attributes) == [
                "availableChannels": [
                    ["key": "ch-2-0", "names": ["Fox", "KTVU"], "number": "2"],
                    ["key": "ch-4-11", "names": ["ABC", "ABC East"], "number": "4-11"],
                    ["key": "ch-7-0", "names": ["channel 7"], "number": "7"],
                ]
            ]
        )
        var states = JSONObject()
        ChannelTrait.states(of: Self.tv(), into: &states)
        #expect(states.isEmpty)
        let google: JSONValue = [
            "id": "tv", "type": "action.devices.types.TV", "traits": ["action.devices.traits.Channel"],
            "name": ["name": "TV"], "willReportState": false, "attributes": .object(attributes),
        ]
        // The attributes alone: the TV guide's other traits are the device type's (its own tests).
        #expect(SyncValidator.problems(in: google.objectValue ?? JSONObject()).filter { $0.path != "traits" } == [])
    }

    /// Only the first 30 channels reach SYNC (Google: "to 30 channels or less"); the 31st is still tuned by number.
    @Test func theListIsCappedAtThirtyButEveryChannelCanBeTuned() throws {
        let many = (1...45).map { Self.channel($0, 0) }
        var attributes = JSONObject()
        ChannelTrait.attributes(of: Self.tv(many), into: &attributes)
        let keys = attributes["availableChannels"]?.arrayValue?.compactMap { $0["key"]?.stringValue }
        #expect(keys == (1...30).map { "ch-\($0)-0" })
        var tv = Self.tv(many)
        try Self.run(.selectChannel, ["channelNumber": "40"], on: &tv)
        #expect(Self.currentNumbers(tv) == [40, 0])
        // The validator warns beyond 30.
        var over = attributes
        over["availableChannels"] = .array(many.indices.map { ["key": .string("k\($0)"), "names": ["n"]] })
        let google: JSONValue = [
            "id": "tv", "type": "action.devices.types.TV", "traits": ["action.devices.traits.Channel"],
            "name": ["name": "TV"], "willReportState": false, "attributes": .object(over),
        ]
        #expect(
            SyncValidator.warnings(in: google.objectValue ?? JSONObject()).map(\.path).filter { $0 != "traits" } == [
                "attributes.availableChannels"
            ]
        )
    }

    @Test func repeatedAndMalformedChannelsAreLeftOut() {
        let entries = ChannelEntry.entries(fromChannelList: [
            Self.channel(5, 1, "One"), Self.channel(5, 1, "Again"), .structure(["MajorNumber": .int(3)]),
            Self.channel(70_000, 0), .string("x"),
        ])
        #expect(entries.map(\.key) == ["ch-5-1"])
        #expect(entries.first?.names == ["One"])
    }

    // MARK: - selectChannel

    @Test func aCodeOrANumberTunesByNumber() throws {
        let before = Self.tv()
        var tv = before
        try Self.run(.selectChannel, ["channelCode": "ch-4-11", "channelName": "ABC"], on: &tv)
        #expect(tv.cluster(.Channel)["CurrentChannel"] == Self.lineup[1])
        let commands = Self.described(.selectChannel, ["channelCode": "ch-4-11"], before: before, after: tv)
        #expect(commands.map(\.command) == ["Channel.ChangeChannelByNumber"])
        #expect(commands.map(\.arguments) == [Self.object(["MajorNumber": 4, "MinorNumber": 11])])
        #expect(commands.first?.changed["Channel"]?["CurrentChannel"]?["MajorNumber"] == 4)

        var byNumber = Self.tv()
        try Self.run(.selectChannel, ["channelNumber": "7"], on: &byNumber)
        #expect(Self.currentNumbers(byNumber) == [7, 0])
        #expect(
            Self.described(.selectChannel, ["channelNumber": "7"], before: before, after: byNumber).map(\.arguments)
                == [Self.object(["MajorNumber": 7, "MinorNumber": 0])]
        )
    }

    @Test func aNameAloneIsChangeChannelWithTheMatch() throws {
        let before = Self.tv()
        var tv = before
        try Self.run(.selectChannel, ["channelName": "abc east"], on: &tv)
        #expect(tv.cluster(.Channel)["CurrentChannel"] == Self.lineup[1])
        #expect(
            Self.described(.selectChannel, ["channelName": "abc east"], before: before, after: tv)
                .map { [$0.command, $0.arguments["Match"]?.stringValue] } == [["Channel.ChangeChannel", "abc east"]]
        )
    }

    @Test func channelsTheListLacksAreNoAvailableChannel() {
        for params: JSONValue in [
            ["channelCode": "ch-9-0"], ["channelCode": "fox"], ["channelNumber": "9"], ["channelNumber": "nine"],
            ["channelName": "CNN"],
        ] {
            #expect(Self.refusal(.selectChannel, params, on: Self.tv()) == .noAvailableChannel)
        }
        #expect(Self.refusal(.selectChannel, [:], on: Self.tv()) == .notSupported)
        #expect(Self.refusal(.selectChannel, ["channelNumber": 7], on: Self.tv()) == .notSupported)
    }

    /// Without a channel list (LineupInfo only) the device is asked as is; numbers still tune the registry.
    @Test func withoutAListTheRequestGoesToTheDevice() throws {
        let before = Self.tv(nil)
        var tv = before
        try Self.run(.selectChannel, ["channelNumber": "13.1"], on: &tv)
        #expect(tv.cluster(.Channel)["CurrentChannel"] == ChannelTrait.channelInfo(major: 13, minor: 1))
        var byCode = before
        try Self.run(.selectChannel, ["channelCode": "ch-5-2"], on: &byCode)
        #expect(Self.currentNumbers(byCode) == [5, 2])
        var byName = before
        try Self.run(.selectChannel, ["channelName": "CNN"], on: &byName)
        #expect(byName == before)
        #expect(
            Self.described(.selectChannel, ["channelName": "CNN"], before: before, after: byName).map(\.command)
                == ["Channel.ChangeChannel"]
        )
        #expect(Self.refusal(.selectChannel, ["channelCode": "cnn"], on: before) == .noAvailableChannel)
    }

    /// A device without the optional CurrentChannel attribute is sent the command and keeps no channel.
    @Test func withoutCurrentChannelNothingIsStored() throws {
        let before = Endpoint(
            deviceTypes: [.BasicVideoPlayer],
            clusters: [.Channel: ClusterState(["ChannelList": .list(Self.lineup)])]
        )
        var tv = before
        try Self.run(.selectChannel, ["channelNumber": "4-11"], on: &tv)
        #expect(tv == before)
        #expect(
            Self.described(.selectChannel, ["channelNumber": "4-11"], before: before, after: tv).map(\.command)
                == ["Channel.ChangeChannelByNumber"]
        )
    }

    // MARK: - relativeChannel and returnChannel

    @Test func relativeChannelSkipsAndWrapsRound() throws {
        let before = Self.tv()
        var tv = before
        try Self.run(.relativeChannel, ["relativeChannelChange": -1], on: &tv)
        #expect(Self.currentNumbers(tv) == [7, 0])
        #expect(
            Self.described(.relativeChannel, ["relativeChannelChange": -1], before: before, after: tv).map(\.arguments)
                == [Self.object(["Count": -1])]
        )
        try Self.run(.relativeChannel, ["relativeChannelChange": 2], on: &tv)
        #expect(Self.currentNumbers(tv) == [4, 11])
        // An unlisted current channel: the device skips, the registry cannot follow.
        let lost = Self.tv(current: Self.channel(99, 0))
        var skipped = lost
        try Self.run(.relativeChannel, ["relativeChannelChange": 1], on: &skipped)
        #expect(skipped == lost)
        #expect(
            Self.described(.relativeChannel, ["relativeChannelChange": 1], before: lost, after: skipped)
                .map(\.command) == ["Channel.SkipChannel"]
        )
    }

    @Test func aChangeBeyondInt16IsRefusedStrictAndClampedLenient() throws {
        #expect(Self.refusal(.relativeChannel, ["relativeChannelChange": 40_000], on: Self.tv()) == .valueOutOfRange)
        #expect(Self.refusal(.relativeChannel, ["relativeChannelChange": 1.5], on: Self.tv()) == .notSupported)
        #expect(Self.refusal(.relativeChannel, [:], on: Self.tv()) == .notSupported)
        let before = Self.tv()
        var tv = before
        try Self.run(.relativeChannel, ["relativeChannelChange": 40_000], on: &tv, mode: .lenient)
        #expect(
            Self.described(.relativeChannel, ["relativeChannelChange": 40_000], before: before, after: tv)
                .map(\.arguments) == [Self.object(["Count": 32_767])]
        )
    }

    @Test func returnChannelIsThePreviousChannelKeyOrRefused() throws {
        let before = Self.tv(keypad: true)
        var tv = before
        try Self.run(.returnChannel, on: &tv)
        #expect(tv == before)
        #expect(
            Self.described(.returnChannel, before: before, after: tv)
                == [
                    MatterCommandDescription(
                        command: "KeypadInput.SendKey",
                        arguments: Self.object(["KeyCode": 0x32]),
                        changed: JSONObject()
                    )
                ]
        )
        #expect(Self.refusal(.returnChannel, on: Self.tv()) == .functionNotSupported)
        #expect(Self.refusal(.setInput, on: Self.tv()) == .functionNotSupported)
    }
}
