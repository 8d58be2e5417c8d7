import HearthApp
import HearthTestSupport
import Testing

/// `hearth devices set`'s assignments, parsed in the app layer before any registry is opened.
struct DeviceStateUpdateTests {
    @Test func theUpdateReadsAsItWasWritten() throws {
        let update = try DeviceStateUpdate(
            assignments: ["OnOff.OnOff=true", "LevelControl.CurrentLevel=128"],
            online: false,
            endpoint: 1
        )
        #expect(update.description == "OnOff.OnOff=true LevelControl.CurrentLevel=128 offline")
        #expect(update.online == false && update.endpoint == 1)
        #expect(try DeviceStateUpdate(assignments: [], online: true).description == "online")
    }

    @Test(arguments: ["OnOff", "Nothing.OnOff=true", "OnOff.OnOff=maybe"])
    func anAssignmentThatDoesNotParseIsAUsageError(assignment: String) {
        #expect(throws: CommandFailure.self) { try DeviceStateUpdate(assignments: [assignment]) }
        #expect(failureStatus { _ = try DeviceStateUpdate(assignments: [assignment]) } == .usage)
    }
}
