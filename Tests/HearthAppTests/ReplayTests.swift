import Foundation
import HearthApp
import HearthTestSupport
import JSON
import Testing

/// `hearth replay` against live servers: the project's own fixtures replay clean, and a real `hearth serve
/// --record` round trip passes, then fails with a diff naming the path once a device changed. (The replayer against
/// an in-process Hearth: `RecordReplayTests`.)
struct ReplayTests {
    /// Every fixture of `Fixtures/Intents/`, replayed from its file by ``Replayer`` against a server holding the
    /// fixture's devices.
    @Test(arguments: IntentFixture.all)
    func theProjectsFixturesReplay(_ fixture: IntentFixture) async throws {
        let devices = try #require(fixture.json["devices"])
        let user = try #require(devices["users"]?.arrayValue?.first?["agentUserId"]?.stringValue)
        let hearth = try TestHearth(devices: devices.description)
        defer { hearth.shutdown() }
        let file = try #require(
            Bundle.module.url(forResource: "Fixtures", withExtension: nil)?
                .appendingPathComponent("Intents/\(fixture.name).json").path
        )
        let replayer = try Replayer(url: "http://127.0.0.1:\(hearth.port)", token: try hearth.token(for: user))
        let summary = try await replayer.run(files: [file])
        #expect(summary.results.count == 1)
        #expect(summary.exitStatus == .success, "\(summary.results.map(\.text))")
    }

    @Test func junitEscapesAndCounts() throws {
        let xml = JUnitReport.xml([
            ReplayResult(name: "a<&>", outcome: .passed, seconds: 0.0012),
            ReplayResult(
                name: "b",
                outcome: .failed([ReplayDifference(location: "$.x", expected: "<1>", actual: "\"2\"")]),
                seconds: 1.5
            ),
            ReplayResult(name: "c", outcome: .skipped("not an intent"), seconds: 0),
        ])
        let parsed = try Self.parseJUnit(xml)
        #expect(parsed == ["3 1 0 1", "a<&> pass", #"b fail $.x: expected "<1>", got "\"2\"""#, "c skip"])
    }

    /// Parses JUnit XML with Python's XML parser (python3 is on every CI machine): `tests failures errors skipped`,
    /// then `name pass|fail TEXT|error|skip` per test case.
    static func parseJUnit(_ xml: String) throws -> [String] {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = try directory.write("junit.xml", xml)
        let script = """
            import sys, xml.etree.ElementTree as E
            root = E.parse(sys.argv[1]).getroot()
            assert root.tag == "testsuites"
            print(root.get("tests"), root.get("failures"), root.get("errors"), root.get("skipped"))
            for case in root.iter("testcase"):
                failure = case.find("failure")
                if failure is not None: print(case.get("name"), "fail", failure.text)
                elif case.find("error") is not None: print(case.get("name"), "error")
                elif case.find("skipped") is not None: print(case.get("name"), "skip")
                else: print(case.get("name"), "pass")
            """
        let result = try ChildProcess.run("/usr/bin/env", ["python3", "-c", script, file])
        guard result.termination.succeeded else { throw HarnessError("python3 could not parse:\n\(xml)\n\(result)") }
        return result.stdoutText.split(separator: "\n").map(String.init)
    }

    /// Record a few intents with the real `hearth serve --record`, replay them with the real `hearth replay`
    /// against a second run on the same database (0, JUnit all passing), change a device with `hearth devices set`,
    /// replay again (1, the diff names the attribute's path).
    @Test func recordReplayAndCatchAChangedDevice() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let database = directory.path("hearth.sqlite")
        let recorded = directory.path("recorded")
        // A home of its own, so that its PIN (8642) appears nowhere else in the answers.
        let seed = try directory.write("home.json", Self.home)
        let environment = [
            "HEARTH_DATABASE_CACHE_REVALIDATION_MILLISECONDS": "0",
            "HEARTH_DEVICES_SEED_FILE": seed,
        ]
        let recording = try await ServerProcess(
            ["--database", database, "--record", recorded],
            in: RepositoryRoot.url,
            environment: environment
        )
        defer { recording.kill() }
        let issued = try HearthCLI.run(
            ["token", "issue", "--user", "rec-user", "--database", database],
            in: directory.url
        )
        let token = try #require(issued.lines.last)
        for intent in [
            TestHomes.sync,
            TestHomes.execute(["dimmer"], command: "OnOff", params: #"{"on":true}"#),
            TestHomes.query(["dimmer"]),
            Self.pinExecute(Self.pin, requestId: "pin"),
        ] {
            let answer = try await recording.intent(intent, token: token)
            #expect(answer.status == 200, "\(answer.text)")
        }
        // A graceful stop writes what is queued.
        #expect(recording.stop()?.status == 0, "\(recording.stderr)")
        let files = try FileManager.default.contentsOfDirectory(atPath: recorded).filter { $0.hasSuffix(".json") }
        #expect(files.count == 4)
        for file in files {
            let text = String(
                decoding: FileManager.default.contents(atPath: "\(recorded)/\(file)") ?? Data(),
                as: UTF8.self
            )
            for secret in [token, Self.pin, "Bearer"] {
                #expect(!text.contains(secret), "\(file) holds \(secret)")
            }
        }

        // The second run records too, into another directory: the replay's own requests are not recorded there.
        let rerecorded = directory.path("rerecorded")
        let server = try await ServerProcess(
            ["--database", database, "--record", rerecorded],
            in: RepositoryRoot.url,
            environment: environment
        )
        defer { server.kill() }
        let junit = directory.path("junit.xml")
        let url = "http://127.0.0.1:\(server.port)"
        let passing = try HearthCLI.run(
            [
                "replay", recorded, "--url", url, "--token", token, "--pin", Self.pin, "--junit",
                junit,
            ],
            in: directory.url
        )
        #expect(passing.status == 0, "\(passing)")
        #expect(passing.lines.last == "4 passed, 0 failed, 0 skipped, 0 unreachable", "\(passing)")
        let report = try Self.parseJUnit(String(decoding: FileManager.default.contents(atPath: junit)!, as: UTF8.self))
        #expect(report.first == "4 0 0 0")
        #expect(report.dropFirst().allSatisfy { $0.hasSuffix(" pass") }, "\(report)")

        // The device changes behind the recording's back: its brightness, in Matter units (254 = 100 %, 127 = 50 %).
        let set = try HearthCLI.run(
            [
                "devices", "set", "--user", "rec-user", "--device", "dimmer",
                "LevelControl.CurrentLevel=127", "--database", database,
            ],
            in: directory.url
        )
        #expect(set.status == 0, "\(set)")
        let failing = try HearthCLI.run(
            [
                "replay", recorded, "--url", url, "--token", token, "--pin", Self.pin, "--junit",
                junit,
            ],
            in: directory.url
        )
        #expect(failing.status == 1, "\(failing)")
        #expect(failing.stdout.contains("FAIL "), "\(failing)")
        #expect(failing.stdout.contains("$.payload.devices.dimmer.brightness: expected 100, got 50"), "\(failing)")
        let failedReport = try Self.parseJUnit(
            String(decoding: FileManager.default.contents(atPath: junit)!, as: UTF8.self)
        )
        #expect(failedReport.first?.hasPrefix("4 ") == true && failedReport.first?.split(separator: " ")[1] != "0")

        // Without --pin the redacted PIN is sent: the plug answers as to a wrong PIN, and the diff says so.
        let noPin = try HearthCLI.run(["replay", recorded, "--url", url, "--token", token], in: directory.url)
        #expect(noPin.status == 1, "\(noPin)")
        #expect(noPin.stdout.contains("$.payload.commands[ids=plug].status: expected \"SUCCESS\""), "\(noPin)")
        // One intent that is not a replay is recorded; the three replays (12 requests) are not.
        _ = try await server.intent(TestHomes.sync, token: token)
        #expect(server.stop()?.status == 0)
        let rerecordedFiles = try FileManager.default.contentsOfDirectory(atPath: rerecorded)
        #expect(rerecordedFiles.count == 1, "\(rerecordedFiles)")
        #expect(rerecordedFiles.first?.hasSuffix("_sync.json") == true, "\(rerecordedFiles)")
    }

    /// The plug's PIN in ``home``.
    static let pin = "8642"

    /// EXECUTE turning the plug on with `pin`.
    static func pinExecute(_ pin: String, requestId: String) -> String {
        #"{"requestId":"\#(requestId)","inputs":[{"intent":"action.devices.EXECUTE","payload":{"commands":[{"devices":[{"id":"plug"}],"execution":[{"command":"action.devices.commands.OnOff","params":{"on":true},"challenge":{"pin":"\#(pin)"}}]}]}}]}"#
    }

    static let home = #"""
        {"users": [{"agentUserId": "rec-user", "devices": [
          {"id": "plug", "name": "Plug", "deviceTypes": ["OnOffPlugInUnit"], "challenge": {"pin": "8642"},
           "clusters": {"OnOff": {"OnOff": false}}},
          {"id": "dimmer", "name": "Dimmer", "deviceTypes": ["DimmableLight"],
           "clusters": {"OnOff": {"OnOff": false}, "LevelControl": {"CurrentLevel": 254}}}
        ]}]}
        """#

    @Test func replayCommandLineMistakes() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let missing = try HearthCLI.run(
            ["replay", directory.path("nothing"), "--url", "http://127.0.0.1:1", "--token", "t"],
            in: directory.url
        )
        #expect(missing.status == 66, "\(missing)")
        let bad = try directory.write("bad.json", "{not json")
        let notJSON = try HearthCLI.run(
            ["replay", bad, "--url", "http://127.0.0.1:1", "--token", "t"],
            in: directory.url
        )
        #expect(notJSON.status == 65, "\(notJSON)")
        let badIgnore = try HearthCLI.run(
            ["replay", bad, "--url", "http://127.0.0.1:1", "--token", "t", "--ignore", "a..b"],
            in: directory.url
        )
        #expect(badIgnore.status == 64, "\(badIgnore)")
        // A token is base64url and may begin with "-": it is still the value of --token (as is a PIN of --pin),
        // so the replay reads the file (and finds it is not JSON) instead of refusing the command line.
        let dashed = try HearthCLI.run(
            ["replay", bad, "--url", "http://127.0.0.1:1", "--token", "-x3Kf_9a", "--pin", "-1"],
            in: directory.url
        )
        #expect(dashed.status == 65, "\(dashed)")
    }
}
