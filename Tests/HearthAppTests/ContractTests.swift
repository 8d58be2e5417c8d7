import Foundation
import HearthTestSupport
import JSON
import Testing

/// One recorded intent from `shared/intents/`, adapted to equivalent Matter devices (see each file's `note`).
struct IntentFixture: CustomTestStringConvertible, Sendable {
    let name: String
    let json: JSONValue

    var testDescription: String { name }

    static let all: [IntentFixture] = {
        guard
            let directory = Bundle.module.url(forResource: "Fixtures", withExtension: nil)?
                .appendingPathComponent("Intents")
        else { return [] }
        let files = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return files.filter { $0.hasSuffix(".json") }.sorted().compactMap { file in
            guard let data = FileManager.default.contents(atPath: directory.appendingPathComponent(file).path),
                let json = try? JSONParser.parse(Array(data))
            else { return nil }
            return IntentFixture(name: String(file.dropLast(5)), json: json)
        }
    }()
}

/// Replays every recorded intent through the real listener and compares the decoded answer with the recorded
/// one (as JSON values: member order and number spelling do not matter; nothing else may differ).
struct ContractTests {
    @Test func fixturesAreThere() {
        #expect(IntentFixture.all.count >= 18)
    }

    @Test(arguments: IntentFixture.all)
    func replay(_ fixture: IntentFixture) async throws {
        let devices = try #require(fixture.json["devices"])
        let user = try #require(devices["users"]?.arrayValue?.first?["agentUserId"]?.stringValue)
        let hearth = try TestHearth(devices: devices.description)
        defer { hearth.shutdown() }
        let token = try hearth.token(for: user)
        let request = try #require(fixture.json["request"])
        let response = try await hearth.intent(request.description, token: token)
        #expect(response.status == fixture.json["expectedStatus"]?.intValue)
        let answer = try #require(response.json)
        #expect(answer == fixture.json["response"], "\(fixture.name): got \(answer)")

        if let after = fixture.json["after"] {
            if after["tokenRevoked"] == true {
                let again = try await hearth.intent(TestHomes.sync, token: token)
                #expect(again.status == 401)
                let fresh = try hearth.token(for: user)
                let sync = try await hearth.intent(TestHomes.sync, token: fresh)
                #expect(sync.json?["payload"]?["devices"]?.arrayValue?.isEmpty == false, "devices stay")
            }
            if let ids = after["query"]?.arrayValue?.compactMap(\.stringValue),
                let expected = after["expectState"]?.objectValue
            {
                let query = try await hearth.intent(TestHomes.query(ids), token: token)
                for (id, states) in expected {
                    for (key, value) in states.objectValue ?? JSONObject() {
                        #expect(query.json?["payload"]?["devices"]?[id]?[key] == value, "\(id).\(key) after EXECUTE")
                    }
                }
            }
        }
    }
}
