import Testing

@testable import MicroHTTPD

struct ListenAddressTests {
    @Test(arguments: [
        ("127.0.0.1", ListenAddress.Family.ipv4, "127.0.0.1", "http://127.0.0.1:8080"),
        ("localhost", .ipv4, "127.0.0.1", "http://127.0.0.1:8080"),
        ("0.0.0.0", .ipv4, "0.0.0.0", "http://0.0.0.0:8080"),
        ("::1", .ipv6, "::1", "http://[::1]:8080"),
        ("::", .ipv6, "::", "http://[::]:8080"),
        ("[::1]", .ipv6, "::1", "http://[::1]:8080"),
        ("2001:db8::7", .ipv6, "2001:db8::7", "http://[2001:db8::7]:8080"),
    ])
    func parsesLiteralsAndWritesURLs(host: String, family: ListenAddress.Family, literal: String, url: String) throws {
        let address = try #require(ListenAddress(host))
        #expect(address.family == family)
        #expect(address.literal == literal)
        #expect(address.bytes.count == (family == .ipv4 ? 4 : 16))
        #expect(address.url(scheme: "http", port: 8080) == url)
    }

    @Test(arguments: ["example.com", "", "300.1.1.1", "fe80::1%lo", "[::1", "[]", "127.0.0.1:80", " 127.0.0.1"])
    func refusesWhatIsNotALiteral(host: String) {
        #expect(ListenAddress(host) == nil)
        #expect(ListenAddress.refusal(host).contains("::1"))
    }
}
