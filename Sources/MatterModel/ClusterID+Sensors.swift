extension ClusterID {
    // Clusters of the sensors, valves and sprinklers that Hearth reads through the specification's generated
    // definitions alone (no hand-written attribute rules). Named here so that code does not spell their ids.

    /// Carbon Monoxide Concentration Measurement (0x040C).
    @inlinable public static var CarbonMonoxideConcentrationMeasurement: ClusterID { ClusterID(matterID: 0x040C) }
    /// Carbon Dioxide Concentration Measurement (0x040D).
    @inlinable public static var CarbonDioxideConcentrationMeasurement: ClusterID { ClusterID(matterID: 0x040D) }
    /// PM2.5 Concentration Measurement (0x042A).
    @inlinable public static var PM25ConcentrationMeasurement: ClusterID { ClusterID(matterID: 0x042A) }
    /// PM10 Concentration Measurement (0x042D).
    @inlinable public static var PM10ConcentrationMeasurement: ClusterID { ClusterID(matterID: 0x042D) }
    /// Total Volatile Organic Compounds Concentration Measurement (0x042E).
    @inlinable public static var TotalVolatileOrganicCompoundsConcentrationMeasurement: ClusterID {
        ClusterID(matterID: 0x042E)
    }
    /// Valve Configuration and Control (0x0081): a valve's state (`CurrentState`), its level with the Level feature
    /// (`CurrentLevel`), and how long it stays open (`OpenDuration`, `RemainingDuration`); `Open` and `Close`.
    @inlinable public static var ValveConfigurationAndControl: ClusterID { ClusterID(matterID: 0x0081) }
}
