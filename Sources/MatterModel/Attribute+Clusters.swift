extension Attribute {
    /// On/Off's attributes, in attribute id order (``AttributeSchema/attributes(of:)`` describes each).
    public enum OnOff {
        /// `OnOff` (0x0000).
        public static let onOff = Attribute(.OnOff, "OnOff")
        /// `GlobalSceneControl` (0x4000).
        public static let globalSceneControl = Attribute(.OnOff, "GlobalSceneControl")
        /// `OnTime` (0x4001).
        public static let onTime = Attribute(.OnOff, "OnTime")
        /// `OffWaitTime` (0x4002).
        public static let offWaitTime = Attribute(.OnOff, "OffWaitTime")
        /// `StartUpOnOff` (0x4003).
        public static let startUpOnOff = Attribute(.OnOff, "StartUpOnOff")
    }

    /// Level Control's attributes, in attribute id order (``AttributeSchema/attributes(of:)`` describes each).
    public enum LevelControl {
        /// `CurrentLevel` (0x0000).
        public static let currentLevel = Attribute(.LevelControl, "CurrentLevel")
        /// `RemainingTime` (0x0001).
        public static let remainingTime = Attribute(.LevelControl, "RemainingTime")
        /// `MinLevel` (0x0002).
        public static let minLevel = Attribute(.LevelControl, "MinLevel")
        /// `MaxLevel` (0x0003).
        public static let maxLevel = Attribute(.LevelControl, "MaxLevel")
        /// `Options` (0x000F).
        public static let options = Attribute(.LevelControl, "Options")
        /// `OnOffTransitionTime` (0x0010).
        public static let onOffTransitionTime = Attribute(.LevelControl, "OnOffTransitionTime")
        /// `OnLevel` (0x0011).
        public static let onLevel = Attribute(.LevelControl, "OnLevel")
        /// `OnTransitionTime` (0x0012).
        public static let onTransitionTime = Attribute(.LevelControl, "OnTransitionTime")
        /// `OffTransitionTime` (0x0013).
        public static let offTransitionTime = Attribute(.LevelControl, "OffTransitionTime")
        /// `DefaultMoveRate` (0x0014).
        public static let defaultMoveRate = Attribute(.LevelControl, "DefaultMoveRate")
        /// `StartUpCurrentLevel` (0x4000).
        public static let startUpCurrentLevel = Attribute(.LevelControl, "StartUpCurrentLevel")
    }

    /// Color Control's attributes, in attribute id order (``AttributeSchema/attributes(of:)`` describes each).
    public enum ColorControl {
        /// `CurrentHue` (0x0000).
        public static let currentHue = Attribute(.ColorControl, "CurrentHue")
        /// `CurrentSaturation` (0x0001).
        public static let currentSaturation = Attribute(.ColorControl, "CurrentSaturation")
        /// `RemainingTime` (0x0002).
        public static let remainingTime = Attribute(.ColorControl, "RemainingTime")
        /// `CurrentX` (0x0003).
        public static let currentX = Attribute(.ColorControl, "CurrentX")
        /// `CurrentY` (0x0004).
        public static let currentY = Attribute(.ColorControl, "CurrentY")
        /// `ColorTemperatureMireds` (0x0007).
        public static let colorTemperatureMireds = Attribute(.ColorControl, "ColorTemperatureMireds")
        /// `ColorMode` (0x0008).
        public static let colorMode = Attribute(.ColorControl, "ColorMode")
        /// `Options` (0x000F).
        public static let options = Attribute(.ColorControl, "Options")
        /// `EnhancedCurrentHue` (0x4000).
        public static let enhancedCurrentHue = Attribute(.ColorControl, "EnhancedCurrentHue")
        /// `EnhancedColorMode` (0x4001).
        public static let enhancedColorMode = Attribute(.ColorControl, "EnhancedColorMode")
        /// `ColorLoopActive` (0x4002).
        public static let colorLoopActive = Attribute(.ColorControl, "ColorLoopActive")
        /// `ColorLoopDirection` (0x4003).
        public static let colorLoopDirection = Attribute(.ColorControl, "ColorLoopDirection")
        /// `ColorLoopTime` (0x4004).
        public static let colorLoopTime = Attribute(.ColorControl, "ColorLoopTime")
        /// `ColorLoopStartEnhancedHue` (0x4005).
        public static let colorLoopStartEnhancedHue = Attribute(.ColorControl, "ColorLoopStartEnhancedHue")
        /// `ColorLoopStoredEnhancedHue` (0x4006).
        public static let colorLoopStoredEnhancedHue = Attribute(.ColorControl, "ColorLoopStoredEnhancedHue")
        /// `ColorCapabilities` (0x400A).
        public static let colorCapabilities = Attribute(.ColorControl, "ColorCapabilities")
        /// `ColorTempPhysicalMinMireds` (0x400B).
        public static let colorTempPhysicalMinMireds = Attribute(.ColorControl, "ColorTempPhysicalMinMireds")
        /// `ColorTempPhysicalMaxMireds` (0x400C).
        public static let colorTempPhysicalMaxMireds = Attribute(.ColorControl, "ColorTempPhysicalMaxMireds")
        /// `StartUpColorTemperatureMireds` (0x4010).
        public static let startUpColorTemperatureMireds = Attribute(.ColorControl, "StartUpColorTemperatureMireds")
    }

    /// Fan Control's attributes, in attribute id order (``AttributeSchema/attributes(of:)`` describes each).
    public enum FanControl {
        /// `FanMode` (0x0000).
        public static let fanMode = Attribute(.FanControl, "FanMode")
        /// `FanModeSequence` (0x0001).
        public static let fanModeSequence = Attribute(.FanControl, "FanModeSequence")
        /// `PercentSetting` (0x0002).
        public static let percentSetting = Attribute(.FanControl, "PercentSetting")
        /// `PercentCurrent` (0x0003).
        public static let percentCurrent = Attribute(.FanControl, "PercentCurrent")
        /// `SpeedMax` (0x0004).
        public static let speedMax = Attribute(.FanControl, "SpeedMax")
        /// `SpeedSetting` (0x0005).
        public static let speedSetting = Attribute(.FanControl, "SpeedSetting")
        /// `SpeedCurrent` (0x0006).
        public static let speedCurrent = Attribute(.FanControl, "SpeedCurrent")
    }

    /// Thermostat's attributes, in attribute id order (``AttributeSchema/attributes(of:)`` describes each).
    public enum Thermostat {
        /// `LocalTemperature` (0x0000).
        public static let localTemperature = Attribute(.Thermostat, "LocalTemperature")
        /// `AbsMinHeatSetpointLimit` (0x0003).
        public static let absMinHeatSetpointLimit = Attribute(.Thermostat, "AbsMinHeatSetpointLimit")
        /// `AbsMaxHeatSetpointLimit` (0x0004).
        public static let absMaxHeatSetpointLimit = Attribute(.Thermostat, "AbsMaxHeatSetpointLimit")
        /// `AbsMinCoolSetpointLimit` (0x0005).
        public static let absMinCoolSetpointLimit = Attribute(.Thermostat, "AbsMinCoolSetpointLimit")
        /// `AbsMaxCoolSetpointLimit` (0x0006).
        public static let absMaxCoolSetpointLimit = Attribute(.Thermostat, "AbsMaxCoolSetpointLimit")
        /// `OccupiedCoolingSetpoint` (0x0011).
        public static let occupiedCoolingSetpoint = Attribute(.Thermostat, "OccupiedCoolingSetpoint")
        /// `OccupiedHeatingSetpoint` (0x0012).
        public static let occupiedHeatingSetpoint = Attribute(.Thermostat, "OccupiedHeatingSetpoint")
        /// `MinHeatSetpointLimit` (0x0015).
        public static let minHeatSetpointLimit = Attribute(.Thermostat, "MinHeatSetpointLimit")
        /// `MaxHeatSetpointLimit` (0x0016).
        public static let maxHeatSetpointLimit = Attribute(.Thermostat, "MaxHeatSetpointLimit")
        /// `MinCoolSetpointLimit` (0x0017).
        public static let minCoolSetpointLimit = Attribute(.Thermostat, "MinCoolSetpointLimit")
        /// `MaxCoolSetpointLimit` (0x0018).
        public static let maxCoolSetpointLimit = Attribute(.Thermostat, "MaxCoolSetpointLimit")
        /// `MinSetpointDeadBand` (0x0019).
        public static let minSetpointDeadBand = Attribute(.Thermostat, "MinSetpointDeadBand")
        /// `ControlSequenceOfOperation` (0x001B).
        public static let controlSequenceOfOperation = Attribute(.Thermostat, "ControlSequenceOfOperation")
        /// `SystemMode` (0x001C).
        public static let systemMode = Attribute(.Thermostat, "SystemMode")
    }

    /// Temperature Measurement's attributes, in attribute id order (``AttributeSchema/attributes(of:)`` describes each).
    public enum TemperatureMeasurement {
        /// `MeasuredValue` (0x0000).
        public static let measuredValue = Attribute(.TemperatureMeasurement, "MeasuredValue")
        /// `MinMeasuredValue` (0x0001).
        public static let minMeasuredValue = Attribute(.TemperatureMeasurement, "MinMeasuredValue")
        /// `MaxMeasuredValue` (0x0002).
        public static let maxMeasuredValue = Attribute(.TemperatureMeasurement, "MaxMeasuredValue")
        /// `Tolerance` (0x0003).
        public static let tolerance = Attribute(.TemperatureMeasurement, "Tolerance")
    }

    /// Relative Humidity Measurement's attributes, in attribute id order (``AttributeSchema/attributes(of:)`` describes each).
    public enum RelativeHumidityMeasurement {
        /// `MeasuredValue` (0x0000).
        public static let measuredValue = Attribute(.RelativeHumidityMeasurement, "MeasuredValue")
        /// `MinMeasuredValue` (0x0001).
        public static let minMeasuredValue = Attribute(.RelativeHumidityMeasurement, "MinMeasuredValue")
        /// `MaxMeasuredValue` (0x0002).
        public static let maxMeasuredValue = Attribute(.RelativeHumidityMeasurement, "MaxMeasuredValue")
        /// `Tolerance` (0x0003).
        public static let tolerance = Attribute(.RelativeHumidityMeasurement, "Tolerance")
    }

    /// Air Quality's attributes, in attribute id order (``AttributeSchema/attributes(of:)`` describes each).
    public enum AirQuality {
        /// `AirQuality` (0x0000).
        public static let airQuality = Attribute(.AirQuality, "AirQuality")
    }

    /// Window Covering's attributes, in attribute id order (``AttributeSchema/attributes(of:)`` describes each).
    public enum WindowCovering {
        /// `Type` (0x0000).
        public static let type = Attribute(.WindowCovering, "Type")
        /// `ConfigStatus` (0x0007).
        public static let configStatus = Attribute(.WindowCovering, "ConfigStatus")
        /// `OperationalStatus` (0x000A).
        public static let operationalStatus = Attribute(.WindowCovering, "OperationalStatus")
        /// `TargetPositionLiftPercent100ths` (0x000B).
        public static let targetPositionLiftPercent100ths = Attribute(
            .WindowCovering,
            "TargetPositionLiftPercent100ths"
        )
        /// `EndProductType` (0x000D).
        public static let endProductType = Attribute(.WindowCovering, "EndProductType")
        /// `CurrentPositionLiftPercent100ths` (0x000E).
        public static let currentPositionLiftPercent100ths = Attribute(
            .WindowCovering,
            "CurrentPositionLiftPercent100ths"
        )
        /// `Mode` (0x0017).
        public static let mode = Attribute(.WindowCovering, "Mode")
    }

    /// Door Lock's attributes, in attribute id order (``AttributeSchema/attributes(of:)`` describes each).
    public enum DoorLock {
        /// `LockState` (0x0000).
        public static let lockState = Attribute(.DoorLock, "LockState")
        /// `LockType` (0x0001).
        public static let lockType = Attribute(.DoorLock, "LockType")
        /// `ActuatorEnabled` (0x0002).
        public static let actuatorEnabled = Attribute(.DoorLock, "ActuatorEnabled")
        /// `AutoRelockTime` (0x0023).
        public static let autoRelockTime = Attribute(.DoorLock, "AutoRelockTime")
        /// `OperatingMode` (0x0025).
        public static let operatingMode = Attribute(.DoorLock, "OperatingMode")
        /// `SupportedOperatingModes` (0x0026).
        public static let supportedOperatingModes = Attribute(.DoorLock, "SupportedOperatingModes")
    }

    /// Boolean State's attributes, in attribute id order (``AttributeSchema/attributes(of:)`` describes each).
    public enum BooleanState {
        /// `StateValue` (0x0000).
        public static let stateValue = Attribute(.BooleanState, "StateValue")
    }

    /// Occupancy Sensing's attributes, in attribute id order (``AttributeSchema/attributes(of:)`` describes each).
    public enum OccupancySensing {
        /// `Occupancy` (0x0000).
        public static let occupancy = Attribute(.OccupancySensing, "Occupancy")
        /// `OccupancySensorType` (0x0001).
        public static let occupancySensorType = Attribute(.OccupancySensing, "OccupancySensorType")
        /// `OccupancySensorTypeBitmap` (0x0002).
        public static let occupancySensorTypeBitmap = Attribute(.OccupancySensing, "OccupancySensorTypeBitmap")
    }

    /// Smoke CO Alarm's attributes, in attribute id order (``AttributeSchema/attributes(of:)`` describes each).
    public enum SmokeCOAlarm {
        /// `ExpressedState` (0x0000).
        public static let expressedState = Attribute(.SmokeCOAlarm, "ExpressedState")
        /// `SmokeState` (0x0001).
        public static let smokeState = Attribute(.SmokeCOAlarm, "SmokeState")
        /// `COState` (0x0002).
        public static let coState = Attribute(.SmokeCOAlarm, "COState")
        /// `BatteryAlert` (0x0003).
        public static let batteryAlert = Attribute(.SmokeCOAlarm, "BatteryAlert")
        /// `TestInProgress` (0x0005).
        public static let testInProgress = Attribute(.SmokeCOAlarm, "TestInProgress")
        /// `HardwareFaultAlert` (0x0006).
        public static let hardwareFaultAlert = Attribute(.SmokeCOAlarm, "HardwareFaultAlert")
        /// `EndOfServiceAlert` (0x0007).
        public static let endOfServiceAlert = Attribute(.SmokeCOAlarm, "EndOfServiceAlert")
        /// `FeatureMap` (0xFFFC).
        public static let featureMap = Attribute(.SmokeCOAlarm, "FeatureMap")
    }

    /// Power Source's attributes, in attribute id order (``AttributeSchema/attributes(of:)`` describes each).
    public enum PowerSource {
        /// `Status` (0x0000).
        public static let status = Attribute(.PowerSource, "Status")
        /// `Order` (0x0001).
        public static let order = Attribute(.PowerSource, "Order")
        /// `Description` (0x0002).
        public static let description = Attribute(.PowerSource, "Description")
        /// `BatPercentRemaining` (0x000C).
        public static let batPercentRemaining = Attribute(.PowerSource, "BatPercentRemaining")
        /// `BatChargeLevel` (0x000E).
        public static let batChargeLevel = Attribute(.PowerSource, "BatChargeLevel")
        /// `BatReplacementNeeded` (0x000F).
        public static let batReplacementNeeded = Attribute(.PowerSource, "BatReplacementNeeded")
        /// `BatReplaceability` (0x0010).
        public static let batReplaceability = Attribute(.PowerSource, "BatReplaceability")
        /// `BatChargeState` (0x001A).
        public static let batChargeState = Attribute(.PowerSource, "BatChargeState")
        /// `BatFunctionalWhileCharging` (0x001C).
        public static let batFunctionalWhileCharging = Attribute(.PowerSource, "BatFunctionalWhileCharging")
    }

    /// RVC Run Mode's attributes, in attribute id order (``AttributeSchema/attributes(of:)`` describes each).
    public enum RvcRunMode {
        /// `CurrentMode` (0x0001).
        public static let currentMode = Attribute(.RvcRunMode, "CurrentMode")
    }

    /// Operational State's attributes, in attribute id order (``AttributeSchema/attributes(of:)`` describes each).
    public enum OperationalState {
        /// `CurrentPhase` (0x0001).
        public static let currentPhase = Attribute(.OperationalState, "CurrentPhase")
        /// `CountdownTime` (0x0002).
        public static let countdownTime = Attribute(.OperationalState, "CountdownTime")
        /// `OperationalState` (0x0004).
        public static let operationalState = Attribute(.OperationalState, "OperationalState")
        /// `OperationalError` (0x0005).
        public static let operationalError = Attribute(.OperationalState, "OperationalError")
    }

    /// RVC Operational State's attributes, in attribute id order (``AttributeSchema/attributes(of:)`` describes each).
    public enum RvcOperationalState {
        /// `OperationalState` (0x0004).
        public static let operationalState = Attribute(.RvcOperationalState, "OperationalState")
        /// `OperationalError` (0x0005).
        public static let operationalError = Attribute(.RvcOperationalState, "OperationalError")
    }
}
