/// What a manufacturer-specific cluster must look like to back one of Google's traits that have no Matter
/// counterpart (`ArmDisarm`, `StatusReport`, `Fill`, `Dispense`, `NetworkControl`): the attribute names Hearth reads, the Matter types each may
/// have, which are mandatory, and the Google device types such a cluster may give a device.
///
/// A declaration names its trait with `"googleTrait"` (``ManufacturerCluster/googleTrait``); ``problem(in:)`` says
/// why its attributes do not fit, and ``ManufacturerCluster/parse(_:field:)`` refuses it, naming the field. A
/// declaration may have attributes of its own besides the profile's: Hearth stores them and does not read them.
///
/// Matter has no security panel, pet feeder or router cluster (the Matter 1.4 Application Cluster Specification has
/// none), so the manufacturer defines one; only base types can be declared (booleans, integers, strings and lists
/// of them), so a Google object becomes parallel lists (`AvailableArmLevels` and `ArmLevelSynonyms`, entry by
/// entry) and an enumeration becomes a string (the level's name).
public struct ManufacturerTraitProfile: Sendable, Hashable {
    /// The Matter types an attribute of the profile may have.
    public enum ValueClass: String, Sendable, Hashable {
        /// `bool`.
        case bool
        /// `string`.
        case string
        /// An unsigned integer (`uint8`…`uint64`, `percent`, an `enum8`).
        case unsigned
        /// A `list` of `bool`.
        case boolList
        /// A `list` of `string`.
        case stringList
        /// A `list` of unsigned integers.
        case unsignedList

        /// What a message calls it.
        var spelled: String {
            switch self {
            case .bool: return "bool"
            case .string: return "string"
            case .unsigned: return "an unsigned integer (uint8…uint64, percent)"
            case .boolList: return "list of bool"
            case .stringList: return "list of string"
            case .unsignedList: return "list of an unsigned integer type"
            }
        }

        /// Whether a declared attribute's type (and entry type) is of this class.
        func admits(type: String, entryType: String?) -> Bool {
            func kindOf(_ name: String?) -> MatterValueType.Kind? {
                name.flatMap(MatterValueType.standard(named:))?.kind
            }
            func isUnsigned(_ kind: MatterValueType.Kind?) -> Bool {
                switch kind {
                case .integer(_, let signed)?: return !signed
                case .enumeration?: return true
                default: return false
                }
            }
            switch self {
            case .bool: return kindOf(type) == .bool
            case .string: return kindOf(type) == .string
            case .unsigned: return isUnsigned(kindOf(type))
            case .boolList: return type == "list" && kindOf(entryType) == .bool
            case .stringList: return type == "list" && kindOf(entryType) == .string
            case .unsignedList: return type == "list" && isUnsigned(kindOf(entryType))
            }
        }
    }

    /// One attribute the profile reads.
    public struct Field: Sendable, Hashable {
        /// The attribute's name in the declaration.
        public var name: String
        /// Its type.
        public var value: ValueClass
        /// Whether the declaration must have it, and as `mandatory`.
        public var required: Bool
    }

    /// Google's trait, by its short name (`ArmDisarm` for `action.devices.traits.ArmDisarm`).
    public var trait: String
    /// The Google device types (`SECURITYSYSTEM`) a declaration of this profile may give a device
    /// (``ManufacturerCluster/googleType``).
    public var googleTypes: [String]
    /// The attributes Hearth reads.
    public var fields: [Field]

    /// The field named `name`, if the profile has one.
    public func field(_ name: String) -> Field? { fields.first { $0.name == name } }

    /// Why `cluster`'s attributes do not fit the profile: the attribute's path in the declaration
    /// (`attributes[1].type`, or `attributes` for a missing one) and the reason; `nil` when they fit.
    public func problem(in attributes: [ManufacturerCluster.Attribute]) -> (path: String, message: String)? {
        for field in fields {
            guard let position = attributes.firstIndex(where: { $0.name == field.name }) else {
                if field.required {
                    return (
                        "attributes",
                        "a \(trait) cluster needs the attribute \(field.name) (\(field.value.spelled), mandatory)"
                    )
                }
                continue
            }
            let attribute = attributes[position]
            if !field.value.admits(type: attribute.type, entryType: attribute.entryType) {
                let given = attribute.entryType.map { "list of \($0)" } ?? attribute.type
                return (
                    "attributes[\(position)].type",
                    "\(field.name) of a \(trait) cluster is \(field.value.spelled), not \(given)"
                )
            }
            if field.required, !attribute.mandatory {
                return (
                    "attributes[\(position)].mandatory",
                    "\(field.name) of a \(trait) cluster must be mandatory: Google's state needs it"
                )
            }
        }
        return nil
    }

    /// The profile of the Google trait named `trait` (`ArmDisarm`), if Hearth has one.
    public static func named(_ trait: String) -> ManufacturerTraitProfile? {
        all.first { $0.trait == trait }
    }

    /// Every profile, in the order the documentation lists them.
    public static let all: [ManufacturerTraitProfile] = [armDisarm, statusReport, fill, dispense, networkControl]

    /// `ArmDisarm` (Google's SECURITYSYSTEM): `Armed` is `isArmed`; `ArmLevel` is `currentArmLevel`, one of
    /// `AvailableArmLevels` (the `level_name`s of `availableArmLevels`, whose English `level_synonym`s are the
    /// comma-separated entry of `ArmLevelSynonyms` at the same position, else the name itself); `ArmLevelsOrdered` is
    /// `ordered`; arming starts an exit allowance of `ExitDelaySeconds`, reported as `exitAllowance` while
    /// `ExitAllowanceSeconds` is above 0.
    public static let armDisarm = ManufacturerTraitProfile(
        trait: "ArmDisarm",
        googleTypes: ["SECURITYSYSTEM"],
        fields: [
            Field(name: "Armed", value: .bool, required: true),
            Field(name: "ArmLevel", value: .string, required: false),
            Field(name: "AvailableArmLevels", value: .stringList, required: false),
            Field(name: "ArmLevelSynonyms", value: .stringList, required: false),
            Field(name: "ArmLevelsOrdered", value: .bool, required: false),
            Field(name: "ExitDelaySeconds", value: .unsigned, required: false),
            Field(name: "ExitAllowanceSeconds", value: .unsigned, required: false),
        ]
    )

    /// `StatusReport` (Google's SECURITYSYSTEM): one status per entry of `StatusCodes` (Google's error or exception
    /// code, `statusCode`), with the entries at the same position of `StatusDeviceIds` (`deviceTarget`: this
    /// device's or a related device's id), `StatusPriorities` (`priority`, 0 the highest) and `StatusBlocking`
    /// (`blocking`).
    public static let statusReport = ManufacturerTraitProfile(
        trait: "StatusReport",
        googleTypes: ["SECURITYSYSTEM"],
        fields: [
            Field(name: "StatusCodes", value: .stringList, required: true),
            Field(name: "StatusDeviceIds", value: .stringList, required: false),
            Field(name: "StatusPriorities", value: .unsignedList, required: false),
            Field(name: "StatusBlocking", value: .boolList, required: false),
        ]
    )

    /// `Fill` (a pet feeder's bowl; on a device Matter types already, any filling part): `Filled` is `isFilled`; `FillLevel` is `currentFillLevel`,
    /// one of `AvailableFillLevels` (with `FillLevelSynonyms` and `FillLevelsOrdered` as for arm levels);
    /// `FillPercent` (a `percent`, 0…100) is `currentFillPercent`, and declaring it is `supportsFillPercent`.
    public static let fill = ManufacturerTraitProfile(
        trait: "Fill",
        googleTypes: ["PETFEEDER"],
        fields: [
            Field(name: "Filled", value: .bool, required: true),
            Field(name: "FillLevel", value: .string, required: false),
            Field(name: "AvailableFillLevels", value: .stringList, required: false),
            Field(name: "FillLevelSynonyms", value: .stringList, required: false),
            Field(name: "FillLevelsOrdered", value: .bool, required: false),
            Field(name: "FillPercent", value: .unsigned, required: false),
        ]
    )

    /// `Dispense` (a pet feeder's food): one dispensable item per entry of `DispenseItems` (`item_name`), with the
    /// entries at the same position of `DispenseItemSynonyms` (comma-separated English `synonyms`, else the name),
    /// `DispenseUnits` (the item's one Google unit, `GRAMS`, `CUPS`, `PORTION`…; `NO_UNITS` when absent),
    /// `DefaultPortions` (`default_portion.amount`, 1 when absent), `AmountsRemaining` (`amountRemaining.amount`) and
    /// `AmountsLastDispensed` (`amountLastDispensed.amount`); one preset per entry of `DispensePresets`
    /// (`preset_name`) with `DispensePresetSynonyms`.
    public static let dispense = ManufacturerTraitProfile(
        trait: "Dispense",
        googleTypes: ["PETFEEDER"],
        fields: [
            Field(name: "DispenseItems", value: .stringList, required: true),
            Field(name: "DispenseItemSynonyms", value: .stringList, required: false),
            Field(name: "DispenseUnits", value: .stringList, required: false),
            Field(name: "DefaultPortions", value: .unsignedList, required: false),
            Field(name: "AmountsRemaining", value: .unsignedList, required: false),
            Field(name: "AmountsLastDispensed", value: .unsignedList, required: false),
            Field(name: "DispensePresets", value: .stringList, required: false),
            Field(name: "DispensePresetSynonyms", value: .stringList, required: false),
        ]
    )

    /// `NetworkControl` (a router or a mesh network): `NetworkEnabled` is `networkEnabled` and `NetworkSSID`
    /// `networkSettings.ssid`; `GuestNetworkEnabled` is `guestNetworkEnabled`, and declaring it is
    /// `supportsEnablingGuestNetwork` and `supportsDisablingGuestNetwork`; `GuestNetworkSSID` is
    /// `guestNetworkSettings.ssid`; declaring `GuestNetworkPassword` is `supportsGettingGuestNetworkPassword` (the
    /// password is answered only to `GetGuestNetworkPassword`, never in QUERY); one profile per entry of
    /// `NetworkProfiles` (`networkProfiles`), enabled per the entry of `NetworkProfilesEnabled` at the same position
    /// (declaring it is `supportsEnablingNetworkProfile` and `supportsDisablingNetworkProfile`);
    /// `ConnectedDevices` is `numConnectedDevices`; `NetworkUsageMB`, `NetworkUsageLimitMB` and
    /// `NetworkUsageUnlimited` are Google's states of those names (whole megabytes); a speed test in each direction
    /// is `DownloadSpeedKbps` / `UploadSpeedKbps` (kilobits per second, reported in Google's megabits per second),
    /// `DownloadTestUnixSeconds` / `UploadTestUnixSeconds` and `DownloadTestSucceeded` / `UploadTestSucceeded`
    /// (declaring the speed is `supportsNetworkDownloadSpeedTest` / `supportsNetworkUploadSpeedTest`);
    /// `SpeedTestInProgress` is `networkSpeedTestInProgress`.
    public static let networkControl = ManufacturerTraitProfile(
        trait: "NetworkControl",
        googleTypes: ["ROUTER", "NETWORK"],
        fields: [
            Field(name: "NetworkEnabled", value: .bool, required: true),
            Field(name: "NetworkSSID", value: .string, required: false),
            Field(name: "GuestNetworkEnabled", value: .bool, required: false),
            Field(name: "GuestNetworkSSID", value: .string, required: false),
            Field(name: "GuestNetworkPassword", value: .string, required: false),
            Field(name: "NetworkProfiles", value: .stringList, required: false),
            Field(name: "NetworkProfilesEnabled", value: .boolList, required: false),
            Field(name: "ConnectedDevices", value: .unsigned, required: false),
            Field(name: "NetworkUsageMB", value: .unsigned, required: false),
            Field(name: "NetworkUsageLimitMB", value: .unsigned, required: false),
            Field(name: "NetworkUsageUnlimited", value: .bool, required: false),
            Field(name: "DownloadSpeedKbps", value: .unsigned, required: false),
            Field(name: "DownloadTestUnixSeconds", value: .unsigned, required: false),
            Field(name: "DownloadTestSucceeded", value: .bool, required: false),
            Field(name: "UploadSpeedKbps", value: .unsigned, required: false),
            Field(name: "UploadTestUnixSeconds", value: .unsigned, required: false),
            Field(name: "UploadTestSucceeded", value: .bool, required: false),
            Field(name: "SpeedTestInProgress", value: .bool, required: false),
        ]
    )
}
