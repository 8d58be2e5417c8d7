import Fulfillment
import JSON
import SmartHomeProtocol
import Testing

struct OnOffTraitTests {
    typealias G = GoogleRequest

    /// Every device type has OnOff; the answer holds only the OnOff state and `online`.
    @Test(arguments: [
        ("hall", true, false),
        ("desk", false, true),
        ("reading", true, false),
        ("ceiling", true, false),
        ("plug", false, true),
        ("combo", true, false),
    ])
    func onOffSwitchesEveryDeviceType(id: String, before: Bool, after: Bool) throws {
        let fulfillment = try TestFulfillment()
        #expect(try fulfillment.query(id)?["on"] == .bool(before))
        let results = try fulfillment.execute(G.group([id], G.onOff(after)))
        #expect(
            results == [["ids": [.string(id)], "status": "SUCCESS", "states": ["on": .bool(after), "online": true]]]
        )
        #expect(try fulfillment.query(id)?["on"] == .bool(after))
    }

    /// Switching to the state the device is already in is still a success.
    @Test func onWhenAlreadyOnSucceeds() throws {
        let fulfillment = try TestFulfillment()
        let results = try fulfillment.execute(G.group(["hall"], G.onOff(true)))
        #expect(results == [["ids": ["hall"], "status": "SUCCESS", "states": ["on": true, "online": true]]])
    }

    @Test func otherStatesAreLeftAsTheyWere() throws {
        let fulfillment = try TestFulfillment()
        _ = try fulfillment.execute(G.group(["reading"], G.onOff(false)))
        #expect(
            try fulfillment.query("reading")
                == [
                    "online": true, "status": "SUCCESS", "on": false, "brightness": 71, "color": ["temperatureK": 4000],
                ]
        )
    }
}
