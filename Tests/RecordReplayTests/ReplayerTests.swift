import RecordReplay
import Testing

/// ``Replayer`` without a deployment (against live servers: the app's `ReplayTests`).
struct ReplayerTests {
    @Test func aBadURLIsAUsageError() {
        let error = #expect(throws: RecordReplayError.self) { try Replayer(url: "ftp://x", token: "t") }
        #expect(error?.code == .invalidURL)
    }
}
