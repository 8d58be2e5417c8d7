/// A two-user home used by most tests: `alice` has lights and a plug (one offline), `bob` has one light.
public enum TestHomes {
    /// One user, alice, with one dimmable lamp (off, level 127): what the process tests of reporting and command
    /// delivery serve.
    public static let aliceLamp = #"""
        {"users": [{"agentUserId": "alice", "devices": [
          {"id": "lamp", "name": "Lamp", "deviceTypes": ["DimmableLight"],
           "clusters": {"OnOff": {"OnOff": false}, "LevelControl": {"CurrentLevel": 127}}}
        ]}]}
        """#

    public static let twoUsers = #"""
        {"users": [
          {"agentUserId": "alice", "devices": [
            {"id": "lamp", "name": "Lamp", "room": "Office", "deviceTypes": ["DimmableLight"],
             "basicInformation": {"vendorName": "Acme", "vendorID": 65521, "productName": "Bulb", "productID": 32769,
                                  "uniqueID": "acme-lamp"},
             "clusters": {"OnOff": {"OnOff": false}, "LevelControl": {"CurrentLevel": 127}}},
            {"id": "color", "name": "Color bulb", "deviceTypes": ["ExtendedColorLight"],
             "clusters": {"OnOff": {"OnOff": true}, "LevelControl": {"CurrentLevel": 254},
                          "ColorControl": {"ColorMode": 2, "ColorTemperatureMireds": 250,
                                           "ColorTempPhysicalMinMireds": 153, "ColorTempPhysicalMaxMireds": 500}}},
            {"id": "white", "name": "White bulb", "deviceTypes": ["ColorTemperatureLight"],
             "clusters": {"ColorControl": {"ColorMode": 2, "ColorTemperatureMireds": 300,
                                           "ColorTempPhysicalMinMireds": 200, "ColorTempPhysicalMaxMireds": 400}}},
            {"id": "plug", "name": "Plug", "deviceTypes": ["OnOffPlugInUnit"], "clusters": {"OnOff": {"OnOff": false}}},
            {"id": "porch", "name": "Porch", "deviceTypes": ["OnOffLight"], "online": false,
             "clusters": {"OnOff": {"OnOff": false}}}
          ]},
          {"agentUserId": "bob", "devices": [
            {"id": "bob-light", "name": "Bob's light", "deviceTypes": ["OnOffLight"], "clusters": {"OnOff": {"OnOff": false}}}
          ]}
        ]}
        """#

    public static func query(_ ids: [String], requestId: String = "q") -> String {
        let devices = ids.map { #"{"id":"\#($0)"}"# }.joined(separator: ",")
        return
            #"{"requestId":"\#(requestId)","inputs":[{"intent":"action.devices.QUERY","payload":{"devices":[\#(devices)]}}]}"#
    }

    public static func execute(_ ids: [String], command: String, params: String, requestId: String = "e") -> String {
        let devices = ids.map { #"{"id":"\#($0)"}"# }.joined(separator: ",")
        return
            #"{"requestId":"\#(requestId)","inputs":[{"intent":"action.devices.EXECUTE","payload":{"commands":[{"devices":[\#(devices)],"execution":[{"command":"action.devices.commands.\#(command)","params":\#(params)}]}]}}]}"#
    }

    public static let sync = #"{"requestId":"s","inputs":[{"intent":"action.devices.SYNC"}]}"#
    public static let disconnect = #"{"requestId":"d","inputs":[{"intent":"action.devices.DISCONNECT"}]}"#
}
