/// The media catalogue: one realistic device per Google media type Hearth maps, composed the Matter way, as a
/// complete device file for `media-user`. A video player's Fixed Label `formFactor` picks its Google type
/// (``DeviceTypeMapping/formFactors``); its volume is a Speaker endpoint. Every value is one the Matter specification
/// allows: the device-file parser checks each against the cluster definitions.
///
/// | id | Matter composition | Google type | traits |
/// |---|---|---|---|
/// | `living-room-tv` | CastingVideoPlayer (On/Off, Media Playback, Media Input, Channel, Application Launcher, Keypad Input, Content Launcher) + Speaker + 2 ContentApp | TV | OnOff, Volume, MediaState, TransportControl, InputSelector, Channel, AppSelector |
/// | `cable-box` | BasicVideoPlayer `setTop` (On/Off, Media Playback, Channel, Keypad Input) | SETTOP | OnOff, MediaState, TransportControl, Channel |
/// | `streaming-box` | CastingVideoPlayer `streamingBox` + Speaker + ContentApp | STREAMING_BOX | OnOff, Volume, MediaState, TransportControl, AppSelector |
/// | `hdmi-stick` | CastingVideoPlayer `streamingStick` + ContentApp | STREAMING_STICK | OnOff, MediaState, TransportControl, AppSelector |
/// | `streaming-soundbar` | CastingVideoPlayer `streamingBar` (+ Media Input, Audio Output) + Speaker + ContentApp | STREAMING_SOUNDBAR | OnOff, Volume, MediaState, TransportControl, InputSelector, AppSelector |
/// | `tv-soundbar` | BasicVideoPlayer `soundbar` (+ Media Input, Audio Output) + Speaker | SOUNDBAR | OnOff, Volume, MediaState, TransportControl, InputSelector |
/// | `av-receiver` | BasicVideoPlayer `avReceiver` (+ Media Input, Audio Output) + Speaker | AUDIO_VIDEO_RECEIVER | OnOff, Volume, MediaState, TransportControl, InputSelector |
/// | `kitchen-speaker` | BasicVideoPlayer `speaker` + Speaker | SPEAKER | OnOff, Volume, MediaState, TransportControl |
/// | `universal-remote` | VideoRemoteControl + BasicVideoPlayer (the player it drives: + Media Input) + Speaker | REMOTECONTROL | OnOff, Volume, MediaState, TransportControl, InputSelector |
enum MediaCatalogue {
    static let user = "media-user"

    /// Each device's Google type and traits, as the table above gives them (traits in ``Trait``'s order).
    static let expected: [(id: String, type: String, traits: [String])] = [
        (
            "living-room-tv", "TV",
            ["OnOff", "Volume", "MediaState", "TransportControl", "InputSelector", "Channel", "AppSelector"]
        ),
        ("cable-box", "SETTOP", ["OnOff", "MediaState", "TransportControl", "Channel"]),
        ("streaming-box", "STREAMING_BOX", ["OnOff", "Volume", "MediaState", "TransportControl", "AppSelector"]),
        ("hdmi-stick", "STREAMING_STICK", ["OnOff", "MediaState", "TransportControl", "AppSelector"]),
        (
            "streaming-soundbar", "STREAMING_SOUNDBAR",
            ["OnOff", "Volume", "MediaState", "TransportControl", "InputSelector", "AppSelector"]
        ),
        ("tv-soundbar", "SOUNDBAR", ["OnOff", "Volume", "MediaState", "TransportControl", "InputSelector"]),
        (
            "av-receiver", "AUDIO_VIDEO_RECEIVER",
            ["OnOff", "Volume", "MediaState", "TransportControl", "InputSelector"]
        ),
        ("kitchen-speaker", "SPEAKER", ["OnOff", "Volume", "MediaState", "TransportControl"]),
        (
            "universal-remote", "REMOTECONTROL",
            ["OnOff", "Volume", "MediaState", "TransportControl", "InputSelector"]
        ),
    ]

    static let deviceFile = """
        {
          "users": [
            {
              "agentUserId": "media-user",
              "devices": [
                {
                  "id": "living-room-tv",
                  "name": "Living room TV",
                  "room": "Living Room",
                  "basicInformation": {
                    "vendorName": "Acme Vision", "vendorID": 65525, "productName": "Vision 55", "productID": 20481,
                    "serialNumber": "AV-55-0101", "uniqueID": "acme-vision-55-0101",
                    "hardwareVersionString": "3", "softwareVersionString": "14.2"
                  },
                  "endpoints": [
                    {"deviceType": "CastingVideoPlayer", "clusters": {
                      "OnOff": {"OnOff": true},
                      "MediaPlayback": {"CurrentState": 0},
                      "MediaInput": {
                        "InputList": [
                          {"Index": 0, "InputType": 0, "Name": "Live TV", "Description": "Tuner"},
                          {"Index": 1, "InputType": 4, "Name": "HDMI 1", "Description": "Game console"},
                          {"Index": 2, "InputType": 4, "Name": "HDMI 2", "Description": "Blu-ray"}
                        ],
                        "CurrentInput": 0
                      },
                      "Channel": {
                        "FeatureMap": 1,
                        "ChannelList": [
                          {"MajorNumber": 1, "MinorNumber": 0, "Name": "News One", "CallSign": "NEWS1"},
                          {"MajorNumber": 4, "MinorNumber": 11, "Name": "City Sports", "CallSign": "CSPT"},
                          {"MajorNumber": 7, "MinorNumber": 0, "Name": "Movies Seven", "CallSign": "MOV7"}
                        ],
                        "CurrentChannel": {"MajorNumber": 4, "MinorNumber": 11, "Name": "City Sports"}
                      },
                      "ApplicationLauncher": {
                        "FeatureMap": 1,
                        "CatalogList": [65525],
                        "CurrentApp": {"Application": {"CatalogVendorID": 65525, "ApplicationID": "acme.tube"},
                                       "Endpoint": 3}
                      },
                      "KeypadInput": {},
                      "ContentLauncher": {}
                    }},
                    {"deviceType": "Speaker", "clusters": {
                      "OnOff": {"OnOff": true},
                      "LevelControl": {"CurrentLevel": 80}
                    }},
                    {"deviceType": "ContentApp", "clusters": {
                      "ApplicationBasic": {
                        "ApplicationName": "Acme Tube", "VendorName": "Acme Media", "VendorID": 65525,
                        "Application": {"CatalogVendorID": 65525, "ApplicationID": "acme.tube"},
                        "Status": 1, "ApplicationVersion": "8.1", "AllowedVendorList": [65525]
                      },
                      "ApplicationLauncher": {},
                      "KeypadInput": {}
                    }},
                    {"deviceType": "ContentApp", "clusters": {
                      "ApplicationBasic": {
                        "ApplicationName": "Acme Radio", "VendorName": "Acme Media", "VendorID": 65525,
                        "Application": {"CatalogVendorID": 65525, "ApplicationID": "acme.radio"},
                        "Status": 0, "ApplicationVersion": "2.4", "AllowedVendorList": [65525]
                      },
                      "ApplicationLauncher": {},
                      "KeypadInput": {}
                    }}
                  ]
                },
                {
                  "id": "cable-box",
                  "name": "Cable box",
                  "room": "Living Room",
                  "basicInformation": {
                    "vendorName": "Acme Cable", "vendorID": 65526, "productName": "Cable HD", "productID": 20482,
                    "serialNumber": "AC-HD-0202", "uniqueID": "acme-cable-hd-0202",
                    "hardwareVersionString": "2", "softwareVersionString": "5.0.3"
                  },
                  "endpoints": [
                    {"deviceType": "BasicVideoPlayer", "clusters": {
                      "OnOff": {"OnOff": true},
                      "MediaPlayback": {"CurrentState": 0},
                      "Channel": {
                        "FeatureMap": 1,
                        "ChannelList": [
                          {"MajorNumber": 101, "MinorNumber": 0, "Name": "Cable News", "CallSign": "CNWS"},
                          {"MajorNumber": 202, "MinorNumber": 0, "Name": "Cartoons", "CallSign": "TOON"}
                        ]
                      },
                      "KeypadInput": {},
                      "FixedLabel": {"LabelList": [{"Label": "formFactor", "Value": "setTop"}]}
                    }}
                  ]
                },
                {
                  "id": "streaming-box",
                  "name": "Streaming box",
                  "room": "Den",
                  "basicInformation": {
                    "vendorName": "Acme Media", "vendorID": 65525, "productName": "Stream Box 4K", "productID": 20483,
                    "serialNumber": "AM-SB-0303", "uniqueID": "acme-stream-box-0303",
                    "hardwareVersionString": "1", "softwareVersionString": "12.0"
                  },
                  "endpoints": [
                    {"deviceType": "CastingVideoPlayer", "clusters": {
                      "OnOff": {"OnOff": false},
                      "MediaPlayback": {"CurrentState": 2},
                      "ApplicationLauncher": {"FeatureMap": 1, "CatalogList": [65525]},
                      "KeypadInput": {},
                      "ContentLauncher": {},
                      "FixedLabel": {"LabelList": [{"Label": "formFactor", "Value": "streamingBox"}]}
                    }},
                    {"deviceType": "Speaker", "clusters": {
                      "OnOff": {"OnOff": true},
                      "LevelControl": {"CurrentLevel": 128}
                    }},
                    {"deviceType": "ContentApp", "clusters": {
                      "ApplicationBasic": {
                        "ApplicationName": "Acme Tube", "Application": {"CatalogVendorID": 65525, "ApplicationID": "acme.tube"},
                        "Status": 0, "ApplicationVersion": "8.1", "AllowedVendorList": [65525]
                      },
                      "ApplicationLauncher": {},
                      "KeypadInput": {}
                    }}
                  ]
                },
                {
                  "id": "hdmi-stick",
                  "name": "Bedroom stick",
                  "room": "Bedroom",
                  "basicInformation": {
                    "vendorName": "Acme Media", "vendorID": 65525, "productName": "Stream Stick", "productID": 20484,
                    "serialNumber": "AM-ST-0404", "uniqueID": "acme-stream-stick-0404",
                    "hardwareVersionString": "1", "softwareVersionString": "12.0"
                  },
                  "endpoints": [
                    {"deviceType": "CastingVideoPlayer", "clusters": {
                      "OnOff": {"OnOff": true},
                      "MediaPlayback": {"CurrentState": 1},
                      "ApplicationLauncher": {"FeatureMap": 1, "CatalogList": [65525]},
                      "KeypadInput": {},
                      "ContentLauncher": {},
                      "FixedLabel": {"LabelList": [{"Label": "formFactor", "Value": "streamingStick"}]}
                    }},
                    {"deviceType": "ContentApp", "clusters": {
                      "ApplicationBasic": {
                        "ApplicationName": "Acme Tube", "Application": {"CatalogVendorID": 65525, "ApplicationID": "acme.tube"},
                        "Status": 1, "ApplicationVersion": "8.1", "AllowedVendorList": [65525]
                      },
                      "ApplicationLauncher": {},
                      "KeypadInput": {}
                    }}
                  ]
                },
                {
                  "id": "streaming-soundbar",
                  "name": "Den soundbar",
                  "room": "Den",
                  "basicInformation": {
                    "vendorName": "Acme Audio", "vendorID": 65522, "productName": "Stream Bar", "productID": 8195,
                    "serialNumber": "AA-SB-0505", "uniqueID": "acme-stream-bar-0505",
                    "hardwareVersionString": "2", "softwareVersionString": "6.1"
                  },
                  "endpoints": [
                    {"deviceType": "CastingVideoPlayer", "clusters": {
                      "OnOff": {"OnOff": true},
                      "MediaPlayback": {"CurrentState": 0},
                      "MediaInput": {
                        "InputList": [
                          {"Index": 0, "InputType": 4, "Name": "HDMI ARC", "Description": "TV"},
                          {"Index": 1, "InputType": 7, "Name": "Optical", "Description": "Optical in"}
                        ],
                        "CurrentInput": 0
                      },
                      "AudioOutput": {"OutputList": [{"Index": 0, "OutputType": 4, "Name": "Built-in"}], "CurrentOutput": 0},
                      "ApplicationLauncher": {"FeatureMap": 1, "CatalogList": [65525]},
                      "KeypadInput": {},
                      "ContentLauncher": {},
                      "FixedLabel": {"LabelList": [{"Label": "formFactor", "Value": "streamingBar"}]}
                    }},
                    {"deviceType": "Speaker", "clusters": {
                      "OnOff": {"OnOff": true},
                      "LevelControl": {"CurrentLevel": 90}
                    }},
                    {"deviceType": "ContentApp", "clusters": {
                      "ApplicationBasic": {
                        "ApplicationName": "Acme Radio", "Application": {"CatalogVendorID": 65525, "ApplicationID": "acme.radio"},
                        "Status": 0, "ApplicationVersion": "2.4", "AllowedVendorList": [65525]
                      },
                      "ApplicationLauncher": {},
                      "KeypadInput": {}
                    }}
                  ]
                },
                {
                  "id": "tv-soundbar",
                  "name": "Soundbar",
                  "room": "Living Room",
                  "basicInformation": {
                    "vendorName": "Acme Audio", "vendorID": 65522, "productName": "Bar 300", "productID": 8196,
                    "serialNumber": "AA-B3-0606", "uniqueID": "acme-bar-300-0606",
                    "hardwareVersionString": "1", "softwareVersionString": "3.2"
                  },
                  "endpoints": [
                    {"deviceType": "BasicVideoPlayer", "clusters": {
                      "OnOff": {"OnOff": true},
                      "MediaPlayback": {"CurrentState": 0},
                      "MediaInput": {
                        "InputList": [
                          {"Index": 0, "InputType": 4, "Name": "HDMI ARC", "Description": "TV"},
                          {"Index": 1, "InputType": 1, "Name": "Aux", "Description": "3.5 mm"}
                        ],
                        "CurrentInput": 0
                      },
                      "AudioOutput": {"OutputList": [{"Index": 0, "OutputType": 4, "Name": "Built-in"}], "CurrentOutput": 0},
                      "KeypadInput": {},
                      "FixedLabel": {"LabelList": [{"Label": "formFactor", "Value": "soundbar"}]}
                    }},
                    {"deviceType": "Speaker", "clusters": {
                      "OnOff": {"OnOff": true},
                      "LevelControl": {"CurrentLevel": 100}
                    }}
                  ]
                },
                {
                  "id": "av-receiver",
                  "name": "Receiver",
                  "room": "Den",
                  "basicInformation": {
                    "vendorName": "Acme Audio", "vendorID": 65522, "productName": "Receiver 7.2", "productID": 8197,
                    "serialNumber": "AA-R7-0707", "uniqueID": "acme-receiver-72-0707",
                    "hardwareVersionString": "4", "softwareVersionString": "2.0.9"
                  },
                  "endpoints": [
                    {"deviceType": "BasicVideoPlayer", "clusters": {
                      "OnOff": {"OnOff": false},
                      "MediaPlayback": {"CurrentState": 2},
                      "MediaInput": {
                        "InputList": [
                          {"Index": 0, "InputType": 4, "Name": "HDMI 1", "Description": "Game console"},
                          {"Index": 1, "InputType": 4, "Name": "HDMI 2", "Description": "Streaming box"},
                          {"Index": 2, "InputType": 7, "Name": "Optical", "Description": "CD player"},
                          {"Index": 3, "InputType": 6, "Name": "Phono", "Description": "Turntable"}
                        ],
                        "CurrentInput": 1
                      },
                      "AudioOutput": {
                        "OutputList": [
                          {"Index": 0, "OutputType": 5, "Name": "Zone 1"},
                          {"Index": 1, "OutputType": 3, "Name": "Headphones"}
                        ],
                        "CurrentOutput": 0
                      },
                      "KeypadInput": {},
                      "FixedLabel": {"LabelList": [{"Label": "formFactor", "Value": "avReceiver"}]}
                    }},
                    {"deviceType": "Speaker", "clusters": {
                      "OnOff": {"OnOff": true},
                      "LevelControl": {"CurrentLevel": 60}
                    }}
                  ]
                },
                {
                  "id": "kitchen-speaker",
                  "name": "Kitchen speaker",
                  "room": "Kitchen",
                  "basicInformation": {
                    "vendorName": "Acme Audio", "vendorID": 65522, "productName": "Smart Speaker", "productID": 8198,
                    "serialNumber": "AA-SM-0808", "uniqueID": "acme-smart-speaker-0808",
                    "hardwareVersionString": "1", "softwareVersionString": "9.3"
                  },
                  "endpoints": [
                    {"deviceType": "BasicVideoPlayer", "clusters": {
                      "OnOff": {"OnOff": true},
                      "MediaPlayback": {"CurrentState": 1},
                      "KeypadInput": {},
                      "FixedLabel": {"LabelList": [{"Label": "formFactor", "Value": "speaker"}]}
                    }},
                    {"deviceType": "Speaker", "clusters": {
                      "OnOff": {"OnOff": true},
                      "LevelControl": {"CurrentLevel": 70}
                    }}
                  ]
                },
                {
                  "id": "universal-remote",
                  "name": "Universal remote",
                  "room": "Living Room",
                  "basicInformation": {
                    "vendorName": "Acme Control", "vendorID": 65527, "productName": "Hub Remote", "productID": 20485,
                    "serialNumber": "ACR-HR-0909", "uniqueID": "acme-hub-remote-0909",
                    "hardwareVersionString": "1", "softwareVersionString": "4.4"
                  },
                  "endpoints": [
                    {"deviceType": "VideoRemoteControl", "clusters": {}},
                    {"deviceType": "BasicVideoPlayer", "clusters": {
                      "OnOff": {"OnOff": true},
                      "MediaPlayback": {"CurrentState": 0},
                      "MediaInput": {
                        "InputList": [
                          {"Index": 0, "InputType": 0, "Name": "Live TV", "Description": "Tuner"},
                          {"Index": 1, "InputType": 4, "Name": "HDMI 1", "Description": "Streaming box"}
                        ],
                        "CurrentInput": 0
                      },
                      "KeypadInput": {}
                    }},
                    {"deviceType": "Speaker", "clusters": {
                      "OnOff": {"OnOff": true},
                      "LevelControl": {"CurrentLevel": 50}
                    }}
                  ]
                }
              ]
            }
          ]
        }
        """
}
