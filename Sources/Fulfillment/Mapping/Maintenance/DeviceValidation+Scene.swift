import MatterModel
import SmartHomeProtocol

extension DeviceValidation {
    /// A problem for a SCENE device (an Aggregator, ``SceneTrait``) whose Actions cluster lists no scene action: Google
    /// would show a scene that nothing can activate (every ActivateScene answers `functionNotSupported`).
    public static func missingSceneAction(of device: Device) -> [SyncViolation] {
        guard let primary = device.endpoints.first, DeviceTypeMapping.isScene(primary),
            SceneAction.first(on: primary) == nil
        else { return [] }
        return [
            SyncViolation(
                deviceId: device.id,
                path: "endpoints[0].clusters.Actions.ActionList",
                message:
                    "an Aggregator with Actions is a Google SCENE: its Actions cluster needs an action of Type 1 (Scene)"
            )
        ]
    }
}
