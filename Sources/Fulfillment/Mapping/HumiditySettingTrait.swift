import JSON
import MatterModel
import SmartHomeProtocol

/// Google `HumiditySetting`, query-only, ⇄ Matter `RelativeHumidityMeasurement.MeasuredValue`.
///
/// A Humidity Sensor measures and sets nothing, so SYNC says `queryOnlyHumiditySetting: true` and no
/// `humiditySetpointRange`; QUERY reports `humidityAmbientPercent` (an integer percent, ``HumidityConversion``),
/// left out while the measurement is null (unknown). Commands are `functionNotSupported`.
enum HumiditySettingTrait: TraitMapping {
    static let trait = Trait.humiditySetting

    static func attributes(of endpoint: Endpoint, into attributes: inout JSONObject) {
        attributes.append("queryOnlyHumiditySetting", true)
    }

    static func states(of endpoint: Endpoint, into states: inout JSONObject) {
        let value =
            endpoint.cluster(.RelativeHumidityMeasurement).int(.RelativeHumidityMeasurement.measuredValue) ?? 0xFFFF
        if value != 0xFFFF {
            states.append("humidityAmbientPercent", .int(HumidityConversion.percent(fromHundredthsPercent: value)))
        }
    }

    static func execute(
        _ command: Command,
        _ params: CommandParameters,
        on endpoint: inout Endpoint,
        mode: ValidationMode
    ) throws(CommandError) {
        throw CommandError(.functionNotSupported, "this humidity sensor is query-only (\(command.rawValue))")
    }
}
