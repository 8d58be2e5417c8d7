extension ClusterID {
    // Matter 1.5's closure clusters. Hearth maps them to Google through the specification's generated definitions
    // alone (no hand-written attribute rules: ``isModelled`` is false), reading their attributes by name.

    /// Closure Control (0x0104, Matter 1.5): the overall state of a Closure (`MainState`, `CurrentErrorList`,
    /// `OverallCurrentState`, `OverallTargetState`) and its `Stop`, `MoveTo` and `Calibrate` commands.
    @inlinable public static var ClosureControl: ClusterID { ClusterID(matterID: 0x0104) }
    /// Closure Dimension (0x0105, Matter 1.5): one panel's position in hundredths of a percent (`CurrentState`,
    /// `TargetState`) and its `SetTarget` and `Step` commands.
    @inlinable public static var ClosureDimension: ClusterID { ClusterID(matterID: 0x0105) }
}
