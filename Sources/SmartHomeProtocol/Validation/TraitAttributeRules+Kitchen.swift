extension TraitAttributeRules {
    /// traits/timer: "`maxTimerLimitSec` Integer **Required.** Indicates the longest timer setting available on the
    /// device, measured in seconds. Minimum value: `1`." and "`commandOnlyTimer` Boolean (Default: `false`)".
    static let timer = TraitRule(
        "Timer",
        [
            TraitAttributeField("maxTimerLimitSec", .integer(minimum: 1), required: true),
            TraitAttributeField("commandOnlyTimer", .boolean),
        ]
    )

    /// traits/cook: "`supportedCookingModes` Array **Required.** Cooking modes supported by this device", each one of
    /// the page's "Supported values" (``cookingModes``); `foodPresets` items have `food_preset_name` (Required),
    /// `supported_units` (Required, each of ``foodUnits``) and `food_synonyms` (Required: `synonym` and `lang`).
    static let cook = TraitRule(
        "Cook",
        [
            TraitAttributeField("supportedCookingModes", .array(of: .oneOf(cookingModes)), required: true),
            TraitAttributeField(
                "foodPresets",
                .array(
                    of: .object([
                        TraitAttributeField("food_preset_name", .string(nonEmpty: true), required: true),
                        TraitAttributeField("supported_units", .array(of: .oneOf(foodUnits)), required: true),
                        TraitAttributeField("food_synonyms", .array(of: synonyms("synonym")), required: true),
                    ])
                )
            ),
        ]
    )

    /// traits/cook, `supportedCookingModes` "Supported values".
    static let cookingModes: Set<String> = [
        "UNKNOWN_COOKING_MODE", "BAKE", "BEAT", "BLEND", "BOIL", "BREW", "BROIL", "CONVECTION_BAKE", "COOK", "DEFROST",
        "DEHYDRATE", "FERMENT", "FRY", "GRILL", "KNEAD", "MICROWAVE", "MIX", "PRESSURE_COOK", "PUREE", "ROAST", "SAUTE",
        "SLOW_COOK", "SOUS_VIDE", "STEAM", "STEW", "STIR", "WARM", "WHIP",
    ]

    /// traits/cook, `supported_units` "Supported values".
    static let foodUnits: Set<String> = [
        "UNKNOWN_UNITS", "NO_UNITS", "CENTIMETERS", "CUPS", "DECILITERS", "FEET", "FLUID_OUNCES", "GALLONS", "GRAMS",
        "INCHES", "KILOGRAMS", "LITERS", "METERS", "MILLIGRAMS", "MILLILITERS", "MILLIMETERS", "OUNCES", "PINCH",
        "PINTS", "PORTION", "POUNDS", "QUARTS", "TABLESPOONS", "TEASPOONS",
    ]
}
