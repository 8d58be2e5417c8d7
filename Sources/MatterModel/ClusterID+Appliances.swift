extension ClusterID {
    // Clusters Hearth maps to Google through the specification's generated definitions alone (no hand-written
    // attribute rules: ``isModelled`` is false). Named here so that code does not spell their ids.

    /// Identify (0x0003).
    @inlinable public static var Identify: ClusterID { ClusterID(matterID: 0x0003) }
    /// Oven Cavity Operational State (0x0048).
    @inlinable public static var OvenCavityOperationalState: ClusterID { ClusterID(matterID: 0x0048) }
    /// Oven Mode (0x0049).
    @inlinable public static var OvenMode: ClusterID { ClusterID(matterID: 0x0049) }
    /// Laundry Dryer Controls (0x004A).
    @inlinable public static var LaundryDryerControls: ClusterID { ClusterID(matterID: 0x004A) }
    /// Mode Select (0x0050).
    @inlinable public static var ModeSelect: ClusterID { ClusterID(matterID: 0x0050) }
    /// Laundry Washer Mode (0x0051).
    @inlinable public static var LaundryWasherMode: ClusterID { ClusterID(matterID: 0x0051) }
    /// Refrigerator And Temperature Controlled Cabinet Mode (0x0052).
    @inlinable public static var RefrigeratorAndTemperatureControlledCabinetMode: ClusterID {
        ClusterID(matterID: 0x0052)
    }
    /// Laundry Washer Controls (0x0053).
    @inlinable public static var LaundryWasherControls: ClusterID { ClusterID(matterID: 0x0053) }
    /// RVC Clean Mode (0x0055).
    @inlinable public static var RvcCleanMode: ClusterID { ClusterID(matterID: 0x0055) }
    /// Temperature Control (0x0056).
    @inlinable public static var TemperatureControl: ClusterID { ClusterID(matterID: 0x0056) }
    /// Refrigerator Alarm (0x0057).
    @inlinable public static var RefrigeratorAlarm: ClusterID { ClusterID(matterID: 0x0057) }
    /// Dishwasher Mode (0x0059).
    @inlinable public static var DishwasherMode: ClusterID { ClusterID(matterID: 0x0059) }
    /// Dishwasher Alarm (0x005D).
    @inlinable public static var DishwasherAlarm: ClusterID { ClusterID(matterID: 0x005D) }
    /// Microwave Oven Mode (0x005E).
    @inlinable public static var MicrowaveOvenMode: ClusterID { ClusterID(matterID: 0x005E) }
    /// Microwave Oven Control (0x005F).
    @inlinable public static var MicrowaveOvenControl: ClusterID { ClusterID(matterID: 0x005F) }
    /// HEPA Filter Monitoring (0x0071).
    @inlinable public static var HepaFilterMonitoring: ClusterID { ClusterID(matterID: 0x0071) }
    /// Activated Carbon Filter Monitoring (0x0072).
    @inlinable public static var ActivatedCarbonFilterMonitoring: ClusterID { ClusterID(matterID: 0x0072) }
    /// Water Heater Management (0x0094).
    @inlinable public static var WaterHeaterManagement: ClusterID { ClusterID(matterID: 0x0094) }
    /// Energy EVSE (0x0099).
    @inlinable public static var EnergyEvse: ClusterID { ClusterID(matterID: 0x0099) }
    /// Energy EVSE Mode (0x009D).
    @inlinable public static var EnergyEvseMode: ClusterID { ClusterID(matterID: 0x009D) }
    /// Water Heater Mode (0x009E).
    @inlinable public static var WaterHeaterMode: ClusterID { ClusterID(matterID: 0x009E) }
    /// Service Area (0x0150).
    @inlinable public static var ServiceArea: ClusterID { ClusterID(matterID: 0x0150) }

    /// The mode-base clusters (Matter Application Clusters, "Mode Base") and Mode Select, each a list of modes
    /// (`SupportedModes`) and the one in force (`CurrentMode`), changed by `ChangeToMode`: Google's `Modes`.
    public static let modeClusters: [ClusterID] = [
        .LaundryWasherMode, .DishwasherMode, .RvcCleanMode, .RefrigeratorAndTemperatureControlledCabinetMode,
        .OvenMode, .MicrowaveOvenMode, .WaterHeaterMode, .EnergyEvseMode, .ModeSelect,
    ]
}
