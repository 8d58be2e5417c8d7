import JSON
import MatterModel
import SmartHomeProtocol

/// One Google toggle an endpoint offers: its `name`, English `name_synonym`s, where it lives in Matter, and
/// whether it is on.
///
/// Google (traits/toggles): "This trait belongs to any devices with settings that can only exist in one of two
/// states." Sources:
///
/// | Matter | toggle `name` | on when | set on / off |
/// |---|---|---|---|
/// | Water Heater Management `BoostState` | `boost` | Active (1) | `Boost {"BoostInfo": {"Duration": 3600}}` / `CancelBoost` |
/// | Fan Control RCK (`FeatureMap` bit 2) `RockSupport`/`RockSetting` bit 0, 1, 2 | `rock-left-right`, `rock-up-down`, `rock-round` | the bit is set | `FanControl.Write {"RockSetting": bits}` |
/// | Fan Control WND (`FeatureMap` bit 3) `WindSupport`/`WindSetting` bit 0, 1 | `sleep-wind`, `natural-wind` | the bit is set | `FanControl.Write {"WindSetting": bits}` |
///
/// A fan toggle is offered only for a bit its `…Support` attribute sets, and only with the feature. Hearth's
/// hand-modelled Fan Control has no `FeatureMap`; there a `…Support` of 0 (its default) is the feature's absence.
struct ToggleOffer: Equatable, Sendable {
    /// Where a toggle lives in Matter.
    enum Source: Hashable, Sendable {
        /// Water Heater Management's `BoostState`.
        case boost
        /// One bit of Fan Control's `RockSetting`.
        case rock(bit: Int)
        /// One bit of Fan Control's `WindSetting`.
        case wind(bit: Int)
    }

    var source: Source
    var name: String
    var synonyms: [String]
    var isOn: Bool

    /// How long a boost Google turns on lasts. Matter's `WaterHeaterBoostInfoStruct.Duration` is mandatory
    /// (elapsed-s, at least 1) and Google's toggle has no duration, so Hearth asks for one hour.
    static let boostDurationSeconds = 3600

    /// Fan Control `FeatureMap` bits: Rocking (RCK) bit 2, Wind (WND) bit 3 (`FanControl.xml` features).
    static let rockingFeature = 1 << 2
    static let windFeature = 1 << 3

    /// `RockBitmap` (RockLeftRight, RockUpDown, RockRound) as toggles.
    static let rockToggles: [(bit: Int, name: String, synonyms: [String])] = [
        (0, "rock-left-right", ["side to side rocking", "left right rocking", "oscillation"]),
        (1, "rock-up-down", ["up and down rocking", "vertical rocking"]),
        (2, "rock-round", ["round rocking", "circular rocking"]),
    ]

    /// `WindBitmap` (SleepWind, NaturalWind) as toggles.
    static let windToggles: [(bit: Int, name: String, synonyms: [String])] = [
        (0, "sleep-wind", ["sleep wind", "sleep breeze"]),
        (1, "natural-wind", ["natural wind", "natural breeze"]),
    ]

    /// Every toggle of `endpoint`: boost, then rock, then wind.
    static func offers(of endpoint: Endpoint) -> [ToggleOffer] {
        var offers: [ToggleOffer] = []
        if let heater = endpoint.clusters[.WaterHeaterManagement] {
            offers.append(
                ToggleOffer(
                    source: .boost,
                    name: "boost",
                    synonyms: ["boost", "hot water boost"],
                    isOn: heater["BoostState"].flatMap(ModeConversion.integer) == 1
                )
            )
        }
        if let fan = endpoint.clusters[.FanControl] {
            let features =
                fan[SpecificationSchema.featureMap].flatMap(ModeConversion.integer) ?? rockingFeature | windFeature
            if features & rockingFeature != 0 {
                offers += bits(rockToggles, support: fan["RockSupport"], setting: fan["RockSetting"]) {
                    .rock(bit: $0)
                }
            }
            if features & windFeature != 0 {
                offers += bits(windToggles, support: fan["WindSupport"], setting: fan["WindSetting"]) {
                    .wind(bit: $0)
                }
            }
        }
        return offers
    }

    /// Whether `endpoint` has at least one toggle: what decides that it backs Google's `Toggles`.
    static func hasToggle(_ endpoint: Endpoint) -> Bool {
        !offers(of: endpoint).isEmpty
    }

    static func bits(
        _ table: [(bit: Int, name: String, synonyms: [String])],
        support: AttributeValue?,
        setting: AttributeValue?,
        source: (Int) -> Source
    ) -> [ToggleOffer] {
        let supported = support.flatMap(ModeConversion.integer) ?? 0
        let current = setting.flatMap(ModeConversion.integer) ?? 0
        return table.filter { supported & (1 << $0.bit) != 0 }.map { entry in
            ToggleOffer(
                source: source(entry.bit),
                name: entry.name,
                synonyms: entry.synonyms,
                isOn: current & (1 << entry.bit) != 0
            )
        }
    }

    /// Turns the toggle on or off on `endpoint`.
    func apply(_ on: Bool, to endpoint: inout Endpoint) {
        switch source {
        case .boost:
            var heater = endpoint.cluster(.WaterHeaterManagement)
            heater["BoostState"] = .int(on ? 1 : 0)
            endpoint.clusters[.WaterHeaterManagement] = heater
        case .rock(let bit):
            Self.setBit(bit, on, of: "RockSetting", on: &endpoint)
        case .wind(let bit):
            Self.setBit(bit, on, of: "WindSetting", on: &endpoint)
        }
    }

    static func setBit(_ bit: Int, _ on: Bool, of attribute: String, on endpoint: inout Endpoint) {
        var fan = endpoint.cluster(.FanControl)
        let bits = fan[attribute].flatMap(ModeConversion.integer) ?? 0
        fan[attribute] = .int(on ? bits | (1 << bit) : bits & ~(1 << bit))
        endpoint.clusters[.FanControl] = fan
    }

    /// The Matter command that turns the toggle to `on`, on an endpoint that is now `after`; `changed` is what
    /// the change log says changed.
    func matterCommand(_ on: Bool, after: Endpoint, changed: JSONObject) -> MatterCommandDescription {
        switch source {
        case .boost:
            let own = changed["WaterHeaterManagement"].map { JSONObject([("WaterHeaterManagement", $0)]) }
            if on {
                let info = JSONObject([("Duration", .int(Self.boostDurationSeconds))])
                return MatterCommandDescription(
                    command: "WaterHeaterManagement.Boost",
                    arguments: JSONObject([("BoostInfo", .object(info))]),
                    changed: own ?? JSONObject()
                )
            }
            return MatterCommandDescription(
                command: "WaterHeaterManagement.CancelBoost",
                arguments: JSONObject(),
                changed: own ?? JSONObject()
            )
        case .rock, .wind:
            let attribute = if case .rock = source { "RockSetting" } else { "WindSetting" }
            let bits = after.cluster(.FanControl)[attribute].flatMap(ModeConversion.integer) ?? 0
            let own = changed["FanControl"].map { JSONObject([("FanControl", $0)]) }
            return MatterCommandDescription(
                command: "FanControl.Write",
                arguments: JSONObject([(attribute, .int(bits))]),
                changed: own ?? JSONObject()
            )
        }
    }
}
