import JSON
import MatterModel
import SmartHomeProtocol

/// Google `AppSelector` ⇄ Matter Application Launcher (0x050C) on the video player endpoint, with the apps of the
/// device's Content App endpoints (Application Basic 0x050D, ``ApplicationEntry``).
///
/// Google (traits/appselector): "This trait is used for devices which are able to switch between applications."
///
/// | Google | Matter |
/// |---|---|
/// | `availableApplications` [{key, names: [{name_synonym, lang}]}] | each Content App's `Application` and `ApplicationName` |
/// | `currentApplication` (state) | the player's `CurrentApp.Application`, as its key |
/// | `appSelect {newApplication}` / `{newApplicationName}` | `ApplicationLauncher.LaunchApp {"Application": {"CatalogVendorID", "ApplicationID"}}` |
/// | `appInstall`, `appSearch` | none: `functionNotSupported` |
///
/// - **The device's endpoints.** The apps live on other endpoints than the one that backs the trait, so the full
///   mapping takes them all: ``attributes(of:backing:into:)`` and ``execute(_:_:on:backing:mode:)``. The
///   one-endpoint ``TraitMapping`` functions see only the backing endpoint (a Content App that backs the trait
///   itself lists itself).
/// - `currentApplication`: Google, "**Required.** Key value of the current application that is active in the
///   foreground." Matter's `CurrentApp` is null when "there is no current in-focus application" (the home
///   screen): Google has no key for that, so the state is left out then.
/// - `appSelect`: Google, `newApplication` "Key of the application to launch" or `newApplicationName` "Name of the
///   application to launch". A key or name the device does not list is `noAvailableApp`. With no list at all
///   (the one-endpoint view) a well-formed key is launched as it stands: the key is the Matter application.
///   The registry's `CurrentApp` becomes `{Application, Endpoint}` (the Content App's endpoint number, when known),
///   as the player reports a launched app in focus.
/// - `appInstall` ("Install the given application") and `appSearch` ("Search for the given application"): Matter's
///   Application Launcher has `LaunchApp`, `StopApp` and `HideApp` only, so neither can be carried out:
///   `functionNotSupported`.
enum AppSelectorTrait: TraitMapping {
    static let trait = Trait.appSelector

    static func attributes(of endpoint: Endpoint, into attributes: inout JSONObject) {
        self.attributes(of: [endpoint], backing: 0, into: &attributes)
    }

    /// SYNC attributes of a device whose endpoint `backing` backs the trait: every Content App of `endpoints`.
    static func attributes(of endpoints: [Endpoint], backing: Int, into attributes: inout JSONObject) {
        let entries = ApplicationEntry.entries(of: endpoints)
        attributes.append("availableApplications", .array(entries.map(availableApplication)))
    }

    /// One `availableApplications` item.
    static func availableApplication(_ entry: ApplicationEntry) -> JSONValue {
        [
            "key": .string(entry.key),
            "names": [["name_synonym": .array(entry.synonyms.map { .string($0) }), "lang": "en"]],
        ]
    }

    static func states(of endpoint: Endpoint, into states: inout JSONObject) {
        let current = endpoint.clusters[.ApplicationLauncher]?["CurrentApp"]?.structureValue
        if let application = ApplicationEntry.application(of: current?["Application"]) {
            states.append(
                "currentApplication",
                .string(
                    ApplicationEntry.key(
                        catalogVendorID: application.catalogVendorID,
                        applicationID: application.applicationID
                    )
                )
            )
        }
    }

    static func execute(
        _ command: Command,
        _ params: CommandParameters,
        on endpoint: inout Endpoint,
        mode: ValidationMode
    ) throws(CommandError) {
        var endpoints = [endpoint]
        try execute(command, params, on: &endpoints, backing: 0, mode: mode)
        endpoint = endpoints[0]
    }

    /// Carries out `command` on the device's `endpoints`, whose endpoint `backing` has the Application Launcher.
    static func execute(
        _ command: Command,
        _ params: CommandParameters,
        on endpoints: inout [Endpoint],
        backing: Int,
        mode: ValidationMode
    ) throws(CommandError) {
        switch command {
        case .appSelect:
            let entry = try application(params, entries: ApplicationEntry.entries(of: endpoints))
            var current: [String: AttributeValue] = ["Application": entry.applicationStruct]
            if let index = entry.endpoint { current["Endpoint"] = .int(index + 1) }
            var launcher = endpoints[backing].cluster(.ApplicationLauncher)
            launcher["CurrentApp"] = .structure(current)
            endpoints[backing].clusters[.ApplicationLauncher] = launcher
        case .appInstall, .appSearch:
            throw CommandError(
                .functionNotSupported,
                "Matter's Application Launcher can launch, stop and hide apps, not install or search for them"
            )
        default:
            throw CommandError(.functionNotSupported, "\(command.rawValue) is not an AppSelector command")
        }
    }

    /// The application `appSelect` names: by `newApplication` (a key), else `newApplicationName`.
    static func application(
        _ params: CommandParameters,
        entries: [ApplicationEntry]
    ) throws(CommandError)
        -> ApplicationEntry
    {
        if let key = try params.optionalString("newApplication") {
            if let entry = entries.first(where: { $0.key == key }) { return entry }
            if entries.isEmpty, let application = ApplicationEntry.application(fromKey: key) {
                return ApplicationEntry(
                    catalogVendorID: application.catalogVendorID,
                    applicationID: application.applicationID,
                    synonyms: [],
                    endpoint: nil
                )
            }
            throw CommandError(.noAvailableApp, "no application with key \"\(key)\"")
        }
        if let name = try params.optionalString("newApplicationName") {
            guard let entry = ApplicationEntry.named(name, in: entries) else {
                throw CommandError(.noAvailableApp, "no application called \"\(name)\"")
            }
            return entry
        }
        throw CommandError(.notSupported, "appSelect needs params.newApplication or newApplicationName")
    }

    /// `ApplicationLauncher.LaunchApp {"Application": {...}}` with the application now in `CurrentApp`, even when it
    /// was already (launching brings it to the foreground).
    static func matterCommands(
        _ command: Command,
        params: JSONObject,
        before: Endpoint,
        after: Endpoint
    ) -> [MatterCommandDescription]? {
        guard command == .appSelect,
            let current = after.clusters[.ApplicationLauncher]?["CurrentApp"]?.structureValue,
            let application = ApplicationEntry.application(of: current["Application"])
        else { return nil }
        let argument = JSONValue.object(
            JSONObject([
                ("CatalogVendorID", .int(application.catalogVendorID)),
                ("ApplicationID", .string(application.applicationID)),
            ])
        )
        return [
            MatterCommandDescription(
                command: "ApplicationLauncher.LaunchApp",
                arguments: JSONObject([("Application", argument)]),
                changed: after.changedAttributes(since: before)
            )
        ]
    }
}
