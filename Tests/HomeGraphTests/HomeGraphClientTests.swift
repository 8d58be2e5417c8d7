import Foundation
import HearthFakes
import HearthTestSupport
import HomeGraph
import JSON
import MicroHTTPD
import Testing

struct HomeGraphClientTests {
    private let user = "user-7f3a"

    @Test func reportIsDeliveredAndRecordedVerbatim() async throws {
        try await TestHomeGraph.with { env in
            env.fake.sync(agentUserId: user, devices: ["lamp", "plug"])
            let outcome = await env.client.reportState(
                agentUserId: user,
                requestId: "req-1",
                devices: [
                    "lamp": object(#"{"on": true, "brightness": 40, "online": true}"#),
                    "plug": object(#"{"on": false, "online": true}"#),
                ]
            )
            #expect(outcome == .delivered)
            let reports = try await env.reports()
            try #require(reports.count == 1)
            #expect(reports[0]["path"] == "/v1/devices:reportStateAndNotification")
            #expect(reports[0]["status"] == 200)
            let expected = json(
                """
                {"requestId": "req-1", "agentUserId": "user-7f3a",
                 "payload": {"devices": {"states": {
                   "lamp": {"on": true, "brightness": 40, "online": true},
                   "plug": {"on": false, "online": true}}}}}
                """
            )
            #expect(reports[0]["body"] == expected)
        }
    }

    @Test func manyReportsUseOneToken() async throws {
        try await TestHomeGraph.with { env in
            env.fake.sync(agentUserId: user, devices: ["lamp"])
            for index in 0..<10 {
                let outcome = await env.client.reportState(
                    agentUserId: user,
                    requestId: "req-\(index)",
                    devices: ["lamp": object(#"{"on": true, "online": true}"#)]
                )
                #expect(outcome == .delivered)
            }
            #expect(env.fake.tokensIssued == 1)
            let received = try await env.reports()
            #expect(received.count == 10)
        }
    }

    @Test func stateIsReplacedTraitByTrait() async throws {
        try await TestHomeGraph.with { env in
            env.fake.sync(agentUserId: user, devices: ["thermostat"])
            _ = await env.client.reportState(
                agentUserId: user,
                requestId: "1",
                devices: [
                    "thermostat": object(
                        """
                        {"online": true, "thermostatMode": "heat", "thermostatTemperatureSetpoint": 21,
                         "thermostatTemperatureAmbient": 19.5, "thermostatHumidityAmbient": 40}
                        """
                    )
                ]
            )
            // A partial TemperatureSetting report replaces the whole trait: ambient and humidity are gone.
            _ = await env.client.reportState(
                agentUserId: user,
                requestId: "2",
                devices: ["thermostat": object(#"{"thermostatMode": "off"}"#)]
            )
            _ = await env.client.reportState(
                agentUserId: user,
                requestId: "3",
                devices: ["thermostat": object(#"{"online": false}"#)]
            )
            let (status, _, state) = try await env.request("GET", "/state/\(user)")
            #expect(status == 200)
            #expect(
                state
                    == json(
                        #"{"agentUserId": "user-7f3a", "devices": {"thermostat": {"online": false, "thermostatMode": "off"}}}"#
                    )
            )
        }
    }

    @Test func unknownUserIsNotFound() async throws {
        try await TestHomeGraph.with { env in
            let outcome = await env.client.reportState(
                agentUserId: "never-synced",
                requestId: "r",
                devices: ["lamp": object(#"{"on": true}"#)]
            )
            #expect(outcome == .notFound)
            #expect(await env.client.requestSync(agentUserId: "never-synced") == .notFound)
            let reports = try await env.reports()
            #expect(reports.map { $0["status"] } == [404, 404])
        }
    }

    @Test func unknownDeviceIsNotFound() async throws {
        try await TestHomeGraph.with { env in
            env.fake.sync(agentUserId: user, devices: ["lamp"])
            let outcome = await env.client.reportState(
                agentUserId: user,
                requestId: "r",
                devices: ["lamp": object(#"{"on": true}"#), "ghost": object(#"{"on": true}"#)]
            )
            #expect(outcome == .notFound)
            let notification = await env.client.reportState(
                agentUserId: user,
                requestId: "r2",
                devices: [:],
                notifications: ["ghost": [.sensorState(name: "WaterLeak", currentSensorState: "leak")]]
            )
            #expect(notification == .notFound)
            // Nothing of the refused report was stored.
            #expect(env.fake.deviceStates(agentUserId: user)?.first?.state == JSONObject())
        }
    }

    @Test func notificationsAreDelivered() async throws {
        try await TestHomeGraph.with { env in
            env.fake.sync(agentUserId: user, devices: ["doorbell"])
            let outcome = await env.client.reportState(
                agentUserId: user,
                requestId: "r",
                eventId: "press-1",
                devices: [:],
                notifications: ["doorbell": [.objectDetection(detectionTimestampMilliseconds: 1_000, unclassified: 1)]]
            )
            #expect(outcome == .delivered)
            let body = try await env.reports().first?["body"]
            #expect(
                body?["payload"]?["devices"]?["notifications"]
                    == json(
                        """
                        {"doorbell": {"ObjectDetection": {"priority": 0, "detectionTimestamp": 1000,
                                                          "objects": {"unclassified": 1}}}}
                        """
                    )
            )
        }
    }

    @Test func tooManyRequestsIsRetryableAfterRetryAfter() async throws {
        try await TestHomeGraph.with { env in
            env.fake.sync(agentUserId: user, devices: ["lamp"])
            env.fake.failNext(status: 429, count: 1, retryAfterSeconds: 7)
            let state = ["lamp": object(#"{"on": true}"#)]
            #expect(
                await env.client.reportState(agentUserId: user, requestId: "r", devices: state)
                    == .retryable(after: .seconds(7))
            )
            #expect(await env.client.reportState(agentUserId: user, requestId: "r", devices: state) == .delivered)
        }
    }

    @Test func serverErrorsAreRetryable() async throws {
        try await TestHomeGraph.with { env in
            env.fake.sync(agentUserId: user, devices: ["lamp"])
            env.fake.failNext(status: 500, count: 2)
            let state = ["lamp": object(#"{"on": true}"#)]
            #expect(
                await env.client.reportState(agentUserId: user, requestId: "r", devices: state)
                    == .retryable(after: nil)
            )
            #expect(await env.client.requestSync(agentUserId: user) == .retryable(after: nil))
            #expect(await env.client.requestSync(agentUserId: user) == .delivered)
            let received = try await env.reports()
            #expect(received.map { $0["status"] } == [500, 500, 200])
        }
    }

    /// A port that refuses connections, not the fake's after a shutdown: with suites in parallel another test's
    /// listener can be given a stopped server's port at once and answer (CI once saw this test's Request Sync land
    /// in `notificationsAreDelivered`'s fake, failing both).
    @Test func unreachableHomeGraphIsRetryable() async throws {
        let refusing = try RefusingPort()
        let env = try TestHomeGraph(clientPort: refusing.port)
        defer { env.server.shutdown() }
        #expect(await env.client.requestSync(agentUserId: user) == .retryable(after: nil))
        withExtendedLifetime(refusing) {}
    }

    @Test func revokedTokenIsRefreshedOnceThenDelivered() async throws {
        try await TestHomeGraph.with { env in
            env.fake.sync(agentUserId: user, devices: ["lamp"])
            #expect(await env.client.requestSync(agentUserId: user) == .delivered)
            env.fake.revokeTokens()
            #expect(await env.client.requestSync(agentUserId: user) == .delivered)
            #expect(env.fake.tokensIssued == 2)
            let received = try await env.reports()
            #expect(received.map { $0["status"] } == [200, 401, 200])
        }
    }

    @Test func persistentRefusalIsUnauthorized() async throws {
        try await TestHomeGraph.with { env in
            env.fake.sync(agentUserId: user, devices: ["lamp"])
            env.fake.failNext(status: 403, count: 2, message: "HomeGraph API Error.")
            #expect(await env.client.requestSync(agentUserId: user) == .unauthorized)
            #expect(env.fake.tokensIssued == 2)
            let received = try await env.reports()
            #expect(received.count == 2)
        }
    }

    @Test func untrustedKeyIsUnauthorized() async throws {
        try await TestHomeGraph.with(signingKey: try TestKeyPair.other) { env in
            env.fake.sync(agentUserId: user, devices: ["lamp"])
            #expect(await env.client.requestSync(agentUserId: user) == .unauthorized)
            let received = try await env.reports()
            #expect(received.isEmpty)
        }
    }

    @Test func badRequestIsRejectedWithGooglesMessage() async throws {
        try await TestHomeGraph.with { env in
            env.fake.sync(agentUserId: user, devices: ["lamp"])
            env.fake.failNext(status: 400, message: "Invalid value at 'payload.devices.states[0].value'")
            let outcome = await env.client.reportState(
                agentUserId: user,
                requestId: "r",
                devices: ["lamp": object(#"{"on": "yes"}"#)]
            )
            #expect(outcome == .rejected("Invalid value at 'payload.devices.states[0].value'"))
        }
    }

    @Test func emptyPayloadIsRejectedByTheFake() async throws {
        try await TestHomeGraph.with { env in
            env.fake.sync(agentUserId: user, devices: ["lamp"])
            let outcome = await env.client.reportState(agentUserId: user, requestId: "r", devices: [:])
            #expect(outcome == .rejected("Request contains an invalid argument."))
        }
    }

    @Test func requestSyncSendsAsyncTrue() async throws {
        try await TestHomeGraph.with { env in
            env.fake.sync(agentUserId: user, devices: [])
            #expect(await env.client.requestSync(agentUserId: user) == .delivered)
            let reports = try await env.reports()
            #expect(reports.first?["path"] == "/v1/devices:requestSync")
            #expect(reports.first?["body"] == json(#"{"agentUserId": "user-7f3a", "async": true}"#))
        }
    }
}
