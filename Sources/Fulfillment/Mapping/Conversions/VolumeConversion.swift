/// Converts between a Matter Speaker's `LevelControl.CurrentLevel` (its volume, 1–254) and Google's Volume trait
/// `currentVolume` / `volumeLevel`, on Hearth's `volumeMaxLevel` 100, so one Google volume step is one percent.
///
/// The scale is ``LevelConversion``'s, 254 levels = 100, rounding half away from zero in exact integer
/// arithmetic, with every level of at least 1 reading as at least 1: level 1 → 1, 2 → 1, 127 → 50, 254 → 100;
/// volume 0 → level 1 (`MinLevel`), 1 → 3, 50 → 127, 100 → 254. Muting is On/Off's job (off = muted), so level 1 is
/// the quietest audible volume, not silence, and reads as 1 rather than 0.
///
/// Guarantees (checked by `VolumeConversionTests`): volume → level → volume is the identity for 1…100 with the
/// default `MinLevel`/`MaxLevel` (0 sets level 1, which reads as 1); level ≥ 1 reads as ≥ 1; both directions are
/// monotone and within bounds.
public enum VolumeConversion {
    /// The `volumeMaxLevel` Hearth declares: volumes are percentages.
    public static let volumeMaxLevel = 100

    /// Google volume (0…100) for a Matter `CurrentLevel`: `max(1, round(level × 100 / 254))`, half away from
    /// zero, for a level of at least 1 and 0 for level 0, after clamping the level to 0…254.
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
