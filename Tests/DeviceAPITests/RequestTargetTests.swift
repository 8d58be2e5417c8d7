import DeviceAPI
import HearthTestSupport
import JSON
import Testing

/// Request targets written by hand on a raw socket to a real listener serving `/v1`: a NUL byte (or another control
/// byte) must never let a request act on a shorter path than the one it was sent with.
@Suite(.serialized) struct RequestTargetTests {
    /// Sends `head` (request line and headers, without the blank line) with the API key and `body`; the answer.
    private func send(_ api: TestDeviceAPI, _ head: String, body: String = "") throws -> RawHTTPClient.Response {
        let client = try RawHTTPClient(port: api.port, readTimeoutSeconds: 5)
        var request = head + "\r\nHost: t\r\nAuthorization: Bearer \(api.key)\r\n"
        if !body.isEmpty {
            request += "Content-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n"
        }
        try client.send(request + "\r\n" + body)
        return try client.readResponse()
    }

    @Test(arguments: ["\u{0}", "\u{0}/x", "\u{1}", "\u{7F}", "\t", "\u{0}.json"])
    func aDeleteWithAControlByteAfterTheIdLeavesTheUser(_ suffix: String) throws {
        try TestDeviceAPI.with { api in
            #expect(try api.request("PUT", "/v1/users/victim").status == 201)
            let refused = try send(api, "DELETE /v1/users/victim\(suffix) HTTP/1.1")
            #expect(refused.status == 400)
            #expect(refused.bodyText.contains("invalidRequestTarget"), "\(refused.bodyText)")
            #expect(try api.request("GET", "/v1/users/victim/devices").status == 200, "the user is still there")
            // The same request without the byte still works.
            #expect(try send(api, "DELETE /v1/users/victim HTTP/1.1").status == 204)
            #expect(try api.request("GET", "/v1/users/victim/devices").status == 404)
        }
    }

    @Test func aPatchThroughANulByteRenamesNothing() throws {
        try TestDeviceAPI.with { api in
            #expect(try api.request("PUT", "/v1/users/u").status == 201)
            #expect(try api.request("PUT", "/v1/users/u/devices/lamp", json: DeviceJSON.light).status == 201)
            let rename = #"{"name": "Renamed"}"#
            let refused = try send(api, "PATCH /v1/users/u/devices/lamp\u{0}.json HTTP/1.1", body: rename)
            #expect(refused.status == 400)
            let device = try api.request("GET", "/v1/users/u/devices/lamp").json["device"]?.objectValue
            #expect(device?["name"]?.stringValue == "Kitchen ceiling")
            #expect(try send(api, "PATCH /v1/users/u/devices/lamp HTTP/1.1", body: rename).status == 200)
            let renamed = try api.request("GET", "/v1/users/u/devices/lamp").json["device"]?.objectValue
            #expect(renamed?["name"]?.stringValue == "Renamed")
        }
    }

    /// `.` and `..` are path segments proxies and URL libraries resolve: as ids they are refused everywhere.
    @Test(arguments: [
        "PUT /v1/users/.", "PUT /v1/users/..", "DELETE /v1/users/..", "GET /v1/users/../devices",
        "PUT /v1/users/u/devices/.", "GET /v1/users/u/devices/..", "PATCH /v1/users/u/devices/../state",
    ])
    func dotAndDotDotAreRefusedAsIds(_ line: String) throws {
        try TestDeviceAPI.with { api in
            #expect(try api.request("PUT", "/v1/users/u").status == 201)
            let body = line.hasPrefix("PUT /v1/users/u/") ? DeviceJSON.light : line.hasPrefix("PATCH") ? "{}" : ""
            let answer = try send(api, line + " HTTP/1.1", body: body)
            #expect(answer.status == 400)
            let json = try JSONParser.parse(answer.body)
            #expect(json["error"] == "invalidId")
            #expect(json["message"]?.stringValue?.contains("other than . and ..") == true)
        }
    }

    @Test func dotIdsInABatchAreRefusedAndLookalikesAccepted() throws {
        try TestDeviceAPI.with { api in
            let batch = #"{"changes": [{"agentUserId": "..", "deviceId": "lamp", "online": false}]}"#
            let answer = try api.request("POST", "/v1/state", json: batch)
            #expect(answer.status == 422)
            #expect(answer.json["details"]?.arrayValue?.first?["path"] == "/changes/0/agentUserId")
            for id in ["...", ".a", "a.", "a..b", "acme:lamp-1"] {
                #expect(try send(api, "PUT /v1/users/\(id) HTTP/1.1").status == 201, "\(id)")
            }
        }
    }

    /// A path id is percent-decoded before it is checked: a percent-encoded NUL (or `/`, space, `..`, a malformed
    /// escape) is refused as the raw byte would be, so it never reaches the store as a shorter or other id.
    @Test(arguments: ["victim%00x", "victim%00", "vic%2Ftim", "%2E%2E", "%2e", "victim%", "victim%0", "victim%zz"])
    func aPercentEncodedByteOutsideTheSetIsAnInvalidId(_ segment: String) throws {
        try TestDeviceAPI.with { api in
            #expect(try api.request("PUT", "/v1/users/victim").status == 201)
            let refused = try api.request("DELETE", "/v1/users/\(segment)")
            #expect(refused.status == 400)
            #expect(refused.json["error"]?.stringValue == "invalidId")
            #expect(try api.request("GET", "/v1/users/victim/devices").status == 200)
        }
    }

    /// Clients generated from the OpenAPI document percent-encode `:` (`%3A`): the id they name is the decoded one,
    /// the same resource as the raw spelling.
    @Test func aPercentEncodedColonNamesTheSameIdAsTheRawOne() throws {
        try TestDeviceAPI.with { api in
            #expect(try api.request("PUT", "/v1/users/acme%3Aalice").status == 201)
            #expect(try api.request("PUT", "/v1/users/acme:alice").status == 200)
            let put = try api.request("PUT", "/v1/users/acme:alice/devices/lamp%3a1", json: DeviceJSON.light)
            #expect(put.status == 201)
            let read = try api.request("GET", "/v1/users/acme%3Aalice/devices/lamp:1")
            #expect(read.status == 200)
            #expect(read.json["device"]?["id"]?.stringValue == "lamp:1")
            #expect(try api.request("DELETE", "/v1/users/acme%3aalice/devices/lamp%3A1").status == 204)
            #expect(try api.request("GET", "/v1/users/acme:alice/devices/lamp:1").status == 404)
        }
    }
}
