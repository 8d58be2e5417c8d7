import JSON
import MatterModel
import SmartHomeProtocol

/// Google `OnOff` ⇄ Matter `OnOff.OnOff`, or, on a Fan or Air Purifier without an On/Off cluster, Matter
/// `FanControl.FanMode`.
///
/// Fan Control without On/Off: `on` is `FanMode` ≠ Off. `OnOff {on: false}` sets FanMode Off (PercentSetting 0);
/// `OnOff {on: true}` leaves a running fan as it is and starts a stopped one at High (100 %), the speed Matter's
/// deprecated FanMode On stands for (Matter 1.3 §4.4.6.1), since Matter keeps no memory of the speed before Off.
/// An Extractor Hood is read the same way: Matter 1.4 makes Fan Control mandatory on it and On/Off absent.
///
/// A Water Heater has no On/Off cluster either; Google's WATERHEATER guide requires OnOff, so `on` is its
/// Thermostat's `SystemMode` ≠ Off, `OnOff {on: false}` sets SystemMode Off (0) and `OnOff {on: true}` sets Heat
/// (4) on a water heater that is off (Matter's Water Heater heats only: Thermostat with the Heating feature).
enum OnOffTrait: TraitMapping {
    static let trait = Trait.onOff

    static func attributes(of endpoint: Endpoint, into attributes: inout JSONObject) {}

    static func states(of endpoint: Endpoint, into states: inout JSONObject) {
        if isSystemModeBacked(endpoint) {
            let mode = endpoint.cluster(.Thermostat).int(.Thermostat.systemMode) ?? AttributeSchema.SystemMode.off
            states.append("on", .bool(mode != AttributeSchema.SystemMode.off))
            return
        }
        if isFanModeBacked(endpoint) {
            let mode = endpoint.cluster(.FanControl).int(.FanControl.fanMode) ?? AttributeSchema.FanMode.off
            states.append("on", .bool(mode != AttributeSchema.FanMode.off))
            return
        }
        states.append("on", .bool(endpoint.cluster(.OnOff).bool(.OnOff.onOff) ?? false))
    }

    static func execute(
        _ command: Command,
        _ params: CommandParameters,
        on endpoint: inout Endpoint,
        mode: ValidationMode
    ) throws(CommandError) {
        switch command {
        case .onOff:
            let on = try params.bool("on")
            if isSystemModeBacked(endpoint) {
                let current =
                    endpoint.cluster(.Thermostat).int(.Thermostat.systemMode) ?? AttributeSchema.SystemMode.off
                guard on != (current != AttributeSchema.SystemMode.off) else { return }
                endpoint.clusters[.Thermostat, default: ClusterState()][.Thermostat.systemMode] = .int(
                    on ? AttributeSchema.SystemMode.heat : AttributeSchema.SystemMode.off
                )
                return
            }
            if isFanModeBacked(endpoint) {
                var fan = endpoint.cluster(.FanControl)
                if !on {
                    FanSpeedTrait.setPercent(0, on: &fan)
                } else if fan.int(.FanControl.fanMode) == AttributeSchema.FanMode.off {
                    FanSpeedTrait.setPercent(100, on: &fan)
                }
                endpoint.clusters[.FanControl] = fan
                return
            }
            endpoint.clusters[.OnOff, default: ClusterState()][.OnOff.onOff] = .bool(on)
        default:
            throw CommandError(.functionNotSupported, "\(command.rawValue) is not an OnOff command")
        }
    }

    /// Without an On/Off cluster there is no `OnOff.On` to send: a hood's or fan's FanMode, or a water heater's
    /// SystemMode, is written (`FanControl.Write`, `Thermostat.Write {"SystemMode": 0}`), as Matter changes them.
    /// With one, ``MatterCommandDescription`` names `OnOff.On`/`OnOff.Off`.
    static func matterCommands(
        _ command: Command,
        params: JSONObject,
        before: Endpoint,
        after: Endpoint
    ) -> [MatterCommandDescription]? {
        guard command == .onOff, isSystemModeBacked(after) || isFanModeBacked(after) else { return nil }
        return MatterCommandDescription.written(after.changedAttributes(since: before))
    }

    /// Whether `on` comes from Fan Control: the endpoint has Fan Control but no On/Off cluster.
    static func isFanModeBacked(_ endpoint: Endpoint) -> Bool {
        !endpoint.has(.OnOff) && endpoint.has(.FanControl)
    }

    /// Whether `on` comes from the Thermostat's `SystemMode`: a Water Heater without an On/Off cluster.
    static func isSystemModeBacked(_ endpoint: Endpoint) -> Bool {
        !endpoint.has(.OnOff) && endpoint.deviceTypes.contains(.WaterHeater) && endpoint.has(.Thermostat)
    }
}
