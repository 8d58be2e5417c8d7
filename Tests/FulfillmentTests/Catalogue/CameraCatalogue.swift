import HearthTestSupport
import MatterModel

/// The camera catalogue: Matter 1.5's cameras and doorbells as a complete device file for `camera-user`.
///
/// | id | Matter composition | Google type | traits |
/// |---|---|---|---|
/// | `hallway-camera` | Camera (Camera AV Stream Management, WebRTC Transport Provider, Zone Management) | CAMERA | CameraStream, ObjectDetection |
/// | `front-doorbell-cam` | VideoDoorbell + Camera (Camera AV Stream Management, WebRTC Transport Provider, Push AV Stream Transport) | DOORBELL | ObjectDetection, CameraStream |
/// | `side-door` | AudioDoorbell (Switch, Camera AV Stream Management audio only, WebRTC Transport Provider) | DOORBELL | ObjectDetection |
/// | `driveway-floodlight` | FloodlightCamera + Camera (Camera AV Stream Management, WebRTC Transport Provider) + DimmableLight | CAMERA | OnOff, Brightness, CameraStream |
///
/// The stream and zone clusters (0x0550–0x0556) are Matter 1.5's, from the generated tables.
enum CameraCatalogue {
    static let user = "camera-user"

    /// Each device's Google type and traits, as the table above gives them (traits in ``Trait``'s order).
    static let expected: [(id: String, type: String, traits: [String])] = [
        ("hallway-camera", "CAMERA", ["ObjectDetection", "CameraStream"]),
        ("front-doorbell-cam", "DOORBELL", ["ObjectDetection", "CameraStream"]),
        ("side-door", "DOORBELL", ["ObjectDetection"]),
        ("driveway-floodlight", "CAMERA", ["OnOff", "Brightness", "CameraStream"]),
    ]

    static let deviceFile = """
        {
          "users": [
            {
              "agentUserId": "camera-user",
              "devices": [
                {
                  "id": "hallway-camera",
                  "name": "Hallway camera",
                  "room": "Hallway",
                  "notificationSupportedByAgent": true,
                  "basicInformation": {
                    "vendorName": "Acme Security", "vendorID": 65528, "productName": "Indoor Cam", "productID": 24577,
                    "serialNumber": "AS-IC-1001", "uniqueID": "acme-indoor-cam-1001",
                    "hardwareVersionString": "2", "softwareVersionString": "1.5.0"
                  },
                  "endpoints": [
                    {"deviceType": "Camera", "clusters": {
                      "CameraAVStreamManagement": \(CameraClusters.avStreamManagement),
                      "WebRTCTransportProvider": \(CameraClusters.webRTCTransportProvider),
                      "ZoneManagement": \(CameraClusters.zoneManagement)
                    }}
                  ]
                },
                {
                  "id": "front-doorbell-cam",
                  "name": "Front door",
                  "room": "Entrance",
                  "notificationSupportedByAgent": true,
                  "basicInformation": {
                    "vendorName": "Acme Security", "vendorID": 65528, "productName": "Video Doorbell", "productID": 24578,
                    "serialNumber": "AS-VD-1002", "uniqueID": "acme-video-doorbell-1002",
                    "hardwareVersionString": "3", "softwareVersionString": "1.5.0"
                  },
                  "endpoints": [
                    {"deviceType": "VideoDoorbell", "clusters": {}},
                    {"deviceType": "Camera", "clusters": {
                      "CameraAVStreamManagement": \(CameraClusters.avStreamManagement),
                      "WebRTCTransportProvider": \(CameraClusters.webRTCTransportProvider),
                      "PushAVStreamTransport": \(CameraClusters.pushAvStreamTransport)
                    }}
                  ]
                },
                {
                  "id": "side-door",
                  "name": "Side door",
                  "room": "Garage",
                  "notificationSupportedByAgent": true,
                  "basicInformation": {
                    "vendorName": "Acme Security", "vendorID": 65528, "productName": "Audio Doorbell", "productID": 24579,
                    "serialNumber": "AS-AD-1003", "uniqueID": "acme-audio-doorbell-1003",
                    "hardwareVersionString": "1", "softwareVersionString": "1.5.0"
                  },
                  "endpoints": [
                    {"deviceType": "AudioDoorbell", "clusters": {
                      "Switch": {"FeatureMap": 2, "NumberOfPositions": 2, "CurrentPosition": 0},
                      "CameraAVStreamManagement": {
                        "FeatureMap": 1, "MaxContentBufferSize": 262144, "MaxNetworkBandwidth": 1000000,
                        "MicrophoneCapabilities": {
                          "MaxNumberOfChannels": 1, "SupportedCodecs": [0], "SupportedSampleRates": [16000],
                          "SupportedBitDepths": [16]
                        },
                        "SupportedStreamUsages": [3], "StreamUsagePriorities": [3], "AllocatedAudioStreams": [],
                        "MicrophoneMuted": false, "MicrophoneVolumeLevel": 160, "MicrophoneMinLevel": 0,
                        "MicrophoneMaxLevel": 254
                      },
                      "WebRTCTransportProvider": \(CameraClusters.webRTCTransportProvider)
                    }}
                  ]
                },
                {
                  "id": "driveway-floodlight",
                  "name": "Driveway floodlight",
                  "room": "Driveway",
                  "basicInformation": {
                    "vendorName": "Acme Security", "vendorID": 65528, "productName": "Flood Cam", "productID": 24580,
                    "serialNumber": "AS-FC-1004", "uniqueID": "acme-flood-cam-1004",
                    "hardwareVersionString": "1", "softwareVersionString": "1.5.0"
                  },
                  "endpoints": [
                    {"deviceType": "FloodlightCamera", "clusters": {}},
                    {"deviceType": "Camera", "clusters": {
                      "CameraAVStreamManagement": \(CameraClusters.avStreamManagement),
                      "WebRTCTransportProvider": \(CameraClusters.webRTCTransportProvider)
                    }},
                    {"deviceType": "DimmableLight", "clusters": {
                      "OnOff": {"OnOff": false},
                      "LevelControl": {"CurrentLevel": 254}
                    }}
                  ]
                }
              ]
            }
          ]
        }
        """
}
