extension ClusterID {
    // Clusters behind Google's SoftwareUpdate, Reboot, Scene and LightEffects traits, mapped through the
    // specification's generated definitions alone (``isModelled`` is false). Named here so that code does not spell
    // their ids.

    /// Actions (0x0025): named groups of commands a node runs on its endpoints. Matter 1.4 Core §9.14 (the
    /// `ActionTypeEnum` value 1, `Scene`: "Bring the endpoints into a certain state"). Hearth exposes an Aggregator
    /// endpoint's scene action as Google's SCENE device.
    @inlinable public static var Actions: ClusterID { ClusterID(matterID: 0x0025) }
    /// OTA Software Update Requestor (0x002A): the node's side of an over-the-air update (`UpdatePossible`,
    /// `UpdateState`). Hearth maps it to Google's SoftwareUpdate trait.
    @inlinable public static var OtaSoftwareUpdateRequestor: ClusterID { ClusterID(matterID: 0x002A) }
    /// General Diagnostics (0x0033): the node's `RebootCount`, `UpTime` and `BootReason`. Hearth maps it to Google's
    /// Reboot trait.
    @inlinable public static var GeneralDiagnostics: ClusterID { ClusterID(matterID: 0x0033) }
    /// User Label (0x0041): labels a client gives an endpoint, a list of `LabelStruct` `{"Label", "Value"}` (each at
    /// most 16 characters). Matter 1.4 Core §9.9: "This cluster provides a feature to tag an endpoint with zero or
    /// more labels." Hearth keeps there the two Google states Matter has no attribute for: a light effect's end time
    /// and the time of the last software update (``nodeMaintenanceClusters``).
    @inlinable public static var UserLabel: ClusterID { ClusterID(matterID: 0x0041) }

    /// The clusters a device file may give any endpoint besides its device types' own: Matter's Root Node keeps OTA
    /// Software Update Requestor and General Diagnostics on endpoint 0, which Hearth's device file does not have (its
    /// `basicInformation` stands for the root node), so they are accepted on the device's endpoints; and Matter's
    /// Base Device Type allows User Label on every endpoint.
    public static let nodeMaintenanceClusters: [ClusterID] = [
        .OtaSoftwareUpdateRequestor, .GeneralDiagnostics, .UserLabel,
    ]
}
