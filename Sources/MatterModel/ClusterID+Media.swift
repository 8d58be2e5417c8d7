extension ClusterID {
    // Media and camera clusters, mapped through the specification's generated definitions alone (``isModelled``
    // is false). Named here so that code does not spell their ids.

    /// Wake on LAN (0x0503).
    @inlinable public static var WakeOnLan: ClusterID { ClusterID(matterID: 0x0503) }
    /// Channel (0x0504).
    @inlinable public static var Channel: ClusterID { ClusterID(matterID: 0x0504) }
    /// Target Navigator (0x0505).
    @inlinable public static var TargetNavigator: ClusterID { ClusterID(matterID: 0x0505) }
    /// Media Playback (0x0506).
    @inlinable public static var MediaPlayback: ClusterID { ClusterID(matterID: 0x0506) }
    /// Media Input (0x0507).
    @inlinable public static var MediaInput: ClusterID { ClusterID(matterID: 0x0507) }
    /// Low Power (0x0508).
    @inlinable public static var LowPower: ClusterID { ClusterID(matterID: 0x0508) }
    /// Keypad Input (0x0509).
    @inlinable public static var KeypadInput: ClusterID { ClusterID(matterID: 0x0509) }
    /// Content Launcher (0x050A).
    @inlinable public static var ContentLauncher: ClusterID { ClusterID(matterID: 0x050A) }
    /// Audio Output (0x050B).
    @inlinable public static var AudioOutput: ClusterID { ClusterID(matterID: 0x050B) }
    /// Application Launcher (0x050C).
    @inlinable public static var ApplicationLauncher: ClusterID { ClusterID(matterID: 0x050C) }
    /// Application Basic (0x050D).
    @inlinable public static var ApplicationBasic: ClusterID { ClusterID(matterID: 0x050D) }
    /// Account Login (0x050E).
    @inlinable public static var AccountLogin: ClusterID { ClusterID(matterID: 0x050E) }
    /// Content Control (0x050F).
    @inlinable public static var ContentControl: ClusterID { ClusterID(matterID: 0x050F) }

    /// Zone Management (0x0550, Matter 1.5).
    @inlinable public static var ZoneManagement: ClusterID { ClusterID(matterID: 0x0550) }
    /// Camera AV Stream Management (0x0551, Matter 1.5).
    @inlinable public static var CameraAvStreamManagement: ClusterID { ClusterID(matterID: 0x0551) }
    /// Camera AV Settings User Level Management (0x0552, Matter 1.5).
    @inlinable public static var CameraAvSettingsUserLevelManagement: ClusterID { ClusterID(matterID: 0x0552) }
    /// WebRTC Transport Provider (0x0553, Matter 1.5).
    @inlinable public static var WebRtcTransportProvider: ClusterID { ClusterID(matterID: 0x0553) }
    /// WebRTC Transport Requestor (0x0554, Matter 1.5).
    @inlinable public static var WebRtcTransportRequestor: ClusterID { ClusterID(matterID: 0x0554) }
    /// Push AV Stream Transport (0x0555, Matter 1.5).
    @inlinable public static var PushAvStreamTransport: ClusterID { ClusterID(matterID: 0x0555) }
    /// Chime (0x0556, Matter 1.5).
    @inlinable public static var Chime: ClusterID { ClusterID(matterID: 0x0556) }
}
