/// What this build of Hearth is, for `hearth_build_info{version}`.
public enum BuildInfo {
    /// The release this source tree is: bumped with each release, in this one place.
    public static let version = "0.15.0"
}
