import HearthTestSupport
import Logging
import RecordReplay
import Testing

/// ``FulfillmentRecorder`` on its own (through the real listener: the app's `FulfillmentRecorderTests`).
struct FulfillmentRecorderTests {
    static let logger = Logger(label: "recorder-test", factory: { _ in SwiftLogNoOpLogHandler() })

    @Test func aDirectoryThatIsAFileIsRefusedAtStart() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = try directory.write("file", "x")
        let error = #expect(throws: RecordReplayError.self) {
            try FulfillmentRecorder(options: RecordingOptions(directory: file), logger: Self.logger)
        }
        #expect(error?.code == .unusableDirectory)
    }
}
