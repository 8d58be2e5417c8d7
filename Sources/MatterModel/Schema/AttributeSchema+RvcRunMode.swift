extension AttributeSchema {
    /// The modes of RVC Run Mode, a fixed set: Matter's `SupportedModes` is a list of structures, which Hearth's
    /// attributes (booleans, integers, strings) cannot hold, so every robot vacuum supports the same three modes,
    /// each with one Matter mode tag:
    ///
    /// | `Mode` | label | mode tag |
    /// |---|---|---|
    /// | 0 | Idle | Idle (0x4000) |
    /// | 1 | Cleaning | Cleaning (0x4001) |
    /// | 2 | Mapping | Mapping (0x4002) |
    ///
    /// Matter requires at least one mode tagged Idle and one tagged Cleaning; Mapping is optional.
    public enum RvcRunMode {
        /// Not cleaning: docked, stopped, or going home.
        public static let idle = 0
        /// Cleaning.
        public static let cleaning = 1
        /// Mapping the home without cleaning.
        public static let mapping = 2

        /// The modes in `Mode` order: label and Matter mode tag.
        public static let supportedModes: [(label: String, modeTag: Int)] = [
            ("Idle", 0x4000),
            ("Cleaning", 0x4001),
            ("Mapping", 0x4002),
        ]
    }

    /// RVC Run Mode cluster (0x0054), Matter 1.3 Application Cluster Specification §7.2 (a Mode Base derivative):
    /// `CurrentMode`, one of ``RvcRunMode``'s modes. `SupportedModes` is fixed (see ``RvcRunMode``); `StartUpMode`
    /// and `OnMode` are not allowed on this cluster.
    static let rvcRunMode: [AttributeSpec] = [
        AttributeSpec(
            .RvcRunMode.currentMode,
            id: 0x0001,
            type: .uint8,
            range: 0...2,
            unit: "mode: 0 = Idle, 1 = Cleaning, 2 = Mapping",
            defaultValue: .int(RvcRunMode.idle)
        )
    ]
}
