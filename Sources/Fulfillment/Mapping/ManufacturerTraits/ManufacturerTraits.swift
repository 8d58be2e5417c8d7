import JSON
import MatterModel
import SmartHomeProtocol

/// Google traits backed by manufacturer-specific clusters: a cluster whose declaration says
/// `"googleTrait": "ArmDisarm"` (``ManufacturerCluster/googleTrait``) brings that trait to its endpoint, and a
/// declaration's `"googleType"` gives a device whose primary Matter device type has no Google type its type.
///
/// The declarations are the ones the process knows (``ManufacturerClusterCatalog``: the registry's, and an imported
/// file's); a cluster the catalog does not hold brings nothing.
enum ManufacturerTraits {
    /// The Google traits a manufacturer cluster can back, each with its profile.
    static let backed: [Trait] = [.armDisarm, .statusReport, .fill, .dispense, .networkControl]

    /// The trait's short name, as a declaration writes it (`ArmDisarm` for `action.devices.traits.ArmDisarm`).
    static func shortName(_ trait: Trait) -> String {
        String(trait.rawValue.dropFirst("action.devices.traits.".count))
    }

    /// The Google device type a declaration names (`SECURITYSYSTEM`).
    static func googleType(named name: String) -> GoogleDeviceType? {
        GoogleDeviceType(rawValue: "action.devices.types." + name)
    }

    /// The declarations of the endpoint's manufacturer clusters that back a trait, by cluster id.
    static func declarations(on endpoint: Endpoint) -> [ManufacturerCluster] {
        endpoint.clusters.keys.filter(\.isManufacturerSpecific).sorted { $0.matterID < $1.matterID }.compactMap {
            guard let declaration = ManufacturerClusterCatalog.cluster(id: $0.matterID),
                declaration.googleTrait != nil
            else { return nil }
            return declaration
        }
    }

    /// The cluster on `endpoint` that backs `trait` (the one with the lowest id when several do), its state and the
    /// names of the attributes its declaration has.
    static func cluster(
        backing trait: Trait,
        on endpoint: Endpoint
    ) -> (id: ClusterID, state: ClusterState, declared: Set<String>)? {
        let name = shortName(trait)
        guard let declaration = declarations(on: endpoint).first(where: { $0.googleTrait == name }) else {
            return nil
        }
        let id = ClusterID(matterID: declaration.id)
        return (id, endpoint.cluster(id), Set(declaration.attributes.map(\.name)))
    }

    /// The cluster an EXECUTE of `trait` changes, after checking that `command` is one of the trait's: every backed
    /// trait's `execute` starts here. A command of another trait, or an endpoint no declaration backs `trait` on:
    /// `functionNotSupported`.
    static func executing(
        _ command: Command,
        of trait: Trait,
        on endpoint: Endpoint
    ) throws(CommandError) -> (id: ClusterID, state: ClusterState, declared: Set<String>) {
        let name = shortName(trait)
        guard command.trait == trait else {
            throw CommandError(.functionNotSupported, "\(command.rawValue) is not one of \(name)'s commands")
        }
        guard let backing = cluster(backing: trait, on: endpoint) else {
            throw CommandError(.functionNotSupported, "no manufacturer cluster backs \(name)")
        }
        return backing
    }

    /// The traits the endpoint's manufacturer clusters bring, in the order of ``Trait``'s cases.
    static func traits(for endpoint: Endpoint) -> [Trait] {
        guard endpoint.clusters.keys.contains(where: \.isManufacturerSpecific) else { return [] }
        let names = Set(declarations(on: endpoint).compactMap(\.googleTrait))
        return backed.filter { names.contains(shortName($0)) }
    }

    /// The Google type the primary endpoint's manufacturer clusters give the device: the `googleType` of the first
    /// (by cluster id) that has one; `nil` when none does. ``DeviceTypeMapping`` uses it only when the primary
    /// Matter device type has no Google type of its own.
    static func googleType(for device: Device) -> GoogleDeviceType? {
        guard let primary = device.endpoints.first else { return nil }
        return declarations(on: primary).lazy.compactMap { $0.googleType.flatMap(googleType(named:)) }.first
    }

    /// An attribute of the backing cluster by the profile's name, with `nil` for absent and null alike.
    static func value(_ state: ClusterState, _ name: String) -> AttributeValue? {
        guard let value = state[name], !value.isNull else { return nil }
        return value
    }

    /// A list of strings (`AvailableArmLevels`), empty when absent; entries that are not strings are skipped.
    static func strings(_ state: ClusterState, _ name: String) -> [String] {
        (value(state, name)?.listValue ?? []).compactMap(\.stringValue)
    }

    /// An unsigned integer attribute, whichever way the value is held (`int` or `unsigned`).
    static func unsigned(_ value: AttributeValue?) -> Int? {
        switch value {
        case .int(let number)?: return number
        case .unsigned(let number)?: return number <= UInt64(Int.max) ? Int(number) : Int.max
        default: return nil
        }
    }

    /// `{"levels": […], "ordered": …}` from a profile's attributes: the level names (`names`), their synonyms
    /// (``levels(_:synonyms:)``) and whether the levels are ordered (false when absent): the body of ArmDisarm's
    /// `availableArmLevels` and of Fill's `availableFillLevels`.
    static func levelList(_ state: ClusterState, names: String, synonyms: String, ordered: String) -> JSONObject {
        JSONObject([
            ("levels", levels(strings(state, names), synonyms: strings(state, synonyms))),
            ("ordered", .bool(state.bool(ordered) ?? false)),
        ])
    }

    /// Google's level object for a list of level names and their English synonyms: `{"level_name": …,
    /// "level_values": [{"level_synonym": […], "lang": "en"}]}` per level. The synonyms of level `n` are the
    /// comma-separated entry `n` of `synonyms` (blank ones dropped); without one, the level's name is its only
    /// synonym. Google's ArmDisarm and Fill pages: "level_synonym … User-friendly names for the level in each
    /// supported language. The first item is treated as the canonical name", and "At least one item with a lang
    /// value of en is required in order to provide language fallback".
    static func levels(_ names: [String], synonyms: [String]) -> JSONValue {
        .array(
            names.enumerated().map { position, name in
                let given =
                    position < synonyms.count
                    ? synonyms[position].split(separator: ",").map { $0.trimmingSpaces }.filter { !$0.isEmpty } : []
                return .object(
                    JSONObject([
                        ("level_name", .string(name)),
                        (
                            "level_values",
                            .array([
                                .object(
                                    JSONObject([
                                        ("level_synonym", .array((given.isEmpty ? [name] : given).map { .string($0) })),
                                        ("lang", .string("en")),
                                    ])
                                )
                            ])
                        ),
                    ])
                )
            }
        )
    }
}

extension Substring {
    /// The text without leading and trailing spaces.
    fileprivate var trimmingSpaces: String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}
