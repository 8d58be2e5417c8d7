import JSON
import MatterModel
import SmartHomeProtocol

/// Google `NetworkControl` ← a manufacturer-specific cluster declared with `"googleTrait": "NetworkControl"` (Matter
/// has no router cluster); its attributes are ``ManufacturerTraitProfile/networkControl``'s.
///
/// Google's trait page (developers.home.google.com/cloud-to-cloud/traits/networkcontrol): "This trait belongs to
/// devices that support reporting network data and performing network specific operations." Its types are ROUTER
/// and NETWORK ("a group of router nodes or a mesh network controlled as one entity").
///
/// - SYNC: `supportsEnablingGuestNetwork` and `supportsDisablingGuestNetwork` ("Set to true if the guest network can
///   be enabled / disabled") when the declaration has `GuestNetworkEnabled`; `supportsGettingGuestNetworkPassword`
///   ("if the guest network password can be obtained via the GetGuestNetworkPassword command") when it has
///   `GuestNetworkPassword`; `networkProfiles` ("Name of a network profile representing a group of related
///   devices") from `NetworkProfiles`, with `supportsEnablingNetworkProfile` and `supportsDisablingNetworkProfile`
///   when it has `NetworkProfilesEnabled`; `supportsNetworkDownloadSpeedTest` / `supportsNetworkUploadSpeedTest`
///   when it has `DownloadSpeedKbps` / `UploadSpeedKbps`. Each flag is written only when true (Google's default is
///   `false`).
/// - QUERY: `networkEnabled`, `networkSettings {ssid}`, `guestNetworkEnabled`, `guestNetworkSettings {ssid}`,
///   `numConnectedDevices`, `networkUsageMB`, `networkUsageLimitMB`, `networkUsageUnlimited`,
///   `lastNetworkDownloadSpeedTest` / `lastNetworkUploadSpeedTest` `{downloadSpeedMbps | uploadSpeedMbps,
///   unixTimestampSec, status: SUCCESS | FAILURE}` (once a test has a time), `networkSpeedTestInProgress` and
///   `networkProfilesState {<profile>: {enabled}}`, each from the attribute of the profile when the device has it.
///   Speeds are kept in kilobits per second and reported in megabits per second, exactly (`35100` → `35.1`).
/// - EXECUTE:
///   - `EnableDisableGuestNetwork {enable}` sets `GuestNetworkEnabled` (`functionNotSupported` without it);
///   - `EnableDisableNetworkProfile {profile, enable}` sets the profile's `NetworkProfilesEnabled` entry; a profile
///     not listed: `networkProfileNotRecognized`;
///   - `GetGuestNetworkPassword {}` changes nothing and answers `guestNetworkPassword` (the page's EXECUTE result
///     "guestNetworkPassword String. Required. The guest network password") beside the states; the password is
///     never in QUERY. Without `GuestNetworkPassword`: `functionNotSupported`;
///   - `TestNetworkSpeed {testDownloadSpeed, testUploadSpeed, followUpToken}` starts a test (`SpeedTestInProgress`
///     true, which the answer reports); one running already: `networkSpeedTestInProgress`; a direction the device
///     cannot test, or neither asked for: `functionNotSupported`. The result is the device's to report: its backend
///     writes the speed, time and outcome and clears `SpeedTestInProgress`, and Report State carries them, so
///     `followUpToken` is accepted and not used.
/// - Two-factor: Google's Secondary User Verification page requires `pinNeeded` for "Reboot, SoftwareUpdate, or
///   NetworkControl trait when the device type is NETWORK or ROUTER" (``SecondaryUserVerification``).
/// - Delivery: `<Cluster>.EnableDisableGuestNetwork {"Enable"}`, `<Cluster>.EnableDisableNetworkProfile {"Profile",
///   "Enable"}`, `<Cluster>.TestNetworkSpeed {"TestDownloadSpeed", "TestUploadSpeed"}`; `GetGuestNetworkPassword`
///   reads the registry and delivers nothing.
enum NetworkControlTrait: TraitMapping {
    static let trait = Trait.networkControl

    /// The profile's attribute names.
    enum Name {
        static let networkEnabled = "NetworkEnabled"
        static let ssid = "NetworkSSID"
        static let guestEnabled = "GuestNetworkEnabled"
        static let guestSSID = "GuestNetworkSSID"
        static let guestPassword = "GuestNetworkPassword"
        static let profiles = "NetworkProfiles"
        static let profilesEnabled = "NetworkProfilesEnabled"
        static let connectedDevices = "ConnectedDevices"
        static let usage = "NetworkUsageMB"
        static let usageLimit = "NetworkUsageLimitMB"
        static let unlimited = "NetworkUsageUnlimited"
        static let downloadSpeed = "DownloadSpeedKbps"
        static let downloadTime = "DownloadTestUnixSeconds"
        static let downloadSucceeded = "DownloadTestSucceeded"
        static let uploadSpeed = "UploadSpeedKbps"
        static let uploadTime = "UploadTestUnixSeconds"
        static let uploadSucceeded = "UploadTestSucceeded"
        static let inProgress = "SpeedTestInProgress"
    }

    /// A speed in kilobits per second as Google's megabits per second, exactly: a whole number when it is one, else
    /// the decimal written out (`35100` → `35.1`, `1` → `0.001`).
    static func megabitsPerSecond(kilobitsPerSecond kbps: Int) -> JSONValue {
        guard kbps % 1000 != 0 else { return .int(kbps / 1000) }
        var fraction = String(kbps % 1000)
        fraction = String(repeating: "0", count: 3 - fraction.count) + fraction
        while fraction.hasSuffix("0") { fraction.removeLast() }
        return .number("\(kbps / 1000).\(fraction)")
    }

    static func attributes(of endpoint: Endpoint, into attributes: inout JSONObject) {
        guard let (_, state, declared) = ManufacturerTraits.cluster(backing: trait, on: endpoint) else { return }
        func flag(_ key: String, when name: String) {
            if declared.contains(name) { attributes.append(key, .bool(true)) }
        }
        flag("supportsEnablingGuestNetwork", when: Name.guestEnabled)
        flag("supportsDisablingGuestNetwork", when: Name.guestEnabled)
        flag("supportsGettingGuestNetworkPassword", when: Name.guestPassword)
        let profiles = ManufacturerTraits.strings(state, Name.profiles)
        if !profiles.isEmpty {
            attributes.append("networkProfiles", .array(profiles.map { .string($0) }))
            flag("supportsEnablingNetworkProfile", when: Name.profilesEnabled)
            flag("supportsDisablingNetworkProfile", when: Name.profilesEnabled)
        }
        flag("supportsNetworkDownloadSpeedTest", when: Name.downloadSpeed)
        flag("supportsNetworkUploadSpeedTest", when: Name.uploadSpeed)
    }

    static func states(of endpoint: Endpoint, into states: inout JSONObject) {
        guard let (_, state, _) = ManufacturerTraits.cluster(backing: trait, on: endpoint) else { return }
        func ssid(_ name: String) -> JSONValue? {
            ManufacturerTraits.value(state, name)?.stringValue.map { .object(JSONObject([("ssid", .string($0))])) }
        }
        func number(_ name: String) -> JSONValue? { ManufacturerTraits.unsigned(state[name]).map { .int($0) } }
        func flag(_ name: String) -> JSONValue? { state.bool(name).map { .bool($0) } }
        func speedTest(_ speed: String, _ time: String, _ succeeded: String, key: String) -> JSONValue? {
            guard let seconds = ManufacturerTraits.unsigned(state[time]) else { return nil }
            return .object(
                JSONObject([
                    (key, megabitsPerSecond(kilobitsPerSecond: ManufacturerTraits.unsigned(state[speed]) ?? 0)),
                    ("unixTimestampSec", .int(seconds)),
                    ("status", .string(state.bool(succeeded) == false ? "FAILURE" : "SUCCESS")),
                ])
            )
        }
        let members: [(String, JSONValue?)] = [
            ("networkEnabled", .bool(state.bool(Name.networkEnabled) ?? false)),
            ("networkSettings", ssid(Name.ssid)),
            ("guestNetworkEnabled", flag(Name.guestEnabled)),
            ("guestNetworkSettings", ssid(Name.guestSSID)),
            ("numConnectedDevices", number(Name.connectedDevices)),
            ("networkUsageMB", number(Name.usage)),
            ("networkUsageLimitMB", number(Name.usageLimit)),
            ("networkUsageUnlimited", flag(Name.unlimited)),
            (
                "lastNetworkDownloadSpeedTest",
                speedTest(Name.downloadSpeed, Name.downloadTime, Name.downloadSucceeded, key: "downloadSpeedMbps")
            ),
            (
                "lastNetworkUploadSpeedTest",
                speedTest(Name.uploadSpeed, Name.uploadTime, Name.uploadSucceeded, key: "uploadSpeedMbps")
            ),
            ("networkSpeedTestInProgress", flag(Name.inProgress)),
            ("networkProfilesState", profilesState(state)),
        ]
        for case (let key, let value?) in members { states.append(key, value) }
    }

    /// `{<profile>: {"enabled": …}}` for the profiles whose `NetworkProfilesEnabled` entry exists.
    static func profilesState(_ state: ClusterState) -> JSONValue? {
        let profiles = ManufacturerTraits.strings(state, Name.profiles)
        let enabled = (ManufacturerTraits.value(state, Name.profilesEnabled)?.listValue ?? []).map(\.boolValue)
        guard !profiles.isEmpty, !enabled.isEmpty else { return nil }
        var object = JSONObject()
        for (position, profile) in profiles.enumerated() where position < enabled.count {
            guard let value = enabled[position] else { continue }
            object.append(profile, .object(JSONObject([("enabled", .bool(value))])))
        }
        return .object(object)
    }

    /// What `GetGuestNetworkPassword` answers beside the states: `{"guestNetworkPassword": …}`. Empty for any other
    /// command.
    static func results(of command: Command, on endpoint: Endpoint) -> JSONObject {
        guard command == .getGuestNetworkPassword,
            let (_, state, _) = ManufacturerTraits.cluster(backing: trait, on: endpoint),
            let password = ManufacturerTraits.value(state, Name.guestPassword)?.stringValue
        else { return JSONObject() }
        return JSONObject([("guestNetworkPassword", .string(password))])
    }

    static func execute(
        _ command: Command,
        _ params: CommandParameters,
        on endpoint: inout Endpoint,
        mode: ValidationMode
    ) throws(CommandError) {
        let (id, before, declared) = try ManufacturerTraits.executing(command, of: trait, on: endpoint)
        var state = before
        switch command {
        case .enableDisableGuestNetwork:
            let enable = try params.bool("enable")
            guard declared.contains(Name.guestEnabled) else {
                throw CommandError(.functionNotSupported, "the device has no guest network (\(Name.guestEnabled))")
            }
            state[Name.guestEnabled] = .bool(enable)
        case .enableDisableNetworkProfile:
            try setProfile(try params.string("profile"), enabled: try params.bool("enable"), in: &state, declared)
        case .getGuestNetworkPassword:
            guard ManufacturerTraits.value(state, Name.guestPassword)?.stringValue != nil else {
                throw CommandError(.functionNotSupported, "the device tells no guest network password")
            }
        case .testNetworkSpeed:
            try startSpeedTest(
                download: try params.optionalBool("testDownloadSpeed") ?? false,
                upload: try params.optionalBool("testUploadSpeed") ?? false,
                in: &state,
                declared
            )
            _ = try params.optionalString("followUpToken")
        default:
            throw CommandError(.functionNotSupported, "\(command.rawValue) is not one of NetworkControl's commands")
        }
        endpoint.clusters[id] = state
    }

    /// Enables or disables a listed profile (see the type's comment).
    static func setProfile(
        _ profile: String,
        enabled: Bool,
        in state: inout ClusterState,
        _ declared: Set<String>
    ) throws(CommandError) {
        let profiles = ManufacturerTraits.strings(state, Name.profiles)
        guard let position = profiles.firstIndex(of: profile) else {
            let known = profiles.isEmpty ? "it has none" : "it has " + profiles.joined(separator: ", ")
            throw CommandError(.networkProfileNotRecognized, "no network profile \"\(profile)\" (\(known))")
        }
        guard declared.contains(Name.profilesEnabled) else {
            throw CommandError(.functionNotSupported, "the device cannot enable or disable its network profiles")
        }
        var list = ManufacturerTraits.value(state, Name.profilesEnabled)?.listValue ?? []
        if list.count < profiles.count { list += Array(repeating: .bool(false), count: profiles.count - list.count) }
        list[position] = .bool(enabled)
        state[Name.profilesEnabled] = .list(list)
    }

    /// Starts a speed test in the directions asked for (see the type's comment).
    static func startSpeedTest(
        download: Bool,
        upload: Bool,
        in state: inout ClusterState,
        _ declared: Set<String>
    ) throws(CommandError) {
        guard download || upload else {
            throw CommandError(.functionNotSupported, "neither testDownloadSpeed nor testUploadSpeed is true")
        }
        if download, !declared.contains(Name.downloadSpeed) {
            throw CommandError(.functionNotSupported, "the device cannot test its download speed")
        }
        if upload, !declared.contains(Name.uploadSpeed) {
            throw CommandError(.functionNotSupported, "the device cannot test its upload speed")
        }
        if state.bool(Name.inProgress) == true {
            throw CommandError(.networkSpeedTestInProgress, "a speed test is running")
        }
        if declared.contains(Name.inProgress) { state[Name.inProgress] = .bool(true) }
    }

    static func matterCommands(
        _ command: Command,
        params: JSONObject,
        before: Endpoint,
        after: Endpoint
    ) -> [MatterCommandDescription]? {
        guard let (id, _, _) = ManufacturerTraits.cluster(backing: trait, on: after) else { return nil }
        let arguments: [(String, JSONValue)]
        switch command {
        case .enableDisableGuestNetwork:
            arguments = [("Enable", .bool(params["enable"]?.boolValue ?? false))]
        case .enableDisableNetworkProfile:
            arguments = [
                ("Profile", .string(params["profile"]?.stringValue ?? "")),
                ("Enable", .bool(params["enable"]?.boolValue ?? false)),
            ]
        case .testNetworkSpeed:
            arguments = [
                ("TestDownloadSpeed", .bool(params["testDownloadSpeed"]?.boolValue ?? false)),
                ("TestUploadSpeed", .bool(params["testUploadSpeed"]?.boolValue ?? false)),
            ]
        default:
            // GetGuestNetworkPassword reads what the registry holds: nothing to deliver.
            return []
        }
        let name = String(command.rawValue.dropFirst("action.devices.commands.".count))
        return [
            MatterCommandDescription(
                command: "\(id.rawValue).\(name)",
                arguments: JSONObject(arguments),
                changed: after.changedAttributes(since: before)
            )
        ]
    }
}
