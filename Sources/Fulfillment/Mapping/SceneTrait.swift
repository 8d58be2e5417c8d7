import JSON
import MatterModel
import SmartHomeProtocol

/// Google `Scene` from a scene action of Matter's Actions cluster, on an Aggregator endpoint.
///
/// Google's page (https://developers.home.google.com/cloud-to-cloud/traits/scene): "This trait is used to implement
/// virtual devices together with the SCENE device type." "Scenes should always have user-provided names versus
/// default "BobCo Scene" naming. Each scene is its own virtual device, with its own name(s)." SYNC:
/// "`sceneReversible` Boolean (Default: `false`) Indicates that this scene can be cancelled." "Device STATES:
/// None." `action.devices.commands.ActivateScene` has one param, "`deactivate` Boolean **Required.** True to cancel
/// a scene, false to activate a scene." The page also notes "The Scene trait does not currently support Report
/// State calls": a scene has no state to report, so Hearth reports nothing for it.
///
/// **A scene is a device.** Matter 1.4 has no scene device type; it has the Actions cluster (0x0025), which a node
/// uses to offer named groups of commands ("actions") over its endpoints, and the Aggregator device type it sits on.
/// An action of `Type` Scene is exactly Google's scene: it brings a set of endpoints into a state, on one command.
/// So a manufacturer's cloud declares each scene as a device of its own whose (single) endpoint is an Aggregator
/// with an Actions cluster listing the scene (``SceneAction``); the device's `name` (and `nicknames`, `room`) are
/// what Google hears, the action's `Name` is Matter's. The first scene action of the list is the device's scene.
/// Matter's Scenes Management cluster is not used: its scene names are not attributes (Matter 1.4 reads them only
/// through the `ViewScene` command), so a registry cannot hold or show them.
///
/// | Google | Matter | registry |
/// |---|---|---|
/// | `sceneReversible` | `SupportedCommands` has StopAction (bit 4) | |
/// | `ActivateScene {deactivate: false}` | `Actions.InstantAction {"ActionID"}` (bit 0), else `Actions.StartAction` (bit 2) | `State` Active |
/// | `ActivateScene {deactivate: true}` | `Actions.StopAction {"ActionID"}` | `State` Inactive |
///
/// Errors, Google's general codes: no scene action, or an action that supports neither way of starting,
/// `functionNotSupported`; `deactivate: true` on a scene that is not reversible, `functionNotSupported` (Google sends
/// it only where `sceneReversible` is true); an action whose `State` is Disabled, `actionNotAvailable`.
enum SceneTrait: TraitMapping {
    static let trait = Trait.scene

    static func attributes(of endpoint: Endpoint, into attributes: inout JSONObject) {
        attributes.append("sceneReversible", .bool(SceneAction.first(on: endpoint)?.isReversible ?? false))
    }

    /// Google: "Device STATES: None."
    static func states(of endpoint: Endpoint, into states: inout JSONObject) {}

    static func execute(
        _ command: Command,
        _ params: CommandParameters,
        on endpoint: inout Endpoint,
        mode: ValidationMode
    ) throws(CommandError) {
        guard command == .activateScene else {
            throw CommandError(.functionNotSupported, "\(command.rawValue) is not a Scene command")
        }
        let deactivate = try params.bool("deactivate")
        guard let scene = SceneAction.first(on: endpoint) else {
            throw CommandError(.functionNotSupported, "the device's Actions cluster lists no scene action")
        }
        if scene.state == SceneAction.disabled {
            throw CommandError(.actionNotAvailable, "the scene action \(scene.actionID) is disabled")
        }
        if deactivate {
            guard scene.isReversible else {
                throw CommandError(.functionNotSupported, "the scene cannot be cancelled (no StopAction)")
            }
            scene.setState(SceneAction.inactive, on: &endpoint)
        } else {
            guard startCommand(scene) != nil else {
                throw CommandError(
                    .functionNotSupported,
                    "the scene action supports neither InstantAction nor StartAction"
                )
            }
            scene.setState(SceneAction.active, on: &endpoint)
        }
    }

    /// The Matter command that starts the scene: `InstantAction` when the action supports it, else `StartAction`;
    /// `nil` when it supports neither.
    static func startCommand(_ scene: SceneAction) -> String? {
        if scene.supportedCommands & SceneAction.instantAction != 0 { return "Actions.InstantAction" }
        if scene.supportedCommands & SceneAction.startAction != 0 { return "Actions.StartAction" }
        return nil
    }

    /// `Actions.InstantAction`, `Actions.StartAction` or `Actions.StopAction` with the scene's `ActionID`.
    static func matterCommands(
        _ command: Command,
        params: JSONObject,
        before: Endpoint,
        after: Endpoint
    ) -> [MatterCommandDescription]? {
        guard command == .activateScene, let scene = SceneAction.first(on: before) else { return [] }
        let deactivate = params["deactivate"]?.boolValue ?? false
        guard let name = deactivate ? "Actions.StopAction" : startCommand(scene) else { return [] }
        return [
            MatterCommandDescription(
                command: name,
                arguments: JSONObject([("ActionID", .int(scene.actionID))]),
                changed: after.changedAttributes(since: before)
            )
        ]
    }
}
