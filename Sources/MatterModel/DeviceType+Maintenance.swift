extension DeviceType {
    /// Aggregator (0x000E): an endpoint that groups other endpoints, and the device type Matter 1.4 gives the Actions
    /// cluster to. Hearth maps an Aggregator with a scene action (Actions `ActionList` entry of `Type` 1, Scene) to
    /// Google's SCENE device type.
    @inlinable public static var Aggregator: DeviceType { DeviceType(matterID: 0x000E) }
}
