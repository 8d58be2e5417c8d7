import MatterModel

/// One application a video player can launch, as Google's `AppSelector` names it: a Content App endpoint's
/// Application Basic.
///
/// Matter (Device Library, Content App 0x0024): "This defines conformance to the Content App device type. A
/// Content App is usually an application built by a Content Provider. A Casting Video Player with a Content App
/// Platform is able to launch Content Apps and represent these apps as separate endpoints." Each has Application
/// Basic (0x050D): `ApplicationName` ("a human readable (displayable) name of the Content App"), `Application`
/// (an `ApplicationStruct {CatalogVendorID, ApplicationID}`, "the Content App's application identifier"),
/// `VendorName`, `Status`. The player's Application Launcher (0x050C) launches by that struct: `LaunchApp
/// {Application, Data?}`, and reports the app in focus in `CurrentApp`, an `ApplicationEPStruct {Application,
/// Endpoint?}` ("A null SHALL be used to indicate there is no current in-focus application").
///
/// Google (traits/appselector): `availableApplications` items have `key`, "Unique key for the application which is
/// not exposed to users in speech or response", and `names`, "Name of each application and its language-specific
/// synonyms", each `{name_synonym, lang}` where "The first synonym is used in the response."
///
/// - `key` is `<CatalogVendorID>:<ApplicationID>` (``key(catalogVendorID:applicationID:)``): the pair is what
///   Matter launches by and is unique per catalog, so a key alone says what `LaunchApp` takes.
/// - The synonym is `ApplicationName` (the `ApplicationID` when the name is empty), `lang` `en`.
/// - An app whose key repeats an earlier one's is left out.
struct ApplicationEntry: Equatable, Sendable {
    var catalogVendorID: Int
    var applicationID: String
    var synonyms: [String]
    /// The index in the device's endpoints of the Content App endpoint (`nil` when not known).
    var endpoint: Int?

    var key: String { Self.key(catalogVendorID: catalogVendorID, applicationID: applicationID) }

    /// Google's `key` for an application.
    static func key(catalogVendorID: Int, applicationID: String) -> String {
        "\(catalogVendorID):\(applicationID)"
    }

    /// The `(CatalogVendorID, ApplicationID)` a key stands for, if it is one (`ApplicationID` may itself hold
    /// colons: only the first separates).
    static func application(fromKey key: String) -> (catalogVendorID: Int, applicationID: String)? {
        guard let colon = key.firstIndex(of: ":"), let vendor = Int(key[..<colon]),
            (0...Int(UInt16.max)).contains(vendor)
        else { return nil }
        let id = String(key[key.index(after: colon)...])
        return id.isEmpty ? nil : (vendor, id)
    }

    /// Matter's `ApplicationStruct` for this app.
    var applicationStruct: AttributeValue {
        Self.applicationStruct(catalogVendorID: catalogVendorID, applicationID: applicationID)
    }

    /// Matter's `ApplicationStruct {CatalogVendorID, ApplicationID}`.
    static func applicationStruct(catalogVendorID: Int, applicationID: String) -> AttributeValue {
        .structure(["CatalogVendorID": .int(catalogVendorID), "ApplicationID": .string(applicationID)])
    }

    /// The `(CatalogVendorID, ApplicationID)` of an `ApplicationStruct`, if well formed.
    static func application(of value: AttributeValue?) -> (catalogVendorID: Int, applicationID: String)? {
        guard let fields = value?.structureValue,
            let vendor = fields["CatalogVendorID"].flatMap(ModeConversion.integer),
            let id = fields["ApplicationID"]?.stringValue, !id.isEmpty
        else { return nil }
        return (vendor, id)
    }

    /// The applications of a device: one per endpoint with Application Basic, in endpoint order.
    static func entries(of endpoints: [Endpoint]) -> [ApplicationEntry] {
        var seen: Set<String> = []
        return endpoints.enumerated().compactMap { index, endpoint -> ApplicationEntry? in
            guard let state = endpoint.clusters[.ApplicationBasic], let app = application(of: state["Application"])
            else { return nil }
            let entry = ApplicationEntry(
                catalogVendorID: app.catalogVendorID,
                applicationID: app.applicationID,
                synonyms: ModeConversion.synonyms(
                    [state["ApplicationName"]?.stringValue ?? ""],
                    fallback: app.applicationID
                ),
                endpoint: index
            )
            return seen.insert(entry.key).inserted ? entry : nil
        }
    }

    /// The entry one of whose synonyms is `name`, compared without case and surrounding spaces.
    static func named(_ name: String, in entries: [ApplicationEntry]) -> ApplicationEntry? {
        let wanted = ModeConversion.trimmed(name).lowercased()
        return entries.first { entry in entry.synonyms.contains { $0.lowercased() == wanted } }
    }
}
