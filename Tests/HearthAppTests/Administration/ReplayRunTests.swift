import Foundation
import HearthApp
import HearthTestSupport
import Testing

/// `hearth replay`'s work in the app layer, as far as it goes without a deployment: what it refuses before
/// anything is sent, and the JUnit report of a run.
struct ReplayRunTests {
    @Test func ignoredPlacesAreJSONPaths() {
        #expect(ReplayRun.isJSONPath("$.payload.devices[*].deviceInfo"))
        for malformed in ["$.payload..devices", "$.devices[", ""] {
            #expect(!ReplayRun.isJSONPath(malformed), "\(malformed)")
        }
    }

    @Test func aURLThatIsNotHTTPIsAUsageError() {
        #expect(failureStatus { _ = try ReplayRun(url: "ftp://example.com", token: "t") } == .usage)
    }

    @Test func aMissingFixtureIsRefusedBeforeAnythingIsSent() async throws {
        let scratch = try AdministrationScratch()
        defer { scratch.remove() }
        // Port 1 refuses: were anything sent, the run would end `unavailable`, not fail.
        let replay = try ReplayRun(url: "http://127.0.0.1:1", token: "t")
        do {
            _ = try await replay.run(paths: [scratch.directory.path("missing.json")])
            Issue.record("a missing fixture was not refused")
        } catch {
            #expect(CommandFailure(error).status == .noInput, "\(error)")
        }
    }

    @Test func anEmptyRunPassesAndWritesItsReport() async throws {
        let scratch = try AdministrationScratch()
        defer { scratch.remove() }
        var progress: [String] = []
        let outcome = try await ReplayRun(url: "http://127.0.0.1:1", token: "t").run(paths: []) { progress.append($0) }
        #expect(progress.isEmpty)
        #expect(outcome.status == .success)
        #expect(outcome.line == "0 passed, 0 failed, 0 skipped, 0 unreachable")
        let report = scratch.directory.path("junit.xml")
        try outcome.writeJUnitReport(to: report)
        #expect(try String(contentsOfFile: report, encoding: .utf8).contains("<testsuite"))
        let unwritable = scratch.directory.path("no-such-directory/junit.xml")
        #expect(failureStatus { try outcome.writeJUnitReport(to: unwritable) } == .ioError)
    }
}
