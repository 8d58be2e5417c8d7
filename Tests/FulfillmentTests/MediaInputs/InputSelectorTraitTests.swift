import JSON
import MatterModel
import PropertyBased
import SmartHomeProtocol
import Testing

@testable import Fulfillment

/// InputSelector from Media Input: the inputs Google hears (keys, synonyms, order), `currentInput`, SetInput and
/// next/previous (wrapping round) as `MediaInput.SelectInput`, the errors, and what the SYNC validator says.
struct InputSelectorTraitTests {
    /// `InputInfoStruct {Index, InputType, Name, Description}`.
    static func input(_ index: Int, type: Int, _ name: String, _ description: String = "") -> AttributeValue {
        .structure([
            "Index": .int(index), "InputType": .int(type), "Name": .string(name), "Description": .string(description),
        ])
    }

    /// A TV with two HDMI inputs (listed out of order), a USB input and an antenna, on HDMI 1.
    static func tv(current: Int = 1, inputs: [AttributeValue]? = nil) -> Endpoint {
        let list =
            inputs ?? [
                input(2, type: 4, "HDMI 2", "Game console"), input(1, type: 4, "HDMI 1", "DVD player"),
                input(3, type: 10, "USB"), input(0, type: 0, "TV", "Antenna"),
            ]
        return Endpoint(
            deviceTypes: [.BasicVideoPlayer],
            clusters: [.MediaInput: ClusterState(["InputList": .list(list), "CurrentInput": .int(current)])]
        )
    }

    static func run(_ command: Command, _ params: JSONValue = [:], on endpoint: inout Endpoint) throws(CommandError) {
        try InputSelectorTrait.execute(
            command,
            CommandParameters(params: object(params), command: command),
            on: &endpoint,
            mode: .strict
        )
    }

    /// The object `value` is (an empty one otherwise).
    static func object(_ value: JSONValue) -> JSONObject { value.objectValue ?? JSONObject() }

    static func currentInput(_ endpoint: Endpoint) -> JSONValue? {
        var states = JSONObject()
        InputSelectorTrait.states(of: endpoint, into: &states)
        return states["currentInput"]
    }

    // MARK: - SYNC and QUERY

    @Test func inputsAreListedByIndexWithNameDescriptionAndDefaultName() {
        var attributes = JSONObject()
        InputSelectorTrait.attributes(of: Self.tv(), into: &attributes)
        #expect(
            .object(attributes) == [
                "availableInputs": [
                    ["key": "input-0", "names": [["lang": "en", "name_synonym": ["TV", "Antenna", "internal 1"]]]],
                    ["key": "input-1", "names": [["lang": "en", "name_synonym": ["HDMI 1", "DVD player"]]]],
                    ["key": "input-2", "names": [["lang": "en", "name_synonym": ["HDMI 2", "Game console"]]]],
                    ["key": "input-3", "names": [["lang": "en", "name_synonym": ["USB", "USB 1"]]]],
                ],
                "orderedInputs": true,
            ]
        )
        let google: JSONValue = [
            "id": "tv", "type": "action.devices.types.TV", "traits": ["action.devices.traits.InputSelector"],
            "name": ["name": "TV"], "willReportState": false, "attributes": .object(attributes),
        ]
        #expect(SyncValidator.violations(in: google.objectValue ?? JSONObject()) == [])
    }

    @Test func aNamelessInputIsCalledByItsTypeAndARepeatedIndexIsDropped() {
        let entries = MediaInputEntry.entries(fromInputList: [
            Self.input(5, type: 4, " "), Self.input(5, type: 7, "Optical"), Self.input(6, type: 11, ""),
            .structure(["Name": .string("no index")]), .int(3),
        ])
        #expect(
            entries == [
                MediaInputEntry(index: 5, synonyms: ["HDMI 1"]), MediaInputEntry(index: 6, synonyms: ["input 6"]),
            ]
        )
    }

    @Test func aSingleInputIsNotOrderedAndNoInputListStillSyncs() {
        var attributes = JSONObject()
        InputSelectorTrait.attributes(
            of: Self.tv(current: 0, inputs: [Self.input(0, type: 0, "TV")]),
            into: &attributes
        )
        #expect(attributes["orderedInputs"] == false)
        var empty = JSONObject()
        InputSelectorTrait.attributes(of: Endpoint(deviceTypes: [.BasicVideoPlayer]), into: &empty)
        #expect(.object(empty) == ["availableInputs": [], "orderedInputs": false])
    }

    @Test func currentInputIsTheKeyOfCurrentInputOrLeftOut() {
        #expect(Self.currentInput(Self.tv(current: 2)) == "input-2")
        #expect(Self.currentInput(Self.tv(current: 9)) == nil)
    }

    /// The validator refuses what Google would: an input without names, names without an English entry.
    @Test func theValidatorJudgesInputs() {
        func violations(_ attributes: JSONValue) -> [String] {
            let google: JSONValue = [
                "id": "tv", "type": "action.devices.types.TV", "traits": ["action.devices.traits.InputSelector"],
                "name": ["name": "TV"], "willReportState": false, "attributes": attributes,
            ]
            return SyncValidator.violations(in: google.objectValue ?? JSONObject()).map(\.path)
        }
        #expect(violations(["orderedInputs": true]) == ["attributes.availableInputs"])
        #expect(violations(["availableInputs": [["key": "a"]]]) == ["attributes.availableInputs[0].names"])
        #expect(
            violations(["availableInputs": [["key": "a", "names": [["lang": "de", "name_synonym": ["Eins"]]]]]])
                == ["attributes.availableInputs[0].names"]
        )
    }

    // MARK: - EXECUTE

    @Test func setInputSelectsTheIndexAndIsSelectInput() throws {
        let before = Self.tv()
        var tv = before
        try Self.run(.setInput, ["newInput": "input-3"], on: &tv)
        #expect(tv.cluster(.MediaInput)["CurrentInput"] == .int(3))
        #expect(Self.currentInput(tv) == "input-3")
        #expect(
            MatterCommandDescription.describe(
                .setInput,
                params: Self.object(["newInput": "input-3"]),
                before: before,
                after: tv
            )
                == [
                    MatterCommandDescription(
                        command: "MediaInput.SelectInput",
                        arguments: Self.object(["Index": 3]),
                        changed: Self.object(["MediaInput": ["CurrentInput": 3]])
                    )
                ]
        )
        // The input in use again: still sent to the device, nothing changed.
        var same = tv
        try Self.run(.setInput, ["newInput": "input-3"], on: &same)
        #expect(
            MatterCommandDescription.describe(
                .setInput,
                params: Self.object(["newInput": "input-3"]),
                before: tv,
                after: same
            )
            .map(\.command) == ["MediaInput.SelectInput"]
        )
    }

    @Test func nextAndPreviousStepInIndexOrderAndWrapRound() throws {
        var tv = Self.tv(current: 3)
        try Self.run(.nextInput, on: &tv)
        #expect(tv.cluster(.MediaInput)["CurrentInput"] == .int(0))
        try Self.run(.previousInput, on: &tv)
        #expect(tv.cluster(.MediaInput)["CurrentInput"] == .int(3))
        try Self.run(.previousInput, on: &tv)
        #expect(tv.cluster(.MediaInput)["CurrentInput"] == .int(2))
        let before = tv
        try Self.run(.nextInput, on: &tv)
        #expect(
            MatterCommandDescription.describe(.nextInput, before: before, after: tv).map(\.arguments)
                == [Self.object(["Index": 3])]
        )
        // From an unlisted input: next is the first, previous the last.
        var lost = Self.tv(current: 42)
        try Self.run(.nextInput, on: &lost)
        #expect(lost.cluster(.MediaInput)["CurrentInput"] == .int(0))
        lost = Self.tv(current: 42)
        try Self.run(.previousInput, on: &lost)
        #expect(lost.cluster(.MediaInput)["CurrentInput"] == .int(3))
    }

    /// Stepping forward n times and back n times returns to the start, and n steps of a list of n come round.
    @Test func nextThenPreviousComeBack() async {
        await propertyCheck(count: 300, input: Gen.int(in: 0...(12 * 12 * 30 - 1))) { seed in
            let count = seed % 12 + 1
            let start = seed / 12 % count
            let steps = seed / 144
            let inputs = (0..<count).map { Self.input($0 * 3, type: 4, "in \($0)") }
            var tv = Self.tv(current: start * 3, inputs: inputs)
            do {
                for _ in 0..<steps { try Self.run(.nextInput, on: &tv) }
                #expect(tv.cluster(.MediaInput)["CurrentInput"] == .int((start + steps) % count * 3))
                for _ in 0..<steps { try Self.run(.previousInput, on: &tv) }
                #expect(tv.cluster(.MediaInput)["CurrentInput"] == .int(start * 3))
            } catch {
                Issue.record("stepping failed: \(error)")
            }
        }
    }

    @Test func unknownInputsMissingParamsAndNoInputsAreRefused() {
        var tv = Self.tv()
        #expect(throws: CommandError.self) { try Self.run(.setInput, ["newInput": "input-7"], on: &tv) }
        for params: JSONValue in [["newInput": "input-7"], ["newInput": 1], [:]] {
            do {
                try Self.run(.setInput, params, on: &tv)
                Issue.record("\(params) was accepted")
            } catch {
                #expect(error.code == .notSupported)
            }
        }
        var bare = Endpoint(deviceTypes: [.BasicVideoPlayer], clusters: [.MediaInput: ClusterState()])
        do {
            try Self.run(.nextInput, on: &bare)
            Issue.record("next input without inputs was accepted")
        } catch {
            #expect(error.code == .notSupported)
        }
        #expect(tv == Self.tv())
    }
}
