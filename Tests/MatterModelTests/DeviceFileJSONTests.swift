import Testing

@testable import MatterModel

/// How a device file's JSON is read (``JSON/JSONParser/Options/deviceFile``), as the user sees it.
struct DeviceFileJSONTests {
    @Test func aByteOrderMarkIsSkipped() throws {
        let text = deviceFile(kitchenCeiling)
        #expect(try DeviceFile.parse([0xEF, 0xBB, 0xBF] + Array(text.utf8)) == DeviceFile.parse(text))
    }

    @Test func invalidUTF8IsNamedWithItsLineColumnAndByteOffset() {
        let bytes = Array("{\"users\":\n \"x".utf8) + [0xFF] + Array("\"}".utf8)
        let error = #expect(throws: DeviceFileError.self) { try DeviceFile.parse(bytes) }
        #expect(error?.code == .malformedJSON)
        #expect(
            error?.message
                == "malformed JSON at line 2, column 4: invalid UTF-8 (byte 0xFF: a byte that never occurs in UTF-8)"
                + " at byte offset 13"
        )
    }

    @Test func otherMistakesNameTheirLineAndColumn() {
        let error = #expect(throws: DeviceFileError.self) { try DeviceFile.parse("{\n  \"users\": x}") }
        #expect(error?.message == "malformed JSON at line 2, column 12: unexpected 'x', expected a value")
    }
}
