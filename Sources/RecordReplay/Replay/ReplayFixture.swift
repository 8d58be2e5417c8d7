import Foundation
import JSON

/// One recorded intent to replay: a fixture file's `request`, `expectedStatus` (200 when absent) and `response`,
/// as `hearth serve --record` writes them and as the project's `Tests/HearthAppTests/Fixtures/Intents/` and Google's
/// examples spell them. Other members (`devices`, `after`, `source`, `note`) are not used.
public struct ReplayFixture: Sendable {
    /// The file's name without `.json`.
    public var name: String
    /// The file's path.
    public var path: String
    /// The request body to send.
    public var request: JSONValue
    /// The recorded HTTP status.
    public var expectedStatus: Int
    /// The recorded answer.
    public var response: JSONValue

    /// Creates a fixture.
    public init(name: String, path: String, request: JSONValue, expectedStatus: Int, response: JSONValue) {
        self.name = name
        self.path = path
        self.request = request
        self.expectedStatus = expectedStatus
        self.response = response
    }

    /// What a file holds: a fixture, or why it is not one to replay (an example of a HomeGraph call).
    public enum Contents: Sendable {
        case fixture(ReplayFixture)
        case notAnIntent(name: String, reason: String)
    }

    /// Reads one file.
    ///
    /// - Throws: ``RecordReplayError`` `.unreadable` when it cannot be read, `.notJSON` when it is not JSON.
    public static func load(path: String) throws -> Contents {
        let name = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
        guard let data = FileManager.default.contents(atPath: path) else {
            throw RecordReplayError(.unreadable, "cannot read the recording \(path)")
        }
        let json: JSONValue
        do {
            json = try JSONParser.parse(Array(data))
        } catch {
            throw RecordReplayError(.notJSON, "\(path) is not JSON: \(error)")
        }
        guard let request = json["request"], request["inputs"]?.arrayValue != nil else {
            return .notAnIntent(name: name, reason: "no request with inputs (not a fulfillment intent)")
        }
        guard let response = json["response"] else {
            return .notAnIntent(name: name, reason: "no recorded response")
        }
        let status = json["expectedStatus"]?.intValue ?? 200
        return .fixture(
            ReplayFixture(name: name, path: path, request: request, expectedStatus: status, response: response)
        )
    }

    /// The `.json` files named: a file as given, a directory's files (not its subdirectories) sorted by name, which
    /// is recording order for `hearth serve --record`'s files.
    ///
    /// - Throws: ``RecordReplayError`` `.unreadable` for a path that does not exist or a directory that cannot be listed.
    public static func files(_ paths: [String]) throws -> [String] {
        var files: [String] = []
        for path in paths {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw RecordReplayError(.unreadable, "no such file or directory: \(path)")
            }
            if isDirectory.boolValue {
                let names: [String]
                do {
                    names = try FileManager.default.contentsOfDirectory(atPath: path)
                } catch {
                    throw RecordReplayError(.unreadable, "cannot list \(path): \(error.localizedDescription)")
                }
                let directory = URL(fileURLWithPath: path, isDirectory: true)
                files += names.filter { $0.hasSuffix(".json") && !$0.hasPrefix(".") }.sorted()
                    .map { directory.appendingPathComponent($0).path }
            } else {
                files.append(path)
            }
        }
        return files
    }
}
