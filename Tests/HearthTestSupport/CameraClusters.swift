/// The clusters of a valid Matter 1.5 camera endpoint, as device-file JSON: the mandatory attributes of Camera AV
/// Stream Management, WebRTC Transport Provider and Zone Management for a 1080p30 camera, with the smallest
/// `FeatureMap`s the Camera device type allows. The camera catalogue and every test that stores a camera use these,
/// so that a camera the registry accepts is written once.
public enum CameraClusters {
    /// Camera AV Stream Management (0x0551): Audio, Video and Snapshot (`FeatureMap` 7, the features the Camera
    /// device type requires) and nothing more, with their mandatory attributes; no stream allocated yet. Usages are
    /// `StreamUsageEnum`'s (3 LiveView, 1 Recording); codecs H264 (0), OPUS (0) and JPEG (0).
    public static let avStreamManagement = """
        {
          "FeatureMap": 7,
          "MaxConcurrentEncoders": 1, "MaxEncodedPixelRate": 62208000,
          "VideoSensorParams": {"SensorWidth": 1920, "SensorHeight": 1080, "MaxFPS": 30},
          "MinViewportResolution": {"Width": 640, "Height": 360},
          "RateDistortionTradeOffPoints": [
            {"Codec": 0, "Resolution": {"Width": 640, "Height": 360}, "MinBitRate": 500000},
            {"Codec": 0, "Resolution": {"Width": 1920, "Height": 1080}, "MinBitRate": 2000000}
          ],
          "MaxContentBufferSize": 4194304, "MaxNetworkBandwidth": 8000000, "CurrentFrameRate": 30,
          "MicrophoneCapabilities": {
            "MaxNumberOfChannels": 1, "SupportedCodecs": [0], "SupportedSampleRates": [48000],
            "SupportedBitDepths": [16]
          },
          "SnapshotCapabilities": [
            {
              "Resolution": {"Width": 1920, "Height": 1080}, "MaxFrameRate": 1, "ImageCodec": 0,
              "RequiresEncodedPixels": false
            }
          ],
          "SupportedStreamUsages": [3, 1], "StreamUsagePriorities": [3, 1],
          "AllocatedVideoStreams": [], "AllocatedAudioStreams": [], "AllocatedSnapshotStreams": [],
          "Viewport": {"X1": 0, "Y1": 0, "X2": 1920, "Y2": 1080},
          "MicrophoneMuted": false, "MicrophoneVolumeLevel": 160, "MicrophoneMinLevel": 0, "MicrophoneMaxLevel": 254
        }
        """

    /// WebRTC Transport Provider (0x0553): no session open.
    public static let webRTCTransportProvider = #"{"CurrentSessions": []}"#

    /// Zone Management (0x0550) with two-dimensional Cartesian zones (`FeatureMap` 1, which the Camera device type
    /// requires of it) over the 1080p frame; no zone or trigger defined yet.
    public static let zoneManagement = """
        {
          "FeatureMap": 1, "MaxZones": 4, "Zones": [], "Triggers": [], "SensitivityMax": 10, "Sensitivity": 5,
          "TwoDCartesianMax": {"X": 1919, "Y": 1079}
        }
        """

    /// Push AV Stream Transport (0x0555): CMAF ingest (`SupportedFormats`, which must name at least one format), no
    /// transport allocated yet.
    public static let pushAvStreamTransport = """
        {"SupportedFormats": [{"ContainerFormat": 0, "IngestMethod": 0}], "CurrentConnections": []}
        """

    /// A device file giving `user` one Camera endpoint with Camera AV Stream Management and WebRTC Transport
    /// Provider (the Camera device type's mandatory clusters), and Push AV Stream Transport when `push`, named `id`.
    public static func deviceFile(user: String, id: String, name: String, push: Bool = false) -> String {
        """
        {"users": [{"agentUserId": "\(user)", "devices": [{
          "id": "\(id)", "name": "\(name)",
          "endpoints": [{"deviceType": "Camera", "clusters": {
            \(push ? "\"PushAVStreamTransport\": \(pushAvStreamTransport)," : "")
            "CameraAVStreamManagement": \(avStreamManagement),
            "WebRTCTransportProvider": \(webRTCTransportProvider)
          }}]
        }]}]}
        """
    }
}
