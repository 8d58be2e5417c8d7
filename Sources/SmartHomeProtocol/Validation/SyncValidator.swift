import JSON

/// Checks SYNC answers the way Google would, before Google sees them.
///
/// Google rejects a whole SYNC (INVALID_ARGUMENT) when one device in it is malformed: an unknown `type`, an unknown
/// trait, no traits (the SYNC reference, and Google's smart-home-error-reporting sample). Findings come in three classes:
/// - ``violations(in:)-(JSONObject)``: everything in one device object that would cause such a rejection (Hearth
///   leaves the device out of SYNC);
/// - ``problems(in:)-(JSONObject)``: what Google accepts in the SYNC but that breaks a requirement its documents
///   state with "must" (Matter dedup: "SYNC responses must contain `roomHint`" for a device with `matter*` ids).
///   The device is sent, but the feature fails (the device shows twice), so `hearth devices validate` fails too.
///   A trait the device type's guide lists as required and the device lacks is one too (``GoogleVocabulary``);
/// - ``warnings(in:)-(JSONObject)``: what Google accepts but silently changes or ignores (a name cut at 60 code
///   points, a deprecated form), and a trait the device type's guide recommends that the device lacks. Each rule cites
/// its source: the SYNC reference (https://developers.home.google.com/cloud-to-cloud/intents/sync), a trait page
/// (`/cloud-to-cloud/traits/<name>`), the Matter dedup page (https://developers.home.google.com/matter/device-deduplication),
/// or, where Google is silent, Hearth's own contract (the Devices reference article, "The SYNC validator").
///
/// The validator carries its own copy of Google's vocabulary (``GoogleVocabulary``) and never consults Hearth's
/// `GoogleDeviceType` or `Trait`, so it judges Hearth's output independently.
public enum SyncValidator {
    /// Everything Google would reject in one SYNC device object (empty = valid). Paths start inside the device.
    public static func violations(in device: JSONObject) -> [SyncViolation] {
        inspect(device).violations
    }

    /// Everything Google would reject in `device.json`, the object Hearth sends for this device.
    public static func violations(in device: SyncDevice) -> [SyncViolation] {
        violations(in: device.json)
    }

    /// What Google accepts in this device but changes or ignores, or what defeats a feature (Matter dedup) without
    /// failing the SYNC.
    public static func warnings(in device: JSONObject) -> [SyncViolation] {
        inspect(device).warnings
    }

    /// ``warnings(in:)-(JSONObject)`` for `device.json`.
    public static func warnings(in device: SyncDevice) -> [SyncViolation] {
        warnings(in: device.json)
    }

    /// What Google accepts in this device but that breaks a requirement of its documents: a device with Matter ids
    /// and no `roomHint` (Matter dedup page, "SYNC responses must contain `roomHint`").
    public static func problems(in device: JSONObject) -> [SyncViolation] {
        inspect(device).problems
    }

    /// ``problems(in:)-(JSONObject)`` for `device.json`.
    public static func problems(in device: SyncDevice) -> [SyncViolation] {
        problems(in: device.json)
    }

    /// Everything Google would reject in a SYNC `payload` (the object holding `agentUserId` and `devices`): its own
    /// members, duplicate device ids, and every device's violations. Paths start inside the payload
    /// (`devices[2].traits[0]`).
    public static func violations(inPayload payload: JSONObject) -> [SyncViolation] {
        inspect(payload: payload).violations
    }

    /// ``warnings(in:)-(JSONObject)`` for every device of a SYNC `payload`, with payload paths.
    public static func warnings(inPayload payload: JSONObject) -> [SyncViolation] {
        inspect(payload: payload).warnings
    }

    /// ``problems(in:)-(JSONObject)`` for every device of a SYNC `payload`, with payload paths.
    public static func problems(inPayload payload: JSONObject) -> [SyncViolation] {
        inspect(payload: payload).problems
    }

    // MARK: - Device

    /// The device members Google documents. SYNC reference: id, type, traits, name, willReportState,
    /// notificationSupportedByAgent, roomHint, deviceInfo, attributes, customData, otherDeviceIds; HomeGraph
    /// `Device`: structureHint; Matter dedup page: the three matter* ids. Anything else is unknown (brief rule).
    static let deviceMembers: Set<String> = [
        "id", "type", "traits", "name", "willReportState", "notificationSupportedByAgent", "roomHint",
        "structureHint", "deviceInfo", "attributes", "customData", "otherDeviceIds", "matterUniqueId",
        "matterOriginalVendorId", "matterOriginalProductId",
    ]

    /// Google keeps at most this many Unicode code points of a name and cuts the rest "without throwing any error"
    /// (SYNC reference, `name.name`).
    static let nameLimit = 60

    /// Matter's Basic Information UniqueID is a string of at most 32 characters (Matter Core spec 11.1.5.21).
    /// Google's pages state no limit for `matterUniqueId`, so exceeding it is only a warning.
    static let matterUniqueIdLimit = 32

    static func inspect(_ device: JSONObject, pathPrefix: String = "") -> ViolationCollector {
        let id = device["id"]?.stringValue.flatMap { $0.isEmpty ? nil : $0 }
        var collector = ViolationCollector(deviceId: id, pathPrefix: pathPrefix)

        // SYNC reference: `id` String, "Required."; unique per user, immutable. Empty counts as missing.
        checkString(device["id"], at: "id", required: true, nonEmpty: true, &collector)

        // SYNC reference: `type` String, "Required."; must be on Google's device type list (an unknown type fails
        // the SYNC: Google's smart-home-error-reporting sample, its LIGHTBULB example).
        if let type = device["type"] {
            if let string = type.stringValue {
                if !GoogleVocabulary.deviceTypes.contains(string) {
                    collector.reject("type", "\"\(string)\" is not a Google device type")
                }
            } else {
                collector.reject("type", "must be a string, found \(type.kindDescription)")
            }
        } else {
            collector.reject("type", "is required but missing")
        }

        let traits = checkTraits(device["traits"], &collector)
        if let type = device["type"]?.stringValue, let traits {
            checkGuideTraits(type: type, traits: traits, &collector)
        }
        checkName(device["name"], &collector)

        // SYNC reference: `willReportState` Boolean, "Required."; `notificationSupportedByAgent` Boolean.
        checkBoolean(device["willReportState"], at: "willReportState", required: true, &collector)
        checkBoolean(device["notificationSupportedByAgent"], at: "notificationSupportedByAgent", &collector)

        // SYNC reference: `roomHint` String; an empty hint names no room (brief rule: non-empty).
        // HomeGraph `Device.structureHint` String, "Suggested name for the structure where this device is
        // installed"; an empty one names none, as with the room.
        checkString(device["roomHint"], at: "roomHint", nonEmpty: true, &collector)
        checkString(device["structureHint"], at: "structureHint", nonEmpty: true, &collector)

        // SYNC reference: `deviceInfo` Object of four Strings.
        if let info = device["deviceInfo"] {
            let string = TraitAttributeSchema.string()
            TraitAttributeSchema.object([
                TraitAttributeField("manufacturer", string), TraitAttributeField("model", string),
                TraitAttributeField("hwVersion", string), TraitAttributeField("swVersion", string),
            ])
            .check(info, at: "deviceInfo", into: &collector)
        }

        // SYNC reference: `customData` Object (opaque to Google).
        if let customData = device["customData"], customData.objectValue == nil {
            collector.reject("customData", "must be an object, found \(customData.kindDescription)")
        }

        // SYNC reference: `otherDeviceIds` Array of {agentId String, deviceId String "Required."}.
        if let others = device["otherDeviceIds"] {
            TraitAttributeSchema.array(
                of: .object([
                    TraitAttributeField("agentId", .string()),
                    TraitAttributeField("deviceId", .string(nonEmpty: true), required: true),
                ])
            )
            .check(others, at: "otherDeviceIds", into: &collector)
        }

        checkMatter(device, &collector)

        for key in device.keys where !deviceMembers.contains(key) {
            collector.reject(key, "unknown device field")
        }

        // SYNC reference: `attributes` Object, the merged attributes of all the device's traits.
        // Attributes that are not an object are reported once; the trait rules then have nothing to judge.
        var attributes: JSONObject? = JSONObject()
        if let value = device["attributes"] {
            attributes = value.objectValue
            if attributes == nil {
                collector.reject("attributes", "must be an object, found \(value.kindDescription)")
            }
        }
        if let traits, let attributes { checkAttributes(attributes, traits: traits, &collector) }
        return collector
    }

    /// A device type guide's trait lists (``GoogleVocabulary/guideTraits``): a required trait the device lacks is a
    /// problem (Google accepts the SYNC, but the guide says the trait is "required, if applicable to your device"),
    /// a trait required only where it applies (a TV's AppSelector) or recommended a warning.
    static func checkGuideTraits(type: String, traits: [String], _ collector: inout ViolationCollector) {
        guard type.hasPrefix(GoogleVocabulary.deviceTypePrefix) else { return }
        let short = String(type.dropFirst(GoogleVocabulary.deviceTypePrefix.count))
        guard let guide = GoogleVocabulary.guideTraits[short] else { return }
        let present = Set(traits.map(GoogleVocabulary.shortTraitName))
        for trait in guide.required where !present.contains(trait) {
            collector.problem(
                "traits",
                "\(short)'s guide requires \(trait) (\"required, if applicable to your device\")"
            )
        }
        for trait in guide.requiredIfApplicable where !present.contains(trait) {
            collector.warn(
                "traits",
                "\(short)'s guide requires \(trait) if applicable to the device (\"required, if applicable to your "
                    + "device\"); add it if the device has it"
            )
        }
        for trait in guide.recommended where !present.contains(trait) {
            collector.warn("traits", "\(short)'s guide recommends \(trait)")
        }
    }

    /// SYNC reference: `traits` Array of Strings, "Required."; at least one (a device with none fails the SYNC:
    /// "No SupportedTraits" in Google's error reporting), each on Google's trait list, none twice. Returns the traits when the
    /// list is sound enough to judge attributes by, else `nil`.
    static func checkTraits(_ value: JSONValue?, _ collector: inout ViolationCollector) -> [String]? {
        guard let value else {
            collector.reject("traits", "is required but missing")
            return nil
        }
        guard let array = value.arrayValue else {
            collector.reject("traits", "must be an array, found \(value.kindDescription)")
            return nil
        }
        if array.isEmpty { collector.reject("traits", "must name at least one trait") }
        var traits: [String] = []
        var sound = !array.isEmpty
        for (index, element) in array.enumerated() {
            let path = JSONPath.element("traits", index)
            guard let trait = element.stringValue else {
                collector.reject(path, "must be a string, found \(element.kindDescription)")
                sound = false
                continue
            }
            if !GoogleVocabulary.traits.contains(trait) {
                collector.reject(path, "\"\(trait)\" is not a Google trait")
                sound = false
            } else if traits.contains(trait) {
                collector.reject(path, "\"\(trait)\" is listed twice")
            } else {
                traits.append(trait)
            }
        }
        return sound ? traits : nil
    }

    /// SYNC reference: `name` Object, "Required."; `name.name` String, "Required." (empty counts as missing),
    /// cut at 60 code points; `defaultNames` and `nicknames` Arrays of Strings.
    static func checkName(_ value: JSONValue?, _ collector: inout ViolationCollector) {
        guard let value else {
            collector.reject("name", "is required but missing")
            return
        }
        guard let name = value.objectValue else {
            collector.reject("name", "must be an object, found \(value.kindDescription)")
            return
        }
        TraitAttributeSchema.check(
            name,
            fields: [
                TraitAttributeField("name", .string(nonEmpty: true), required: true),
                TraitAttributeField("defaultNames", .array(of: .string())),
                TraitAttributeField("nicknames", .array(of: .string())),
            ],
            at: "name",
            into: &collector
        )
        warnIfLong(name["name"], at: "name.name", &collector)
        for list in ["defaultNames", "nicknames"] {
            for (index, element) in (name[list]?.arrayValue ?? []).enumerated() {
                let path = "name.\(list)[\(index)]"
                if element.stringValue?.isEmpty == true { collector.warn(path, "empty name; Google cannot use it") }
                warnIfLong(element, at: path, &collector)
            }
        }
    }

    static func warnIfLong(_ value: JSONValue?, at path: String, _ collector: inout ViolationCollector) {
        guard let string = value?.stringValue else { return }
        let length = string.unicodeScalars.count
        if length > nameLimit {
            collector.warn(path, "\(length) code points; Google keeps only the first \(nameLimit)")
        }
    }

    /// Matter dedup page: `matterOriginalVendorId` / `matterOriginalProductId` are the Basic Information VendorID /
    /// ProductID (16-bit) "in hexadecimal string format" (`"0xfff1"`: lower case, `0x`, no padding
    /// needed). `matterUniqueId` is the UniqueID "in string format" (non-empty). Google documents no rule tying the
    /// ids together, so one without the other is only a warning. The page also says "SYNC responses must contain
    /// `roomHint`" ("The room where this device resides"): a device carrying any `matter*` id without one is a
    /// problem, since Google cannot then deduplicate it against the same device commissioned over Matter.
    static func checkMatter(_ device: JSONObject, _ collector: inout ViolationCollector) {
        let vendor = device["matterOriginalVendorId"]
        let product = device["matterOriginalProductId"]
        for (key, value) in [("matterOriginalVendorId", vendor), ("matterOriginalProductId", product)] {
            guard let value else { continue }
            guard let string = value.stringValue else {
                collector.reject(key, "must be a string, found \(value.kindDescription)")
                continue
            }
            if !isMatterHexId(string) {
                collector.reject(key, "\"\(string)\" is not a lower-case 0x hex 16-bit id like \"0xfff1\"")
            }
        }
        let uniqueId = device["matterUniqueId"]
        checkString(uniqueId, at: "matterUniqueId", nonEmpty: true, &collector)
        if let string = uniqueId?.stringValue, string.count > matterUniqueIdLimit {
            collector.warn("matterUniqueId", "\(string.count) characters; Matter's UniqueID has at most 32")
        }
        let present = [uniqueId, vendor, product].filter { $0 != nil }.count
        if present > 0 {
            if present < 3 {
                collector.warn(
                    "",
                    "Matter dedup needs all of matterUniqueId, matterOriginalVendorId, matterOriginalProductId"
                )
            }
            if device["roomHint"] == nil {
                collector.problem(
                    "roomHint",
                    "missing: Matter dedup requires a roomHint for a device with matter* ids (give the device a room)"
                )
            }
        }
    }

    /// `0x` followed by one to four lower-case hex digits: a 16-bit value.
    static func isMatterHexId(_ string: String) -> Bool {
        guard string.hasPrefix("0x") else { return false }
        let digits = string.dropFirst(2)
        return (1...4).contains(digits.count) && digits.allSatisfy { "0123456789abcdef".contains($0) }
    }

    /// Each trait's documented attributes; an attribute of none of the device's traits is unknown (brief rule),
    /// judged only when every trait of the device has a rule table.
    static func checkAttributes(_ attributes: JSONObject, traits: [String], _ collector: inout ViolationCollector) {
        let rules = traits.compactMap { TraitAttributeRules.byTrait[$0] }
        var documented: Set<String> = []
        for rule in rules {
            let short = GoogleVocabulary.shortTraitName(rule.trait)
            for field in rule.fields where documented.insert(field.name).inserted {
                let path = JSONPath.member("attributes", field.name)
                if let value = attributes[field.name] {
                    field.schema.check(value, at: path, into: &collector)
                } else if field.isRequired {
                    collector.reject(path, "is required by \(short) but missing")
                }
            }
            rule.crossCheck?(attributes, &collector)
            // A device that can neither be queried nor commanded for a trait has no use for it; Google does not
            // document a rejection.
            if attributes["commandOnly" + short]?.boolValue == true
                && attributes["queryOnly" + short]?.boolValue == true
            {
                collector.warn("attributes", "commandOnly\(short) and queryOnly\(short) are both true")
            }
        }
        guard rules.count == traits.count else { return }
        let names = traits.map(GoogleVocabulary.shortTraitName).joined(separator: ", ")
        for key in attributes.keys where !documented.contains(key) {
            collector.reject(JSONPath.member("attributes", key), "unknown attribute for these traits (\(names))")
        }
    }

    // MARK: - Payload

    /// SYNC reference, response `payload`: agentUserId String "Required.", errorCode String, debugString String,
    /// devices Array "Required." (may be empty). A payload carrying `errorCode` reports a failed SYNC and needs no
    /// devices.
    static func inspect(payload: JSONObject) -> ViolationCollector {
        var collector = ViolationCollector(deviceId: nil)
        checkString(payload["agentUserId"], at: "agentUserId", required: true, nonEmpty: true, &collector)
        checkString(payload["errorCode"], at: "errorCode", nonEmpty: true, &collector)
        checkString(payload["debugString"], at: "debugString", &collector)
        for key in payload.keys where !["agentUserId", "errorCode", "debugString", "devices"].contains(key) {
            collector.reject(key, "unknown payload field")
        }
        guard let devices = payload["devices"] else {
            if payload["errorCode"] == nil { collector.reject("devices", "is required but missing") }
            return collector
        }
        guard let array = devices.arrayValue else {
            collector.reject("devices", "must be an array, found \(devices.kindDescription)")
            return collector
        }
        var firstIndex: [String: Int] = [:]
        var found: [SyncViolation] = []
        var warned: [SyncViolation] = []
        var troubled: [SyncViolation] = []
        for (index, element) in array.enumerated() {
            let path = JSONPath.element("devices", index)
            guard let device = element.objectValue else {
                collector.reject(path, "must be an object, found \(element.kindDescription)")
                continue
            }
            let inner = inspect(device, pathPrefix: path + ".")
            found += inner.violations
            warned += inner.warnings
            troubled += inner.problems
            // SYNC reference: the id "must be unique for the user and for the developer".
            guard let id = device["id"]?.stringValue, !id.isEmpty else { continue }
            if let first = firstIndex[id] {
                var duplicate = ViolationCollector(deviceId: id)
                duplicate.reject(path + ".id", "duplicates the id of devices[\(first)]")
                found += duplicate.violations
            } else {
                firstIndex[id] = index
            }
        }
        var result = collector
        result.append(violations: found, warnings: warned, problems: troubled)
        return result
    }

    // MARK: - Shared checks

    static func checkString(
        _ value: JSONValue?,
        at path: String,
        required: Bool = false,
        nonEmpty: Bool = false,
        _ collector: inout ViolationCollector
    ) {
        guard let value else {
            if required { collector.reject(path, "is required but missing") }
            return
        }
        TraitAttributeSchema.string(nonEmpty: nonEmpty).check(value, at: path, into: &collector)
    }

    static func checkBoolean(
        _ value: JSONValue?,
        at path: String,
        required: Bool = false,
        _ collector: inout ViolationCollector
    ) {
        guard let value else {
            if required { collector.reject(path, "is required but missing") }
            return
        }
        TraitAttributeSchema.boolean.check(value, at: path, into: &collector)
    }
}
