import Fulfillment
import JSON
import SmartHomeProtocol
import Testing

struct QueryHandlerTests {
    static let notFound: JSONValue = ["online": false, "status": "ERROR", "errorCode": "deviceNotFound"]
    static let offline: JSONValue = ["online": false, "status": "ERROR", "errorCode": "deviceOffline"]

    struct Case: Sendable, CustomTestStringConvertible {
        var label: String
        var id: String
        var state: JSONValue

        var testDescription: String { label }
    }

    /// The full state of every trait of each device type.
    @Test(arguments: [
        Case(label: "OnOffLight", id: "hall", state: ["online": true, "status": "SUCCESS", "on": true]),
        Case(
            label: "DimmableLight",
            id: "desk",
            state: ["online": true, "status": "SUCCESS", "on": false, "brightness": 50]
        ),
        Case(
            label: "ColorTemperatureLight",
            id: "reading",
            state: ["online": true, "status": "SUCCESS", "on": true, "brightness": 71, "color": ["temperatureK": 4000]]
        ),
        Case(
            label: "ExtendedColorLight in ColorMode 0",
            id: "ceiling",
            state: [
                "online": true, "status": "SUCCESS", "on": true, "brightness": 100,
                "color": ["spectrumHsv": ["hue": 180, "saturation": 1, "value": 1]],
            ]
        ),
        Case(
            label: "ExtendedColorLight in ColorMode 2",
            id: "strip",
            state: [
                "online": true, "status": "SUCCESS", "on": false, "brightness": 50, "color": ["temperatureK": 2500],
            ]
        ),
        Case(label: "OnOffPlugInUnit", id: "plug", state: ["online": true, "status": "SUCCESS", "on": false]),
        Case(
            label: "OnOffPlugInUnit + DimmableLight",
            id: "combo",
            state: ["online": true, "status": "SUCCESS", "on": true, "brightness": 25]
        ),
    ])
    func fullStatePerDeviceType(_ expected: Case) throws {
        let fulfillment = try TestFulfillment()
        #expect(try fulfillment.query(expected.id) == expected.state)
    }

    @Test func answersEveryRequestedIdKeyedById() throws {
        let fulfillment = try TestFulfillment()
        let reply = try fulfillment.send(GoogleRequest.query(["hall", "nope", "porch", "bob-lamp"], requestId: "q-7"))
        #expect(reply.status == 200)
        let expected: JSONValue = [
            "requestId": "q-7",
            "payload": [
                "devices": [
                    "hall": ["online": true, "status": "SUCCESS", "on": true],
                    "nope": Self.notFound,
                    "porch": Self.offline,
                    "bob-lamp": Self.notFound,
                ]
            ],
        ]
        #expect(reply.body == expected)
    }

    @Test func unknownIdIsDeviceNotFoundWithoutState() throws {
        let fulfillment = try TestFulfillment()
        #expect(try fulfillment.query("no-such-device") == Self.notFound)
    }

    @Test func anotherUsersDeviceIsDeviceNotFound() throws {
        let fulfillment = try TestFulfillment()
        #expect(try fulfillment.query("bob-lamp", as: Fixtures.alice) == Self.notFound)
        #expect(
            try fulfillment.query("bob-lamp", as: Fixtures.bob)
                == ["online": true, "status": "SUCCESS", "on": true, "brightness": 100]
        )
    }

    /// Both users have a device called `desk`: each sees their own.
    @Test func sameIdForTwoUsersAnswersTheCallersDevice() throws {
        let fulfillment = try TestFulfillment()
        #expect(try fulfillment.query("desk", as: Fixtures.alice)?["brightness"] == 50)
        #expect(try fulfillment.query("desk", as: Fixtures.bob)?["brightness"] == 100)
    }

    @Test func offlineDeviceIsDeviceOfflineWithoutState() throws {
        let fulfillment = try TestFulfillment()
        #expect(try fulfillment.query("porch") == Self.offline)
    }

    @Test func emptyDeviceListAnswersEmptyObject() throws {
        let fulfillment = try TestFulfillment()
        #expect(try fulfillment.query([]) == [:])
    }

    @Test func everyDeviceOfTheHomeAtOnce() throws {
        let fulfillment = try TestFulfillment()
        let ids = ["hall", "desk", "reading", "ceiling", "strip", "plug", "porch", "combo"]
        let devices = try #require(try fulfillment.query(ids)?.objectValue)
        #expect(Set(devices.keys) == Set(ids))
        #expect(devices.count == ids.count)
    }
}
