import HearthTestSupport
import HearthTesting
import RecordReplay
import Testing

/// ``Replayer``: its usage errors, and a deployment that does not answer (against live `hearth serve` processes and
/// the project's fixtures: the app's `ReplayTests`).
struct ReplayerTests {
    @Test func aBadURLIsAUsageError() {
        let error = #expect(throws: RecordReplayError.self) { try Replayer(url: "ftp://x", token: "t") }
        #expect(error?.code == .invalidURL)
    }

    @Test func anUnreachableDeploymentIsNotAMismatch() async throws {
        // A port nothing listens on: a server started and stopped.
        let hearth = try InProcessHearth(devices: .json(TestHomes.twoUsers))
        let port = hearth.port
        hearth.stop()
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = try directory.write(
            "a.json",
            #"{"request":\#(TestHomes.sync),"response":{"requestId":"s","payload":{}}}"#
        )
        let summary = try await Replayer(url: "http://127.0.0.1:\(port)", token: "t").run(files: [file, file])
        #expect(summary.exitStatus == .unavailable)
        #expect(summary.results.count == 1, "stops at the first file without an answer")
    }
}
