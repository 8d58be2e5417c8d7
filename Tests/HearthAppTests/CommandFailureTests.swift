import HearthApp
import Testing

/// `CommandFailure(error)`: the exit status and message each lower-layer failure means for `hearth`, in process
/// (`CLIExitCodeTests` runs the commands).
struct CommandFailureTests {
    struct Unexpected: Error {}

    @Test func aCommandFailureIsKeptAsItIs() {
        let failure = CommandFailure(.noUser, "no user")
        let mapped = CommandFailure(failure as any Error)
        #expect(mapped.status == .noUser)
        #expect(mapped.message == "no user")
    }

    @Test func aConfigurationErrorIsAConfigurationFailure() {
        let mapped = CommandFailure(ConfigurationError("http.port = 70000 is outside 0…65535"))
        #expect(mapped.status == .configuration)
        #expect(mapped.message == "http.port = 70000 is outside 0…65535")
    }

    @Test func deviceFileErrorsAreNoInputOrDataErrors() {
        let unreadable = DeviceFileError(
            code: .unreadable,
            path: "x.json",
            message: "the device file x.json does not exist"
        )
        #expect(CommandFailure(unreadable).status == .noInput)
        let invalid = DeviceFileError(code: .invalid, path: "x.json", message: "x.json: bad")
        #expect(CommandFailure(invalid).status == .dataError)
        #expect(CommandFailure(invalid).message == "x.json: bad")
    }

    @Test func recordReplayErrorsKeepTheirStatuses() {
        let cases: [(RecordReplayError.Code, HearthApp.ExitStatus)] = [
            (.unusableDirectory, .configuration), (.unreadable, .noInput), (.notJSON, .dataError),
            (.invalidURL, .usage),
        ]
        for (code, status) in cases {
            let mapped = CommandFailure(RecordReplayError(code, "message of \(code)"))
            #expect(mapped.status == status, "\(code)")
            #expect(mapped.message == "message of \(code)")
        }
    }

    @Test func anythingElseIsAnInternalErrorToReport() {
        let mapped = CommandFailure(Unexpected())
        #expect(mapped.status == .software)
        #expect(mapped.message.hasSuffix("(an internal error; please report it)"))
    }
}
