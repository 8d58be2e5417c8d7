import JSON

/// The devices the light effect, software update, reboot and scene tests run against: `Config/maintenance.json`'s
/// devices as single-device files, and variations of them.
enum MaintenanceFixtures {
    /// The EXECUTE's time in every test: `TestFulfillment`'s and `DeliveringFulfillment`'s manual clock.
    static let now = 1_800_000_000

    /// A color light; `colorLoop` adds the color loop capability (ColorCapabilities 31 instead of 27); `labels` are
    /// its User Label's, `nil` for a light without User Label.
    static func light(colorLoop: Bool = true, on: Bool = true, labels: String? = "") -> String {
        let userLabel = labels.map { #", "UserLabel": {"LabelList": [\#($0)]}"# } ?? ""
        return Fixtures.deviceFile(
            #"""
            {"id": "strip", "name": "Light strip", "deviceTypes": ["ExtendedColorLight"],
             "clusters": {"OnOff": {"OnOff": \#(on)},
                          "LevelControl": {"CurrentLevel": 200, "MinLevel": 2, "MaxLevel": 250},
                          "ColorControl": {"ColorMode": 0, "ColorCapabilities": \#(colorLoop ? 31 : 27)}\#(userLabel)}}
            """#
        )
    }

    /// A plug with OTA Software Update Requestor and General Diagnostics; `requestor` and `labels` replace theirs.
    static func plug(
        requestor: String = #"{"UpdatePossible": true, "UpdateState": 1}"#,
        bootReason: Bool = true,
        labels: String = #"{"Label": "lastSwUpdate", "Value": "1761000000"}"#
    ) -> String {
        Fixtures.deviceFile(
            #"""
            {"id": "plug", "name": "Hall plug", "deviceTypes": ["OnOffPlugInUnit"],
             "clusters": {"OnOff": {"OnOff": false},
                          "OTASoftwareUpdateRequestor": \#(requestor),
                          "GeneralDiagnostics": {"NetworkInterfaces": [], "RebootCount": 3, "UpTime": 86400,
                                                 \#(bootReason ? #""BootReason": 1,"# : "")
                                                 "TestEventTriggersEnabled": false},
                          "UserLabel": {"LabelList": [\#(labels)]}}}
            """#
        )
    }

    /// A scene device: an Aggregator whose Actions cluster lists `actions` (JSON objects).
    static func scene(_ actions: String) -> String {
        Fixtures.deviceFile(
            #"""
            {"id": "movie", "name": "Movie night", "deviceTypes": ["Aggregator"],
             "clusters": {"Actions": {"ActionList": [\#(actions)],
                                      "EndpointLists": [{"EndpointListID": 1, "Name": "Living Room", "Type": 1,
                                                         "Endpoints": [1]}]}}}
            """#
        )
    }

    /// A scene action: id, `Type`, `SupportedCommands` and `State`.
    static func action(id: Int = 1, type: Int = 1, commands: Int = 21, state: Int = 0) -> String {
        #"{"ActionID": \#(id), "Name": "Movie night", "Type": \#(type), "EndpointListID": 1, "SupportedCommands": \#(commands), "State": \#(state)}"#
    }
}
