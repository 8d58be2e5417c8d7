import HTTPMessages
import HTTPTypes
import HearthConfig
import HearthHTTP
import JSON
import Testing

/// ``EdgeConfiguration``: the bad-token throttle its settings describe.
struct EdgeConfigurationTests {
    @Test func trustedProxiesMustBeAddresses() throws {
        var values = ConfigValues()
        try values.set("http.trustedProxies", "127.0.0.1, 10.0.0.2", source: "test")
        #expect(throws: Never.self) { try EdgeConfiguration(values).makeAuthFailureThrottle() }
        try values.set("http.trustedProxies", "", source: "test")
        #expect(throws: Never.self) { try EdgeConfiguration(values).makeAuthFailureThrottle() }
        // IPv6 (a listener on ::1 behind nginx): written any way, matched in the canonical form peers are named in.
        try values.set("http.trustedProxies", "0:0:0:0:0:0:0:1", source: "test")
        let throttle = try EdgeConfiguration(values).makeAuthFailureThrottle()
        let proxied = Request(
            method: .post,
            target: "/fulfillment",
            headerFields: [.xForwardedFor: "203.0.113.5"],
            remoteAddress: "::1"
        )
        #expect(throttle.client(of: proxied) == "203.0.113.5")
        try values.set("http.trustedProxies", "nginx.local", source: "test")
        let error = #expect(throws: ConfigurationError.self) { try EdgeConfiguration(values).makeAuthFailureThrottle() }
        #expect(error?.message.contains("nginx.local") == true)
    }
}
