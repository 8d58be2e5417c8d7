import JSON

/// Attribute rules for the traits Hearth sends or plans to send. Each rule names the Google trait page it comes from
/// (https://developers.home.google.com/cloud-to-cloud/traits/<name, lower-case>).
/// Traits on Google's list but not here are accepted with any attributes (the validator cannot judge them), and a
/// device carrying one of them is not checked for unknown attributes.
enum TraitAttributeRules {
    static let byTrait: [String: TraitRule] = Dictionary(
        uniqueKeysWithValues: all.map { ($0.trait, $0) }
    )

    static let all: [TraitRule] = [
        // traits/onoff
        TraitRule(
            "OnOff",
            [TraitAttributeField("commandOnlyOnOff", .boolean), TraitAttributeField("queryOnlyOnOff", .boolean)]
        ),
        // traits/brightness
        TraitRule("Brightness", [TraitAttributeField("commandOnlyBrightness", .boolean)]),
        colorSetting,
        fanSpeed,
        // traits/openclose: openDirection "Supported values" UP, DOWN, LEFT, RIGHT, IN, OUT.
        TraitRule(
            "OpenClose",
            [
                TraitAttributeField("discreteOnlyOpenClose", .boolean),
                TraitAttributeField("openDirection", .array(of: .oneOf(GoogleVocabulary.openDirections))),
                TraitAttributeField("commandOnlyOpenClose", .boolean),
                TraitAttributeField("queryOnlyOpenClose", .boolean),
            ]
        ),
        // traits/startstop
        TraitRule(
            "StartStop",
            [
                TraitAttributeField("pausable", .boolean),
                TraitAttributeField("availableZones", .array(of: .string(nonEmpty: true))),
            ]
        ),
        // traits/lockunlock, traits/dock, traits/runcycle: "Device ATTRIBUTES: None."
        TraitRule("LockUnlock", []),
        TraitRule("Dock", []),
        TraitRule("RunCycle", []),
        temperatureSetting,
        temperatureControl,
        humiditySetting,
        occupancySensing,
        sensorState,
        // traits/volume: volumeMaxLevel and volumeCanMuteAndUnmute are "Required."; volumeDefaultPercentage
        // "Value must be between 0 and 100". A maximum level of 0 would leave only "mute" (brief: > 0).
        TraitRule(
            "Volume",
            [
                TraitAttributeField("volumeMaxLevel", .integer(minimum: 1), required: true),
                TraitAttributeField("volumeCanMuteAndUnmute", .boolean, required: true),
                TraitAttributeField("volumeDefaultPercentage", .integer(minimum: 0, maximum: 100)),
                TraitAttributeField("levelStepSize", .integer()),
                TraitAttributeField("commandOnlyVolume", .boolean),
            ]
        ),
        energyStorage,
        // traits/locator: "Device ATTRIBUTES: None."
        TraitRule("Locator", []),
        modes,
        toggles,
        timer, cook,
        mediaState, transportControl,
        inputSelector, channel, appSelector,
    ]

    // MARK: - Traits with nested shapes or cross-member rules

    /// traits/colorsetting: "Contains any of" colorModel (rgb | hsv) and colorTemperatureRange (integer Kelvin
    /// bounds, both "Required." inside the range); so at least one of them.
    static let colorSetting = TraitRule(
        "ColorSetting",
        [
            TraitAttributeField("colorModel", .oneOf(GoogleVocabulary.colorModels)),
            TraitAttributeField(
                "colorTemperatureRange",
                .object([
                    TraitAttributeField("temperatureMinK", .integer(), required: true),
                    TraitAttributeField("temperatureMaxK", .integer(), required: true),
                ])
            ),
            TraitAttributeField("commandOnlyColorSetting", .boolean),
        ],
        crossCheck: { attributes, collector in
            requireAny(of: ["colorModel", "colorTemperatureRange"], for: "ColorSetting", in: attributes, &collector)
            checkOrdered(
                attributes["colorTemperatureRange"],
                minimum: "temperatureMinK",
                maximum: "temperatureMaxK",
                at: "attributes.colorTemperatureRange",
                &collector
            )
        }
    )

    /// traits/fanspeed: "Contains any of" availableFanSpeeds (speeds and ordered "Required.") and
    /// supportsFanSpeedPercent; speed_name, speed_values, speed_synonym and lang are "Required." in each item.
    static let fanSpeed = TraitRule(
        "FanSpeed",
        [
            TraitAttributeField("reversible", .boolean),
            TraitAttributeField("commandOnlyFanSpeed", .boolean),
            TraitAttributeField(
                "availableFanSpeeds",
                .object([
                    TraitAttributeField(
                        "speeds",
                        .array(
                            of: .object([
                                TraitAttributeField("speed_name", .string(nonEmpty: true), required: true),
                                TraitAttributeField(
                                    "speed_values",
                                    .array(of: synonyms("speed_synonym"), minimumCount: 1),
                                    required: true
                                ),
                            ]),
                            minimumCount: 1
                        ),
                        required: true
                    ),
                    TraitAttributeField("ordered", .boolean, required: true),
                ])
            ),
            TraitAttributeField("supportsFanSpeedPercent", .boolean),
        ],
        crossCheck: { attributes, collector in
            requireAny(
                of: ["availableFanSpeeds", "supportsFanSpeedPercent"],
                for: "FanSpeed",
                in: attributes,
                &collector
            )
            // Duplicate speed names make SetFanSpeed ambiguous; Google does not document a rejection.
            let speeds = attributes["availableFanSpeeds"]?["speeds"]?.arrayValue ?? []
            var seen: Set<String> = []
            for (index, speed) in speeds.enumerated() {
                guard let name = speed["speed_name"]?.stringValue else { continue }
                if !seen.insert(name).inserted {
                    collector.warn(
                        "attributes.availableFanSpeeds.speeds[\(index)].speed_name",
                        "duplicate speed name \"\(name)\""
                    )
                }
            }
        }
    )

    /// traits/temperaturesetting: availableThermostatModes and thermostatTemperatureUnit are "Required." (no
    /// exception for query-only devices on Google's page); range bounds "Required." inside the range.
    static let temperatureSetting = TraitRule(
        "TemperatureSetting",
        [
            TraitAttributeField("availableThermostatModes", .custom(checkThermostatModes), required: true),
            TraitAttributeField("thermostatTemperatureRange", celsiusRange),
            TraitAttributeField("thermostatTemperatureUnit", .oneOf(GoogleVocabulary.temperatureUnits), required: true),
            TraitAttributeField("bufferRangeCelsius", .number),
            TraitAttributeField("commandOnlyTemperatureSetting", .boolean),
            TraitAttributeField("queryOnlyTemperatureSetting", .boolean),
        ],
        crossCheck: { attributes, collector in
            checkOrdered(
                attributes["thermostatTemperatureRange"],
                minimum: "minThresholdCelsius",
                maximum: "maxThresholdCelsius",
                at: "attributes.thermostatTemperatureRange",
                &collector
            )
        }
    )

    /// traits/temperaturecontrol: temperatureRange and temperatureUnitForUX are "Required."
    static let temperatureControl = TraitRule(
        "TemperatureControl",
        [
            TraitAttributeField("temperatureRange", celsiusRange, required: true),
            TraitAttributeField("temperatureStepCelsius", .number),
            TraitAttributeField("temperatureUnitForUX", .oneOf(GoogleVocabulary.temperatureUnits), required: true),
            TraitAttributeField("commandOnlyTemperatureControl", .boolean),
            TraitAttributeField("queryOnlyTemperatureControl", .boolean),
        ],
        crossCheck: { attributes, collector in
            checkOrdered(
                attributes["temperatureRange"],
                minimum: "minThresholdCelsius",
                maximum: "maxThresholdCelsius",
                at: "attributes.temperatureRange",
                &collector
            )
        }
    )

    /// traits/humiditysetting: minPercent (default 0) and maxPercent (default 100), each "between 0 and 100".
    static let humiditySetting = TraitRule(
        "HumiditySetting",
        [
            TraitAttributeField(
                "humiditySetpointRange",
                .object([
                    TraitAttributeField("minPercent", .integer(minimum: 0, maximum: 100)),
                    TraitAttributeField("maxPercent", .integer(minimum: 0, maximum: 100)),
                ])
            ),
            TraitAttributeField("commandOnlyHumiditySetting", .boolean),
            TraitAttributeField("queryOnlyHumiditySetting", .boolean),
        ],
        crossCheck: { attributes, collector in
            guard let range = attributes["humiditySetpointRange"]?.objectValue else { return }
            let minimum = range["minPercent"].map(\.intValue) ?? 0
            let maximum = range["maxPercent"].map(\.intValue) ?? 100
            if let minimum, let maximum, minimum >= maximum {
                collector.reject(
                    "attributes.humiditySetpointRange",
                    "minPercent (\(minimum)) must be below maxPercent (\(maximum))"
                )
            }
        }
    )

    /// traits/occupancysensing: occupancySensorType "Required." (PIR, ULTRASONIC, PHYSICAL_CONTACT);
    /// unoccupiedToOccupiedDelaySec "Required if occupiedToUnoccupiedDelaySec is set".
    static let occupancySensing = TraitRule(
        "OccupancySensing",
        [
            TraitAttributeField(
                "occupancySensorConfiguration",
                .array(
                    of: .object([
                        TraitAttributeField(
                            "occupancySensorType",
                            .oneOf(GoogleVocabulary.occupancySensorTypes),
                            required: true
                        ),
                        TraitAttributeField("occupiedToUnoccupiedDelaySec", .integer()),
                        TraitAttributeField("unoccupiedToOccupiedDelaySec", .integer()),
                        TraitAttributeField("unoccupiedToOccupiedEventThreshold", .integer()),
                    ])
                )
            )
        ],
        crossCheck: { attributes, collector in
            let sensors = attributes["occupancySensorConfiguration"]?.arrayValue ?? []
            for (index, sensor) in sensors.enumerated() {
                guard let object = sensor.objectValue, object["occupiedToUnoccupiedDelaySec"] != nil else { continue }
                if object["unoccupiedToOccupiedDelaySec"] == nil {
                    collector.reject(
                        "attributes.occupancySensorConfiguration[\(index)].unoccupiedToOccupiedDelaySec",
                        "is required when occupiedToUnoccupiedDelaySec is set"
                    )
                }
            }
        }
    )

    /// traits/sensorstate: sensorStatesSupported "Required.", at least 1 item; each item's name from the
    /// "Supported Sensors" table, with at least one of descriptiveCapabilities (availableStates, at least 1 item)
    /// and numericCapabilities (rawValueUnit), each only where the table supports it and with the table's values
    /// (`FilterLifeTime`: `new`, `good`, `replace soon`, `replace now`, `PERCENTAGE`; `HEPAFilterLifeTime`:
    /// `PERCENTAGE` only); each name at most once.
    static let sensorState = TraitRule(
        "SensorState",
        [
            TraitAttributeField(
                "sensorStatesSupported",
                .array(
                    of: .object([
                        TraitAttributeField("name", .oneOf(Set(GoogleVocabulary.sensors.keys)), required: true),
                        TraitAttributeField(
                            "descriptiveCapabilities",
                            .object([
                                TraitAttributeField(
                                    "availableStates",
                                    .array(of: .string(nonEmpty: true), minimumCount: 1),
                                    required: true
                                )
                            ])
                        ),
                        TraitAttributeField(
                            "numericCapabilities",
                            .object([TraitAttributeField("rawValueUnit", .string(nonEmpty: true), required: true)])
                        ),
                    ]),
                    minimumCount: 1
                ),
                required: true
            )
        ],
        crossCheck: { attributes, collector in
            let sensors = attributes["sensorStatesSupported"]?.arrayValue ?? []
            var seen: Set<String> = []
            for (index, sensor) in sensors.enumerated() {
                checkSensorCapabilities(sensor, at: "attributes.sensorStatesSupported[\(index)]", &collector)
                // Google answers "what is the <sensor>" from one entry: a name listed twice is ambiguous.
                if let name = sensor["name"]?.stringValue, !seen.insert(name).inserted {
                    collector.reject("attributes.sensorStatesSupported[\(index)].name", "\(name) is listed twice")
                }
            }
        }
    )

    /// traits/energystorage: queryOnlyEnergyStorage is "Required."; energyStorageDistanceUnitForUX one of
    /// KILOMETERS, MILES; isRechargeable (Default: false) "indicates the device … can accept the `Charge`
    /// command", so a device that takes `Charge` (queryOnlyEnergyStorage false) must say isRechargeable true.
    static let energyStorage = TraitRule(
        "EnergyStorage",
        [
            TraitAttributeField("queryOnlyEnergyStorage", .boolean, required: true),
            TraitAttributeField("energyStorageDistanceUnitForUX", .oneOf(GoogleVocabulary.distanceUnits)),
            TraitAttributeField("isRechargeable", .boolean),
        ],
        crossCheck: { attributes, collector in
            // A non-boolean isRechargeable is the field rule's to report.
            let rechargeable = attributes["isRechargeable"]
            if attributes["queryOnlyEnergyStorage"]?.boolValue == false,
                rechargeable == nil || rechargeable?.boolValue == false
            {
                collector.reject(
                    "attributes.isRechargeable",
                    "a device that takes Charge (queryOnlyEnergyStorage false) must be isRechargeable true"
                )
            }
        }
    )

    /// traits/modes: availableModes "Required."; name, name_values, settings, setting_name, setting_values, the
    /// synonym lists and lang "Required." in their items; settings: "At least 2 items required"; name_values need at
    /// least one item with lang `en` for language fallback (stated under name_values on the page's localized
    /// versions; paraphrased). Duplicate mode or setting
    /// names make `currentModeSettings` and `updateModeSettings` (keyed by name) ambiguous: a warning, as Google
    /// documents no rejection.
    static let modes = TraitRule(
        "Modes",
        [
            TraitAttributeField(
                "availableModes",
                .array(
                    of: .object([
                        TraitAttributeField("name", .string(nonEmpty: true), required: true),
                        TraitAttributeField("name_values", .array(of: synonyms("name_synonym")), required: true),
                        TraitAttributeField(
                            "settings",
                            .array(
                                of: .object([
                                    TraitAttributeField("setting_name", .string(nonEmpty: true), required: true),
                                    TraitAttributeField(
                                        "setting_values",
                                        .array(of: synonyms("setting_synonym")),
                                        required: true
                                    ),
                                ]),
                                minimumCount: 2
                            ),
                            required: true
                        ),
                        TraitAttributeField("ordered", .boolean),
                    ])
                ),
                required: true
            ),
            TraitAttributeField("commandOnlyModes", .boolean),
            TraitAttributeField("queryOnlyModes", .boolean),
        ],
        crossCheck: { attributes, collector in
            let modes = attributes["availableModes"]?.arrayValue ?? []
            checkNamed(modes, key: "name", synonyms: "name_values", at: "attributes.availableModes", &collector)
            for (index, mode) in modes.enumerated() {
                warnDuplicates(
                    mode["settings"]?.arrayValue ?? [],
                    key: "setting_name",
                    at: "attributes.availableModes[\(index)].settings",
                    &collector
                )
            }
        }
    )

    /// traits/toggles: availableToggles "Required."; name, name_values, name_synonym and lang "Required.";
    /// name_values need an item with lang `en` (language fallback, as for Modes). Duplicate toggle names: a
    /// warning, as for Modes.
    static let toggles = TraitRule(
        "Toggles",
        [
            TraitAttributeField(
                "availableToggles",
                .array(
                    of: .object([
                        TraitAttributeField("name", .string(nonEmpty: true), required: true),
                        TraitAttributeField("name_values", .array(of: synonyms("name_synonym")), required: true),
                    ])
                ),
                required: true
            ),
            TraitAttributeField("commandOnlyToggles", .boolean),
            TraitAttributeField("queryOnlyToggles", .boolean),
        ],
        crossCheck: { attributes, collector in
            checkNamed(
                attributes["availableToggles"]?.arrayValue ?? [],
                key: "name",
                synonyms: "name_values",
                at: "attributes.availableToggles",
                &collector
            )
        }
    )

    /// Modes and Toggles: each item's `synonyms` list has an `en` entry (refused otherwise), and `key` names are
    /// unique (a warning otherwise).
    static func checkNamed(
        _ items: [JSONValue],
        key: String,
        synonyms: String,
        at path: String,
        _ collector: inout ViolationCollector
    ) {
        for (index, item) in items.enumerated() {
            // A missing or mistyped lang is the shape rule's violation; only a list of languages is judged here.
            guard let languages = item[synonyms]?.arrayValue,
                languages.allSatisfy({ $0["lang"]?.stringValue != nil })
            else { continue }
            if !languages.contains(where: { $0["lang"]?.stringValue == "en" }) {
                collector.reject("\(path)[\(index)].\(synonyms)", "needs an item with lang \"en\" (language fallback)")
            }
        }
        warnDuplicates(items, key: key, at: path, &collector)
    }

    /// Warns at each item whose `key` repeats an earlier item's.
    static func warnDuplicates(
        _ items: [JSONValue],
        key: String,
        at path: String,
        _ collector: inout ViolationCollector
    ) {
        var seen: Set<String> = []
        for (index, item) in items.enumerated() {
            guard let name = item[key]?.stringValue else { continue }
            if !seen.insert(name).inserted {
                collector.warn("\(path)[\(index)].\(key)", "duplicate \(key) \"\(name)\"")
            }
        }
    }

    // MARK: - Shared shapes and checks

    /// `{minThresholdCelsius, maxThresholdCelsius}`, both "Required." numbers.
    static let celsiusRange: TraitAttributeSchema = .object([
        TraitAttributeField("minThresholdCelsius", .number, required: true),
        TraitAttributeField("maxThresholdCelsius", .number, required: true),
    ])

    /// One language's synonyms: `{<key>: [String], lang: String}`, both "Required.".
    static func synonyms(_ key: String) -> TraitAttributeSchema {
        .object([
            TraitAttributeField(key, .array(of: .string(nonEmpty: true)), required: true),
            TraitAttributeField("lang", .string(nonEmpty: true), required: true),
        ])
    }

    /// TemperatureSetting's modes: an array of supported values, or the deprecated comma-separated string that
    /// Google still accepts (pattern `^((off|heat|cool|on|heatcool|auto|fan-only|purifier|eco|dry|),?)+$`).
    @Sendable static func checkThermostatModes(
        _ value: JSONValue,
        at path: String,
        _ collector: inout ViolationCollector
    ) {
        if let list = value.stringValue {
            collector.warn(path, "the comma-separated string form is deprecated; send an array")
            let modes = list.split(separator: ",")
            if modes.isEmpty { collector.reject(path, "names no thermostat mode") }
            for mode in modes where !GoogleVocabulary.thermostatModes.contains(String(mode)) {
                collector.reject(path, "\"\(mode)\" is not a supported thermostat mode")
            }
            return
        }
        TraitAttributeSchema.array(of: .oneOf(GoogleVocabulary.thermostatModes), minimumCount: 1)
            .check(value, at: path, into: &collector)
    }

    /// Reports when none of `keys` is present ("Contains any of the following items").
    static func requireAny(
        of keys: [String],
        for trait: String,
        in attributes: JSONObject,
        _ collector: inout ViolationCollector
    ) {
        guard !keys.contains(where: { attributes[$0] != nil }) else { return }
        collector.reject("attributes", "\(trait) needs at least one of \(keys.joined(separator: ", "))")
    }

    /// Reports a range whose minimum is not below its maximum; silent when either bound is not a number (the
    /// member check reports that).
    static func checkOrdered(
        _ range: JSONValue?,
        minimum: String,
        maximum: String,
        at path: String,
        _ collector: inout ViolationCollector
    ) {
        guard let low = range?[minimum]?.doubleValue, let high = range?[maximum]?.doubleValue else { return }
        if low >= high {
            collector.reject(
                path,
                "\(minimum) (\(range?[minimum] ?? .null)) must be below \(maximum) (\(range?[maximum] ?? .null))"
            )
        }
    }

    /// One `sensorStatesSupported` item against the Supported Sensors table.
    static func checkSensorCapabilities(_ sensor: JSONValue, at path: String, _ collector: inout ViolationCollector) {
        guard let object = sensor.objectValue else { return }
        let descriptive = object["descriptiveCapabilities"]
        let numeric = object["numericCapabilities"]
        if descriptive == nil && numeric == nil {
            collector.reject(path, "needs descriptiveCapabilities or numericCapabilities (or both)")
        }
        guard let name = object["name"]?.stringValue, let capabilities = GoogleVocabulary.sensors[name] else { return }
        if let descriptive {
            if let allowed = capabilities.descriptiveStates {
                let states = descriptive["availableStates"]?.arrayValue ?? []
                for (index, state) in states.enumerated() {
                    guard let state = state.stringValue, !state.isEmpty, !allowed.contains(state) else { continue }
                    collector.reject(
                        "\(path).descriptiveCapabilities.availableStates[\(index)]",
                        "\"\(state)\" is not a \(name) state (\(allowed.sorted().joined(separator: ", ")))"
                    )
                }
            } else {
                collector.reject("\(path).descriptiveCapabilities", "\(name) has no descriptive states")
            }
        }
        if let numeric {
            if let unit = capabilities.numericUnit {
                if let given = numeric["rawValueUnit"]?.stringValue, !given.isEmpty, given != unit {
                    collector.reject(
                        "\(path).numericCapabilities.rawValueUnit",
                        "\(name) is measured in \(unit), not \"\(given)\""
                    )
                }
            } else {
                collector.reject("\(path).numericCapabilities", "\(name) has no numeric value")
            }
        }
    }
}
