import JSON
import MatterModel
import SmartHomeProtocol

extension TraitMappings {
    /// The SYNC attributes of `trait`, backed by endpoint `backing` of a device's `endpoints`.
    ///
    /// Most traits read their backing endpoint alone; `AppSelector` lists the apps of the device's Content App
    /// endpoints (``AppSelectorTrait/attributes(of:backing:into:)``), which are not the player endpoint that backs
    /// it, and a Closure whose panels open different ways lists their directions (``ClosureDirections``). ``SyncDeviceMapping`` calls this instead of the one-endpoint
    /// ``TraitMapping/attributes(of:into:)``.
    static func attributes(
        of trait: Trait,
        endpoints: [Endpoint],
        backing: Int,
        into attributes: inout JSONObject
    ) {
        switch trait {
        case .appSelector: AppSelectorTrait.attributes(of: endpoints, backing: backing, into: &attributes)
        case .startStop where IrrigationStartStop.isController(endpoints[backing]):
            IrrigationStartStop.attributes(of: endpoints, into: &attributes)
        case .timer where IrrigationStartStop.isController(endpoints[backing]):
            IrrigationTimer.attributes(into: &attributes)
        case .openClose where ClosureDirections.isComposed(endpoints, backing: backing):
            ClosureDirections.attributes(of: endpoints, backing: backing, into: &attributes)
        default: mapping(for: trait).attributes(of: endpoints[backing], into: &attributes)
        }
    }

    /// Carries out `command` on endpoint `backing` of a device's `endpoints`, with the device's other endpoints at
    /// hand for the traits that need them (`AppSelector`: an app chosen by name, and whether it is listed; a composed
    /// Closure's `OpenClose`: its panels).
    /// ``ExecuteHandler`` calls this instead of the one-endpoint ``TraitMapping/execute(_:_:on:mode:)``.
    static func execute(
        _ command: Command,
        _ params: CommandParameters,
        on endpoints: inout [Endpoint],
        backing: Int,
        mode: ValidationMode
    ) throws(CommandError) {
        switch command.trait {
        case .appSelector:
            try AppSelectorTrait.execute(command, params, on: &endpoints, backing: backing, mode: mode)
        case .startStop where IrrigationStartStop.isController(endpoints[backing]):
            try IrrigationStartStop.execute(command, params, on: &endpoints)
        case .timer where IrrigationStartStop.isController(endpoints[backing]):
            try IrrigationTimer.execute(command, params, on: &endpoints, mode: mode)
        case .openClose where ClosureDirections.isComposed(endpoints, backing: backing):
            try ClosureDirections.execute(command, params, on: &endpoints, backing: backing, mode: mode)
        default:
            try mapping(for: command.trait).execute(command, params, on: &endpoints[backing], mode: mode)
        }
    }

    /// The QUERY states of `trait`, backed by endpoint `backing` of a device's `endpoints`: an Irrigation System's
    /// `StartStop` and `Timer` read its Water Valve endpoints (``IrrigationStartStop``, ``IrrigationTimer``), a composed
    /// Closure's `OpenClose` its panels (``ClosureDirections``); every other trait its backing endpoint.
    /// ``SyncDeviceMapping`` calls this instead of the one-endpoint ``TraitMapping/states(of:into:)``.
    static func states(of trait: Trait, endpoints: [Endpoint], backing: Int, into states: inout JSONObject) {
        switch trait {
        case .startStop where IrrigationStartStop.isController(endpoints[backing]):
            IrrigationStartStop.states(of: endpoints, into: &states)
        case .timer where IrrigationStartStop.isController(endpoints[backing]):
            IrrigationTimer.states(of: endpoints, into: &states)
        case .openClose where ClosureDirections.isComposed(endpoints, backing: backing):
            ClosureDirections.states(of: endpoints, backing: backing, into: &states)
        default: mapping(for: trait).states(of: endpoints[backing], into: &states)
        }
    }
}
