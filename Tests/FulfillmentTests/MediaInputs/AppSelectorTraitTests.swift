import JSON
import MatterModel
import SmartHomeProtocol
import Testing

@testable import Fulfillment

/// AppSelector from Application Launcher and the Content App endpoints' Application Basic: the app list (from the
/// whole device), `currentApplication`, appSelect by key and by name as `ApplicationLauncher.LaunchApp`, appInstall
/// and appSearch refused, and the validator's view.
struct AppSelectorTraitTests {
    static func object(_ value: JSONValue) -> JSONObject { value.objectValue ?? JSONObject() }

    static func application(_ vendor: Int, _ id: String) -> AttributeValue {
        .structure(["CatalogVendorID": .int(vendor), "ApplicationID": .string(id)])
    }

    static func contentApp(_ name: String, vendor: Int = 123, id: String) -> Endpoint {
        Endpoint(
            deviceTypes: [.ContentApp],
            clusters: [
                .ApplicationBasic: ClusterState([
                    "ApplicationName": .string(name), "Application": application(vendor, id), "Status": .int(0),
                    "VendorName": .string("Vendor"),
                ])
            ]
        )
    }

    /// A casting player (endpoint 1) with YouTube (2), Netflix (3) and a nameless app (4); nothing in focus.
    static func device(current: AttributeValue = .null) -> [Endpoint] {
        [
            Endpoint(
                deviceTypes: [.CastingVideoPlayer],
                clusters: [
                    .ApplicationLauncher: ClusterState(["CatalogList": .list([.int(123)]), "CurrentApp": current])
                ]
            ),
            contentApp("YouTube", id: "youtube"), contentApp("Netflix", id: "com.netflix:tv"),
            contentApp(" ", vendor: 9, id: "tuner"),
        ]
    }

    static func run(_ command: Command, _ params: JSONValue, on endpoints: inout [Endpoint]) throws(CommandError) {
        try AppSelectorTrait.execute(
            command,
            CommandParameters(params: object(params), command: command),
            on: &endpoints,
            backing: 0,
            mode: .strict
        )
    }

    static func refusal(_ command: Command, _ params: JSONValue, on endpoints: [Endpoint]) -> ErrorCode? {
        var copy = endpoints
        do {
            try run(command, params, on: &copy)
            return nil
        } catch {
            return error.code
        }
    }

    static func currentApplication(_ endpoint: Endpoint) -> JSONValue? {
        var states = JSONObject()
        AppSelectorTrait.states(of: endpoint, into: &states)
        return states["currentApplication"]
    }

    // MARK: - SYNC and QUERY

    @Test func theAppsComeFromTheContentAppEndpoints() {
        var attributes = JSONObject()
        AppSelectorTrait.attributes(of: Self.device(), backing: 0, into: &attributes)
        #expect(
            .object(attributes) == [
                "availableApplications": [
                    ["key": "123:youtube", "names": [["name_synonym": ["YouTube"], "lang": "en"]]],
                    ["key": "123:com.netflix:tv", "names": [["name_synonym": ["Netflix"], "lang": "en"]]],
                    ["key": "9:tuner", "names": [["name_synonym": ["tuner"], "lang": "en"]]],
                ]
            ]
        )
        let google: JSONValue = [
            "id": "player", "type": "action.devices.types.STREAMING_BOX",
            "traits": ["action.devices.traits.AppSelector"], "name": ["name": "Player"], "willReportState": false,
            "attributes": .object(attributes),
        ]
        // The attributes alone: the STREAMING_BOX guide's other traits are the device type's (its own tests).
        #expect(SyncValidator.problems(in: google.objectValue ?? JSONObject()).filter { $0.path != "traits" } == [])
        // The one-endpoint view of the player alone has no apps.
        var alone = JSONObject()
        AppSelectorTrait.attributes(of: Self.device()[0], into: &alone)
        #expect(.object(alone) == ["availableApplications": []])
    }

    @Test func theValidatorWantsKeysAndEnglishNames() {
        func violations(_ attributes: JSONValue) -> [String] {
            let google: JSONValue = [
                "id": "player", "type": "action.devices.types.STREAMING_BOX",
                "traits": ["action.devices.traits.AppSelector"], "name": ["name": "Player"],
                "willReportState": false, "attributes": attributes,
            ]
            return SyncValidator.violations(in: google.objectValue ?? JSONObject()).map(\.path)
        }
        #expect(violations([:]) == ["attributes.availableApplications"])
        #expect(
            violations(["availableApplications": [["key": "", "names": [["name_synonym": ["A"], "lang": "en"]]]]])
                == ["attributes.availableApplications[0].key"]
        )
        #expect(
            violations(["availableApplications": [["key": "a", "names": [["name_synonym": ["A"], "lang": "de"]]]]])
                == ["attributes.availableApplications[0].names"]
        )
    }

    @Test func currentApplicationIsTheKeyOfCurrentAppOrLeftOut() {
        let focused: AttributeValue = .structure(["Application": Self.application(123, "youtube"), "Endpoint": .int(2)])
        #expect(Self.currentApplication(Self.device(current: focused)[0]) == "123:youtube")
        #expect(Self.currentApplication(Self.device()[0]) == nil)
        #expect(Self.currentApplication(Self.device(current: .structure(["Endpoint": .int(2)]))[0]) == nil)
    }

    @Test func keysStandForTheMatterApplication() {
        #expect(
            ApplicationEntry.application(fromKey: "123:com.netflix:tv").map { "\($0.0)|\($0.1)" }
                == "123|com.netflix:tv"
        )
        for key in ["youtube", ":x", "123:", "70000:x", "-1:x"] {
            #expect(ApplicationEntry.application(fromKey: key) == nil)
        }
    }

    // MARK: - EXECUTE

    @Test func appSelectByKeyOrNameLaunchesTheApp() throws {
        let before = Self.device()
        var endpoints = before
        try Self.run(.appSelect, ["newApplication": "123:com.netflix:tv"], on: &endpoints)
        let expected: AttributeValue = .structure([
            "Application": Self.application(123, "com.netflix:tv"), "Endpoint": .int(3),
        ])
        #expect(endpoints[0].cluster(.ApplicationLauncher)["CurrentApp"] == expected)
        #expect(Self.currentApplication(endpoints[0]) == "123:com.netflix:tv")
        #expect(Array(endpoints[1...]) == Array(before[1...]))
        let commands = MatterCommandDescription.describe(
            .appSelect,
            params: Self.object(["newApplication": "123:com.netflix:tv"]),
            before: before[0],
            after: endpoints[0]
        )
        #expect(commands.map(\.command) == ["ApplicationLauncher.LaunchApp"])
        #expect(
            commands.map(\.arguments)
                == [Self.object(["Application": ["CatalogVendorID": 123, "ApplicationID": "com.netflix:tv"]])]
        )
        #expect(commands.first?.changed["ApplicationLauncher"]?["CurrentApp"]?["Endpoint"] == 3)

        var byName = before
        try Self.run(.appSelect, ["newApplicationName": "youtube"], on: &byName)
        #expect(Self.currentApplication(byName[0]) == "123:youtube")
    }

    /// The one-endpoint view launches a well-formed key as it stands (no list to check it against).
    @Test func theOneEndpointViewLaunchesAKey() throws {
        let before = Self.device()[0]
        var player = before
        try AppSelectorTrait.execute(
            .appSelect,
            CommandParameters(params: Self.object(["newApplication": "123:youtube"]), command: .appSelect),
            on: &player,
            mode: .strict
        )
        #expect(
            player.cluster(.ApplicationLauncher)["CurrentApp"]
                == .structure(["Application": Self.application(123, "youtube")])
        )
        #expect(throws: CommandError.self) {
            var copy = before
            try AppSelectorTrait.execute(
                .appSelect,
                CommandParameters(params: Self.object(["newApplicationName": "YouTube"]), command: .appSelect),
                on: &copy,
                mode: .strict
            )
        }
    }

    /// The device-wide entry points SYNC and EXECUTE use: AppSelector sees every endpoint, other traits their own.
    @Test func theDeviceWideEntryPointsReachTheContentApps() throws {
        var attributes = JSONObject()
        TraitMappings.attributes(of: .appSelector, endpoints: Self.device(), backing: 0, into: &attributes)
        #expect(attributes["availableApplications"]?.arrayValue?.count == 3)
        var none = JSONObject()
        TraitMappings.attributes(of: .locator, endpoints: Self.device(), backing: 1, into: &none)
        #expect(none.isEmpty)
        var endpoints = Self.device()
        try TraitMappings.execute(
            .appSelect,
            CommandParameters(params: Self.object(["newApplicationName": "Netflix"]), command: .appSelect),
            on: &endpoints,
            backing: 0,
            mode: .strict
        )
        #expect(Self.currentApplication(endpoints[0]) == "123:com.netflix:tv")
    }

    @Test func unknownAppsAreNoAvailableAppAndInstallOrSearchAreNotSupported() {
        #expect(Self.refusal(.appSelect, ["newApplication": "123:hbo"], on: Self.device()) == .noAvailableApp)
        #expect(Self.refusal(.appSelect, ["newApplication": "hbo"], on: Self.device()) == .noAvailableApp)
        #expect(Self.refusal(.appSelect, ["newApplicationName": "HBO"], on: Self.device()) == .noAvailableApp)
        #expect(Self.refusal(.appSelect, [:], on: Self.device()) == .notSupported)
        #expect(Self.refusal(.appSelect, ["newApplication": 4], on: Self.device()) == .notSupported)
        #expect(Self.refusal(.appInstall, ["newApplicationName": "HBO"], on: Self.device()) == .functionNotSupported)
        #expect(Self.refusal(.appSearch, ["newApplicationName": "HBO"], on: Self.device()) == .functionNotSupported)
        #expect(Self.refusal(.mediaPause, [:], on: Self.device()) == .functionNotSupported)
    }
}
