import Testing

@testable import MatterModel

/// One bad device file and the error it must produce.
struct RefusalCase: Sendable, CustomTestStringConvertible {
    var name: String
    var json: String
    var code: DeviceFileError.Code
    var user: String?
    var device: String?
    var field: String?
    /// A part of the expected message.
    var message: String

    var testDescription: String { name }

    /// A device `lamp` of type `types` with extra device members (`"room": ""`) inside demo-user.
    static func lamp(_ members: String, types: String = #"["DimmableLight"]"#) -> String {
        deviceFile(
            #"{"id": "lamp", "name": "Lamp", "deviceTypes": \#(types)\#(members.isEmpty ? "" : ", ")\#(members)}"#
        )
    }

    /// A lamp with one cluster's attributes.
    static func cluster(_ cluster: String, _ attributes: String, types: String = #"["ExtendedColorLight"]"#) -> String {
        lamp(#""clusters": {"\#(cluster)": {\#(attributes)}}"#, types: types)
    }

    static func file(
        _ name: String,
        _ json: String,
        _ code: DeviceFileError.Code,
        field: String?,
        _ message: String
    )
        -> RefusalCase
    {
        RefusalCase(name: name, json: json, code: code, user: nil, device: nil, field: field, message: message)
    }

    static func user(
        _ name: String,
        _ json: String,
        _ code: DeviceFileError.Code,
        field: String,
        _ message: String
    )
        -> RefusalCase
    {
        RefusalCase(name: name, json: json, code: code, user: "demo-user", device: nil, field: field, message: message)
    }

    static func device(
        _ name: String,
        _ json: String,
        _ code: DeviceFileError.Code,
        field: String,
        _ message: String
    )
        -> RefusalCase
    {
        RefusalCase(
            name: name,
            json: json,
            code: code,
            user: "demo-user",
            device: "lamp",
            field: field,
            message: message
        )
    }

    static let all: [RefusalCase] = [
        // The file and its users.
        file("malformed JSON", #"{"users": [}"#, .malformedJSON, field: nil, "malformed JSON at line 1, column 12"),
        file(
            "malformed JSON on a later line",
            "{\n  \"users\": [\n    1,\n  ]\n}",
            .malformedJSON,
            field: nil,
            "line 4, column 3"
        ),
        file(
            "duplicate JSON key",
            #"{"users": [], "users": []}"#,
            .malformedJSON,
            field: nil,
            #"duplicate key "users""#
        ),
        file("top level not an object", "[]", .wrongType, field: nil, "expected an object"),
        file("users missing", "{}", .missingField, field: "users", "missing"),
        file("users empty", #"{"users": []}"#, .emptyValue, field: "users", "at least one user"),
        file("users not an array", #"{"users": {}}"#, .wrongType, field: "users", "expected an array"),
        file(
            "unknown top-level key",
            #"{"users": [], "user": []}"#,
            .unknownKey,
            field: "user",
            #"did you mean "users"?"#
        ),
        file("user not an object", #"{"users": ["demo-user"]}"#, .wrongType, field: "users[0]", "expected an object"),
        file(
            "agentUserId missing",
            #"{"users": [{"devices": []}]}"#,
            .missingField,
            field: "users[0].agentUserId",
            "missing"
        ),
        file(
            "agentUserId empty",
            #"{"users": [{"agentUserId": "a", "devices": []}, {"agentUserId": "", "devices": []}]}"#,
            .emptyValue,
            field: "users[1].agentUserId",
            "must not be empty"
        ),
        file(
            "agentUserId not a string",
            #"{"users": [{"agentUserId": 7, "devices": []}]}"#,
            .wrongType,
            field: "users[0].agentUserId",
            "expected a string, got 7"
        ),
        user(
            "agentUserId duplicate",
            #"{"users": [{"agentUserId": "demo-user", "devices": []}, {"agentUserId": "demo-user", "devices": []}]}"#,
            .duplicate,
            field: "agentUserId",
            "also users[0]"
        ),
        user(
            "devices missing",
            #"{"users": [{"agentUserId": "demo-user"}]}"#,
            .missingField,
            field: "devices",
            "missing"
        ),
        user(
            "unknown user key",
            #"{"users": [{"agentUserId": "demo-user", "devices": [], "device": []}]}"#,
            .unknownKey,
            field: "device",
            #"did you mean "devices"?"#
        ),

        // Device identity.
        user(
            "device id missing",
            deviceFile(#"{"name": "Lamp", "deviceTypes": ["OnOffLight"]}"#),
            .missingField,
            field: "devices[0].id",
            "missing"
        ),
        user(
            "device id empty",
            deviceFile(#"{"id": "", "name": "Lamp", "deviceTypes": ["OnOffLight"]}"#),
            .emptyValue,
            field: "devices[0].id",
            "must not be empty"
        ),
        user(
            "device id not a string",
            deviceFile(#"{"id": 42, "name": "Lamp", "deviceTypes": ["OnOffLight"]}"#),
            .wrongType,
            field: "devices[0].id",
            "expected a string, got 42"
        ),
        user("device not an object", deviceFile(#""lamp""#), .wrongType, field: "devices[0]", "expected an object"),
        device(
            "device id duplicate",
            deviceFile(
                #"{"id": "lamp", "name": "Lamp", "deviceTypes": ["OnOffLight"]}"#,
                #"{"id": "lamp", "name": "Other", "deviceTypes": ["OnOffLight"]}"#
            ),
            .duplicate,
            field: "id",
            "also devices[0]"
        ),
        device(
            "name missing",
            deviceFile(#"{"id": "lamp", "deviceTypes": ["OnOffLight"]}"#),
            .missingField,
            field: "name",
            "missing"
        ),
        device(
            "name empty",
            deviceFile(#"{"id": "lamp", "name": "", "deviceTypes": ["OnOffLight"]}"#),
            .emptyValue,
            field: "name",
            "must not be empty"
        ),
        device(
            "name not a string",
            deviceFile(#"{"id": "lamp", "name": ["Lamp"], "deviceTypes": ["OnOffLight"]}"#),
            .wrongType,
            field: "name",
            "got an array"
        ),
        device(
            "unknown device key",
            lamp(#""nickname": "big light""#),
            .unknownKey,
            field: "nickname",
            #"did you mean "nicknames"?"#
        ),

        // Device fields.
        device(
            "nicknames not an array",
            lamp(#""nicknames": "big light""#),
            .wrongType,
            field: "nicknames",
            "expected an array of strings"
        ),
        device(
            "nickname not a string",
            lamp(#""nicknames": ["ok", 42]"#),
            .wrongType,
            field: "nicknames[1]",
            "expected a string, got 42"
        ),
        device("nickname empty", lamp(#""nicknames": [""]"#), .emptyValue, field: "nicknames[0]", "must not be empty"),
        device("room not a string", lamp(#""room": 3"#), .wrongType, field: "room", "expected a string, got 3"),
        device("room empty", lamp(#""room": """#), .emptyValue, field: "room", "must not be empty"),
        device(
            "structure not a string",
            lamp(#""structure": ["Home"]"#),
            .wrongType,
            field: "structure",
            "expected a string, got an array"
        ),
        device("structure empty", lamp(#""structure": """#), .emptyValue, field: "structure", "must not be empty"),
        device(
            "otherDeviceIds element empty",
            lamp(#""otherDeviceIds": ["x", ""]"#),
            .emptyValue,
            field: "otherDeviceIds[1]",
            "must not be empty"
        ),
        device(
            "online not a boolean",
            lamp(#""online": "yes""#),
            .wrongType,
            field: "online",
            #"expected a boolean, got "yes""#
        ),
        device("online as a number", lamp(#""online": 1"#), .wrongType, field: "online", "expected a boolean, got 1"),
        device(
            "deviceTypes missing",
            deviceFile(#"{"id": "lamp", "name": "Lamp"}"#),
            .missingField,
            field: "deviceTypes",
            "missing"
        ),
        device(
            "deviceTypes empty",
            lamp("", types: "[]"),
            .emptyValue,
            field: "deviceTypes",
            "at least one device type"
        ),
        device(
            "deviceTypes not an array",
            lamp("", types: #""OnOffLight""#),
            .wrongType,
            field: "deviceTypes",
            "expected an array"
        ),
        device(
            "unknown device type",
            lamp("", types: #"["OnOffLight", "Toaster"]"#),
            .unknownDeviceType,
            field: "deviceTypes[1]",
            "known types: OnOffLight, DimmableLight, ColorTemperatureLight, ExtendedColorLight, OnOffPlugInUnit"
        ),
        device(
            "device type misspelt",
            lamp("", types: #"["OnOfLight"]"#),
            .unknownDeviceType,
            field: "deviceTypes[0]",
            #"did you mean "OnOffLight"?"#
        ),
        device(
            "device type duplicate",
            lamp("", types: #"["OnOffLight", "OnOffLight"]"#),
            .duplicate,
            field: "deviceTypes[1]",
            "duplicate device type"
        ),

        // Basic Information.
        device(
            "basicInformation not an object",
            lamp(#""basicInformation": "Acme""#),
            .wrongType,
            field: "basicInformation",
            "expected an object"
        ),
        device(
            "unknown basicInformation key",
            lamp(#""basicInformation": {"vendorId": 1}"#),
            .unknownKey,
            field: "basicInformation.vendorId",
            #"did you mean "vendorID"?"#
        ),
        device(
            "vendorID above uint16",
            lamp(#""basicInformation": {"vendorID": 65536}"#),
            .outOfRange,
            field: "basicInformation.vendorID",
            "65536 is outside 0…65535"
        ),
        device(
            "productID negative",
            lamp(#""basicInformation": {"productID": -1}"#),
            .outOfRange,
            field: "basicInformation.productID",
            "-1 is outside 0…65535"
        ),
        device(
            "vendorID as a hex string",
            lamp(#""basicInformation": {"vendorID": "0xfff1"}"#),
            .wrongType,
            field: "basicInformation.vendorID",
            "expected an integer"
        ),
        device(
            "vendorName not a string",
            lamp(#""basicInformation": {"vendorName": 1}"#),
            .wrongType,
            field: "basicInformation.vendorName",
            "expected a string"
        ),

        // Clusters.
        device("clusters not an object", lamp(#""clusters": []"#), .wrongType, field: "clusters", "expected an object"),
        device(
            "unknown cluster",
            lamp(#""clusters": {"Barometer": {}}"#),
            .unknownCluster,
            field: "clusters.Barometer",
            "known clusters: OnOff, LevelControl, ColorControl"
        ),
        device(
            "cluster not allowed",
            lamp(#""clusters": {"ColorControl": {}}"#, types: #"["OnOffLight"]"#),
            .clusterNotAllowed,
            field: "clusters.ColorControl",
            "ColorControl is not allowed on OnOffLight (allowed: OnOff, LevelControl, PowerSource, Identify, Groups, ScenesManagement)"
        ),
        device(
            "cluster not an object",
            lamp(#""clusters": {"OnOff": true}"#),
            .wrongType,
            field: "clusters.OnOff",
            "expected an object"
        ),
        device(
            "unknown attribute",
            cluster("LevelControl", #""Brightness": 3"#),
            .unknownAttribute,
            field: "clusters.LevelControl.Brightness",
            "known attributes: CurrentLevel"
        ),
        device(
            "attribute misspelt",
            cluster("ColorControl", #""ColorTemperatureMired": 300"#),
            .unknownAttribute,
            field: "clusters.ColorControl.ColorTemperatureMired",
            #"did you mean "ColorTemperatureMireds"?"#
        ),
        device(
            "number for a boolean",
            cluster("OnOff", #""OnOff": 1"#),
            .wrongType,
            field: "clusters.OnOff.OnOff",
            "expected a boolean (bool), got 1"
        ),
        device(
            "boolean for an integer",
            cluster("LevelControl", #""CurrentLevel": true"#),
            .wrongType,
            field: "clusters.LevelControl.CurrentLevel",
            "expected an integer (uint8), got true"
        ),
        device(
            "fraction for an integer",
            cluster("LevelControl", #""CurrentLevel": 1.5"#),
            .wrongType,
            field: "clusters.LevelControl.CurrentLevel",
            "1.5 is not an integer"
        ),
        device(
            "exponent for an integer",
            cluster("ColorControl", #""CurrentHue": 1e2"#),
            .wrongType,
            field: "clusters.ColorControl.CurrentHue",
            "1e2 is not an integer"
        ),
        device(
            "string for an integer",
            cluster("LevelControl", #""CurrentLevel": "254""#),
            .wrongType,
            field: "clusters.LevelControl.CurrentLevel",
            #"got "254""#
        ),
        device(
            "null for a non-nullable attribute",
            cluster("LevelControl", #""CurrentLevel": null"#),
            .wrongType,
            field: "clusters.LevelControl.CurrentLevel",
            "got null"
        ),
        device(
            "CurrentLevel 255",
            cluster("LevelControl", #""CurrentLevel": 255"#),
            .outOfRange,
            field: "clusters.LevelControl.CurrentLevel",
            "255 is outside 1…254"
        ),
        device(
            "CurrentLevel 0",
            cluster("LevelControl", #""CurrentLevel": 0"#),
            .outOfRange,
            field: "clusters.LevelControl.CurrentLevel",
            "0 is outside 1…254"
        ),
        device(
            "MinLevel 0",
            cluster("LevelControl", #""MinLevel": 0"#),
            .outOfRange,
            field: "clusters.LevelControl.MinLevel",
            "0 is outside 1…254"
        ),
        device(
            "OnLevel 0",
            cluster("LevelControl", #""OnLevel": 0"#),
            .outOfRange,
            field: "clusters.LevelControl.OnLevel",
            "0 is outside 1…254 (or null)"
        ),
        device(
            "mireds 65280",
            cluster("ColorControl", #""ColorTemperatureMireds": 65280"#),
            .outOfRange,
            field: "clusters.ColorControl.ColorTemperatureMireds",
            "65280 is outside 1…65279"
        ),
        device(
            "CurrentHue 255",
            cluster("ColorControl", #""CurrentHue": 255"#),
            .outOfRange,
            field: "clusters.ColorControl.CurrentHue",
            "255 is outside 0…254"
        ),
        device(
            "ColorMode 3",
            cluster("ColorControl", #""ColorMode": 3"#),
            .outOfRange,
            field: "clusters.ColorControl.ColorMode",
            "3 is outside 0…2"
        ),
        device(
            "CurrentX 65280",
            cluster("ColorControl", #""CurrentX": 65280"#),
            .outOfRange,
            field: "clusters.ColorControl.CurrentX",
            "65280 is outside 0…65279"
        ),
        device(
            "OnTime above uint16",
            cluster("OnOff", #""OnTime": 65536"#),
            .outOfRange,
            field: "clusters.OnOff.OnTime",
            "65536 is outside 0…65535"
        ),

        // Rules between attributes.
        device(
            "CurrentLevel below MinLevel",
            cluster("LevelControl", #""MinLevel": 20, "CurrentLevel": 10"#),
            .inconsistentAttributes,
            field: "clusters.LevelControl.CurrentLevel",
            "10 is outside MinLevel…MaxLevel (20…254)"
        ),
        device(
            "CurrentLevel above MaxLevel",
            cluster("LevelControl", #""MaxLevel": 100, "CurrentLevel": 101"#),
            .inconsistentAttributes,
            field: "clusters.LevelControl.CurrentLevel",
            "101 is outside MinLevel…MaxLevel (1…100)"
        ),
        device(
            "MaxLevel below MinLevel",
            cluster("LevelControl", #""MinLevel": 200, "MaxLevel": 100"#),
            .inconsistentAttributes,
            field: "clusters.LevelControl.MaxLevel",
            "100 is below MinLevel (200)"
        ),
        device(
            "OnLevel above MaxLevel",
            cluster("LevelControl", #""MaxLevel": 100, "OnLevel": 150"#),
            .inconsistentAttributes,
            field: "clusters.LevelControl.OnLevel",
            "150 is outside MinLevel…MaxLevel (1…100)"
        ),
        device(
            "mireds above the physical maximum",
            cluster("ColorControl", #""ColorTemperatureMireds": 600"#),
            .inconsistentAttributes,
            field: "clusters.ColorControl.ColorTemperatureMireds",
            "600 is outside ColorTempPhysicalMinMireds…ColorTempPhysicalMaxMireds (153…500)"
        ),
        device(
            "mireds below the physical minimum",
            cluster("ColorControl", #""ColorTemperatureMireds": 152"#),
            .inconsistentAttributes,
            field: "clusters.ColorControl.ColorTemperatureMireds",
            "152 is outside ColorTempPhysicalMinMireds…ColorTempPhysicalMaxMireds (153…500)"
        ),
        device(
            "physical range reversed",
            cluster("ColorControl", #""ColorTempPhysicalMinMireds": 400, "ColorTempPhysicalMaxMireds": 300"#),
            .inconsistentAttributes,
            field: "clusters.ColorControl.ColorTempPhysicalMaxMireds",
            "300 is below ColorTempPhysicalMinMireds (400)"
        ),
        device(
            "ColorMode the capabilities lack",
            cluster("ColorControl", #""ColorMode": 0"#, types: #"["ColorTemperatureLight"]"#),
            .inconsistentAttributes,
            field: "clusters.ColorControl.ColorMode",
            "needs hue/saturation (bit 0)"
        ),
        device(
            "capabilities the device type requires",
            cluster("ColorControl", #""ColorCapabilities": 8"#),
            .inconsistentAttributes,
            field: "clusters.ColorControl.ColorCapabilities",
            "lacks color temperature (bit 4), which ExtendedColorLight requires"
        ),
        device(
            "EnhancedColorMode disagrees with ColorMode",
            cluster("ColorControl", #""ColorMode": 2, "EnhancedColorMode": 1"#),
            .inconsistentAttributes,
            field: "clusters.ColorControl.EnhancedColorMode",
            "1 disagrees with ColorMode 2"
        ),
    ]
}
