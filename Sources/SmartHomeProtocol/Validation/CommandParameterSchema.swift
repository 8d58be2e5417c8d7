/// The parameters Google sends with each EXECUTE command: the keys of its `params` object, from the command's
/// section of its trait page (https://developers.home.google.com/cloud-to-cloud/traits/<trait>, "Device COMMANDS",
/// "Parameters") and Google's published JSON schemas for the commands' params.
///
/// Google's parameter schemas are closed: each command's `params` schema ends `"additionalProperties": false`
/// (OnOff: `{"on"}` only; OpenClose: `openPercent`, `openDirection`, `followUpToken`), so a key outside the list is
/// not something Google sends. With strict operation validation Hearth refuses such a request
/// (`CommandParameters.checkKeys(mode:)` in Fulfillment); lenient mode ignores the extra key.
///
/// The switch is exhaustive: a new ``Command`` does not compile until its keys are written here.
public enum CommandParameterSchema {
    /// The keys Google may send in `params` for `command` (every one optional here: which are required is the
    /// trait's business, and a missing one is refused where the trait reads it).
    public static func allowedKeys(for command: Command) -> Set<String> {
        switch command {
        // traits/onoff: OnOff {on}.
        case .onOff: ["on"]
        // traits/brightness: BrightnessAbsolute {brightness}; BrightnessRelative {brightnessRelativePercent} or
        // {brightnessRelativeWeight}.
        case .brightnessAbsolute: ["brightness"]
        case .brightnessRelative: ["brightnessRelativePercent", "brightnessRelativeWeight"]
        // traits/colorsetting: ColorAbsolute {color: {name?, temperature | spectrumRGB | spectrumHSV}}.
        case .colorAbsolute: ["color"]
        // traits/startstop: StartStop {start, zone?, multipleZones?}; PauseUnpause {pause}.
        case .startStop: ["start", "zone", "multipleZones"]
        case .pauseUnpause: ["pause"]
        // traits/fanspeed: SetFanSpeed {fanSpeed} or {fanSpeedPercent}; SetFanSpeedRelative
        // {fanSpeedRelativeWeight} or {fanSpeedRelativePercent}.
        case .setFanSpeed: ["fanSpeed", "fanSpeedPercent"]
        case .setFanSpeedRelative: ["fanSpeedRelativeWeight", "fanSpeedRelativePercent"]
        // traits/temperaturesetting.
        case .thermostatTemperatureSetpoint: ["thermostatTemperatureSetpoint"]
        case .thermostatTemperatureSetRange: ["thermostatTemperatureSetpointHigh", "thermostatTemperatureSetpointLow"]
        case .thermostatSetMode: ["thermostatMode"]
        case .temperatureRelative: ["thermostatTemperatureRelativeDegree", "thermostatTemperatureRelativeWeight"]
        // traits/openclose: OpenClose {openPercent, openDirection?, followUpToken?}; OpenCloseRelative
        // {openRelativePercent, openDirection?}.
        case .openClose: ["openPercent", "openDirection", "followUpToken"]
        case .openCloseRelative: ["openRelativePercent", "openDirection"]
        // traits/lockunlock: LockUnlock {lock, followUpToken?}.
        case .lockUnlock: ["lock", "followUpToken"]
        // traits/volume: setVolume {volumeLevel}; volumeRelative {relativeSteps}; mute {mute}.
        case .setVolume: ["volumeLevel"]
        case .volumeRelative: ["relativeSteps"]
        case .mute: ["mute"]
        // traits/dock: Dock, no parameters.
        case .dock: []
        // traits/energystorage: Charge {charge}.
        case .charge: ["charge"]
        // traits/modes: SetModes {updateModeSettings}; traits/toggles: SetToggles {updateToggleSettings}.
        case .setModes: ["updateModeSettings"]
        case .setToggles: ["updateToggleSettings"]
        // traits/temperaturecontrol: SetTemperature {temperature}.
        case .setTemperature: ["temperature"]
        // traits/timer: TimerStart {timerTimeSec}; TimerAdjust {timerTimeSec}; the others none.
        case .timerStart, .timerAdjust: ["timerTimeSec"]
        case .timerPause, .timerResume, .timerCancel: []
        // traits/cook: Cook {start, cookingMode?, foodPreset?, quantity?, unit?}.
        case .cook: ["start", "cookingMode", "foodPreset", "quantity", "unit"]
        // traits/locator: Locate {silence?, lang?}.
        case .locate: ["silence", "lang"]
        // traits/transportcontrol.
        case .mediaStop, .mediaNext, .mediaPrevious, .mediaPause, .mediaResume, .mediaShuffle,
            .mediaClosedCaptioningOff:
            []
        case .mediaSeekRelative: ["relativePositionMs"]
        case .mediaSeekToPosition: ["absPositionMs"]
        case .mediaRepeatMode: ["isOn", "isSingle"]
        case .mediaClosedCaptioningOn: ["closedCaptioningLanguage", "userQueryLanguage"]
        // traits/inputselector: SetInput {newInput}; NextInput, PreviousInput none.
        case .setInput: ["newInput"]
        case .nextInput, .previousInput: []
        // traits/channel: selectChannel {channelCode?, channelName?, channelNumber?}; relativeChannel
        // {relativeChannelChange}; returnChannel none.
        case .selectChannel: ["channelCode", "channelName", "channelNumber"]
        case .relativeChannel: ["relativeChannelChange"]
        case .returnChannel: []
        // traits/appselector: appInstall, appSearch, appSelect {newApplication} or {newApplicationName}.
        case .appInstall, .appSearch, .appSelect: ["newApplication", "newApplicationName"]
        // traits/camerastream: GetCameraStream {StreamToChromecast, SupportedStreamProtocols}.
        case .getCameraStream: ["StreamToChromecast", "SupportedStreamProtocols"]
        // traits/armdisarm: ArmDisarm {arm, cancel?, armLevel?, followUpToken?}.
        case .armDisarm: ["arm", "cancel", "armLevel", "followUpToken"]
        // traits/dispense: Dispense {item?, amount?, unit?, presetName?}.
        case .dispense: ["item", "amount", "unit", "presetName"]
        // traits/fill: Fill {fill, fillLevel?, fillPercent?}.
        case .fill: ["fill", "fillLevel", "fillPercent"]
        // traits/lighteffects: ColorLoop, Sleep, Wake {duration?}; StopEffect none.
        case .colorLoop, .sleep, .wake: ["duration"]
        case .stopEffect: []
        // traits/networkcontrol: EnableDisableGuestNetwork {enable}; EnableDisableNetworkProfile {profile,
        // enable}; GetGuestNetworkPassword none; TestNetworkSpeed {testDownloadSpeed, testUploadSpeed,
        // followUpToken?}.
        case .enableDisableGuestNetwork: ["enable"]
        case .enableDisableNetworkProfile: ["profile", "enable"]
        case .getGuestNetworkPassword: []
        case .testNetworkSpeed: ["testDownloadSpeed", "testUploadSpeed", "followUpToken"]
        // traits/reboot: Reboot none; traits/softwareupdate: SoftwareUpdate none.
        case .reboot, .softwareUpdate: []
        // traits/rotation: RotateAbsolute {rotationDegrees} or {rotationPercent}.
        case .rotateAbsolute: ["rotationDegrees", "rotationPercent"]
        // traits/scene: ActivateScene {deactivate}.
        case .activateScene: ["deactivate"]
        }
    }

    /// OpenClose's `openDirection` parameter: "Direction in which to open. Only present if device supports multiple
    /// directions", one of the trait's "Supported values" `UP`, `DOWN`, `LEFT`, `RIGHT`, `IN`, `OUT` (an enum in
    /// Google's params schema).
    public static let openDirections: Set<String> = GoogleVocabulary.openDirections
}
