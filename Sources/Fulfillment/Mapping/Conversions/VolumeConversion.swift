/// Converts between a Matter Speaker's `LevelControl.CurrentLevel` (its volume, 1–254) and Google's Volume trait
/// `currentVolume` / `volumeLevel`, on Hearth's `volumeMaxLevel` 100, so one Google volume step is one percent.
///
/// The scale is ``LevelConversion``'s, 254 levels = 100, rounding half away from zero in exact integer
/// arithmetic: level 1 → 0, 127 → 50, 254 → 100; volume 0 → level 1 (`MinLevel`), 50 → 127, 100 → 254. Muting is
/// On/Off's job (off = muted), so volume 0 is the quietest level, not silence.
///
/// Guarantees (checked by `VolumeConversionTests`): volume → level → volume is the identity for 0…100 with the
/// default `MinLevel`/`MaxLevel`; both directions are monotone and within bounds.
public enum VolumeConversion {
    /// The `volumeMaxLevel` Hearth declares: volumes are percentages.
    public static let volumeMaxLevel = 100

    /// Google volume (0…100) for a Matter `CurrentLevel`: `round(level × 100 / 254)`, half away from zero, after
    /// clamping the level to 0…254.
    public static func volumePercent(fromCurrentLevel currentLevel: Int) -> Int {
        LevelConversion.brightnessPercent(fromCurrentLevel: currentLevel)
    }

    /// Matter `CurrentLevel` for a Google volume (0…100): `clamp(round(volume × 254 / 100), minLevel, maxLevel)`,
    /// half away from zero, after clamping the volume to 0…100 and normalising the bounds as ``LevelConversion``
    /// does.
    public static func currentLevel(
        fromVolumePercent volume: Int,
        minLevel: Int = LevelConversion.defaultMinLevel,
        maxLevel: Int = LevelConversion.defaultMaxLevel
    ) -> Int {
        LevelConversion.currentLevel(fromBrightnessPercent: volume, minLevel: minLevel, maxLevel: maxLevel)
    }
}
