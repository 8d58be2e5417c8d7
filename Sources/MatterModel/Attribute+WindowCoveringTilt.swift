extension Attribute.WindowCovering {
    /// `TargetPositionTiltPercent100ths` (0x000C): where the slats are going, in hundredths of a percent closed
    /// (Matter 1.4 §5.3.6.11, "TL & PA_TL"); null when there is no target.
    public static let targetPositionTiltPercent100ths = Attribute(.WindowCovering, "TargetPositionTiltPercent100ths")
    /// `CurrentPositionTiltPercent100ths` (0x000F): the slats' angle, in hundredths of a percent closed: 0 fully
    /// open, 10000 fully closed (Matter 1.4 §5.3.6.14); null when unknown or when the covering does not tilt.
    public static let currentPositionTiltPercent100ths = Attribute(
        .WindowCovering,
        "CurrentPositionTiltPercent100ths"
    )
}
