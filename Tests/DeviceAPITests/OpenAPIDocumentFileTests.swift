import DeviceAPI
import Foundation
import HTTPMessages
import HTTPTypes
import JSON
import Testing

/// The document is the checked-in file: what the module holds and what `GET /v1/openapi.json` answers are, byte for
/// byte, `Sources/DeviceAPI/openapi.json` (compiled in by `EmbedJSONPlugin`), and that file is JSON as a person must
/// write it (no name twice in one object, no byte order mark).
struct OpenAPIDocumentFileTests {
    /// `Sources/DeviceAPI/openapi.json`, found from this file's place in the repository.
    static let file = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()
        .deletingLastPathComponent()
        .deletingLastPathComponent()
        .appendingPathComponent("Sources/DeviceAPI/openapi.json")

    static func fileBytes() throws -> [UInt8] {
        Array(try Data(contentsOf: file))
    }

    @Test func theModuleHoldsTheCheckedInFile() throws {
        let bytes = try Self.fileBytes()
        #expect(bytes.count > 10_000)
        #expect(Array(OpenAPIDocument.json.utf8) == bytes)
    }

    @Test func getServesTheCheckedInFileAsToday() throws {
        let file = try Self.fileBytes()
        try RouterDocumentAgreementTests.withRouter { router, key in
            let answer = router.respond(
                to: Request(method: .get, target: "/v1/openapi.json", headerFields: [.authorization: "Bearer \(key)"])
            )
            #expect(answer.status == .ok)
            // Only the media type: no caching headers, as before the document was a file.
            #expect(answer.headerFields == [.contentType: "application/json"])
            #expect(answer.body == file)
        }
    }

    @Test func theFileIsStrictJSON() throws {
        let strict = JSONParser.Options(duplicateKeys: .refuse, byteOrderMark: .refuse, numbers: .lossless)
        let document = try JSONParser.parse(try Self.fileBytes(), options: strict)
        #expect(document["openapi"]?.stringValue == "3.1.0")
    }
}
