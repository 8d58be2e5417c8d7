import DeviceAPI
import Testing

@Suite struct DeviceAPIPrefixTests {
    @Test func everyRouteLivesUnderV1() {
        #expect(DeviceAPI.pathPrefix == "/v1/")
    }
}
