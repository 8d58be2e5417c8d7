import JSON
import MatterModel
import SmartHomeProtocol

/// Google `ObjectDetection`: no attributes, no states, no commands; only notifications (a doorbell press, people or
/// packages a camera saw, built by ``ReportStateMapping/notification(for:occurredMilliseconds:)``). Google's page
/// says "Device ATTRIBUTES: None. Device STATES: None. Device COMMANDS: None."
enum ObjectDetectionTrait: TraitMapping {
    static let trait = Trait.objectDetection

    static func attributes(of endpoint: Endpoint, into attributes: inout JSONObject) {}

    static func states(of endpoint: Endpoint, into states: inout JSONObject) {}

    static func execute(
        _ command: Command,
        _ params: CommandParameters,
        on endpoint: inout Endpoint,
        mode: ValidationMode
    ) throws(CommandError) {
        throw CommandError(.functionNotSupported, "ObjectDetection has no commands (\(command.rawValue))")
    }
}
