import JSON
import MatterModel
import SmartHomeProtocol

/// Google `OnOff` ⇄ Matter `OnOff.OnOff`, or, on a Fan or Air Purifier without an On/Off cluster, Matter
/// `FanControl.FanMode`.
///
/// Fan Control without On/Off: `on` is `FanMode` ≠ Off. `OnOff {on: false}` sets FanMode Off (PercentSetting 0);
/// `OnOff {on: true}` leaves a running fan as it is and starts a stopped one at High (100 %), the speed Matter's
/// deprecated FanMode On stands for (Matter 1.3 §4.4.6.1), since Matter keeps no memory of the speed before Off.
enum OnOffTrait: TraitMapping {
    static let trait = Trait.onOff

    static func attributes(of endpoint: Endpoint, into attributes: inout JSONObject) {}

    static func states(of endpoint: Endpoint, into states: inout JSONObject) {
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

    /// Whether `on` comes from Fan Control: the endpoint has Fan Control but no On/Off cluster.
    static func isFanModeBacked(_ endpoint: Endpoint) -> Bool {
        !endpoint.has(.OnOff) && endpoint.has(.FanControl)
    }
}
