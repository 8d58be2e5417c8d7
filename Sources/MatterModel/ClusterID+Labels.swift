extension ClusterID {
    /// Fixed Label (0x0040): labels the manufacturer gives an endpoint, a list of `LabelStruct`
    /// `{"Label", "Value"}` (each at most 16 characters). Matter 1.4 Core §9.8: "This cluster provides a feature for
    /// the device to tag an endpoint with zero or more read only labels." Hearth reads one label, `formFactor`, on a
    /// video player: what kind of media device it is (a soundbar, a set-top box, …), which Matter's device types do
    /// not say.
    @inlinable public static var FixedLabel: ClusterID { ClusterID(matterID: 0x0040) }
}
