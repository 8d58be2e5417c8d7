import Foundation
import HearthHTTP
import HearthTestSupport
import HearthTesting
import HomeGraph
import Registry
import Testing

/// `GET /metrics` through the real listener: the documented names and labels, values that move as requests are
/// made, no ids as label values, one registry per application.
struct MetricsEndpointTests {
    @Test func valuesMoveAsRequestsAreMade() throws {
        let hearth = try ObservedHearth(format: .text)
        defer { hearth.shutdown() }
        let token = try hearth.token(for: "alice")
        let before = try hearth.scrape()
        #expect(before[#"hearth_build_info{version="\#(BuildInfo.version)"}"#] == 1)
        #expect(before["hearth_outbox_pending"] == 0)
        #expect(before["hearth_outbox_oldest_age_seconds"] == 0)
        #expect(before[#"hearth_intents_total{intent="QUERY",outcome="success"}"#] == 0, "made up front")

        #expect(try hearth.intent(TestHomes.query(["lamp", "plug"]), token: token).status == 200)
        #expect(try hearth.intent(TestHomes.query(["lamp"]), token: token).status == 200)
        let execute = TestHomes.execute(["lamp", "porch", "ghost"], command: "OnOff", params: #"{"on":true}"#)
        #expect(try hearth.intent(execute, token: token).status == 200)
        #expect(try hearth.intent(TestHomes.sync, token: token + "x").status == 401)
        #expect(
            try hearth.intent(#"{"requestId":"x","inputs":[{"intent":"action.devices.NOPE"}]}"#, token: token)
                .status == 200
        )
        #expect(try hearth.request("GET", "/healthz").status == 200)

        let after = try hearth.scrape()
        #expect(after[#"hearth_intents_total{intent="QUERY",outcome="success"}"#] == 2)
        #expect(after[#"hearth_intents_total{intent="EXECUTE",outcome="partial"}"#] == 1)
        #expect(after[#"hearth_intents_total{intent="unknown",outcome="protocolError"}"#] == 1)
        #expect(after[#"hearth_intent_duration_seconds_count{intent="QUERY"}"#] == 2)
        #expect(after[#"hearth_intent_duration_seconds_bucket{intent="QUERY",le="+Inf"}"#] == 2)
        #expect(after[#"hearth_registry_transaction_duration_seconds_count{intent="EXECUTE"}"#] == 1)
        let onOff = #"command="action.devices.commands.OnOff""#
        #expect(after[#"hearth_execute_commands_total{\#(onOff),error_code="",status="SUCCESS"}"#] == 1)
        #expect(
            after[#"hearth_execute_commands_total{\#(onOff),error_code="deviceOffline",status="ERROR"}"#] == 1
        )
        #expect(
            after[#"hearth_execute_commands_total{\#(onOff),error_code="deviceNotFound",status="ERROR"}"#] == 1
        )
        #expect(after[#"hearth_http_responses_total{code="200",route="/fulfillment"}"#] == 4)
        #expect(after[#"hearth_http_responses_total{code="401",route="/fulfillment"}"#] == 1)
        #expect(after[#"hearth_http_responses_total{code="200",route="/healthz"}"#] == 1)
        #expect(after[#"hearth_http_responses_total{code="200",route="/metrics"}"#] == 1, "the first scrape")
        #expect(after[#"hearth_auth_failures_total{kind="bearer_token"}"#] == 1)

        // No user or device id is a label value.
        let text = try hearth.request("GET", "/metrics").bodyText
        for id in ["alice", "lamp", "porch", "ghost", "plug"] {
            #expect(!text.contains("\"\(id)\""), "an id as a label value: \(id)")
        }
    }

    @Test func theOutboxGaugesAreReadAtScrapeTime() throws {
        let hearth = try ObservedHearth(format: .text)
        defer { hearth.shutdown() }
        try hearth.store.setReporting(enabled: true)
        let token = try hearth.token(for: "alice")
        let execute = TestHomes.execute(["lamp"], command: "OnOff", params: #"{"on":true}"#)
        #expect(try hearth.intent(execute, token: token).status == 200)
        let samples = try hearth.scrape()
        #expect((samples["hearth_outbox_pending"] ?? 0) >= 1, "the EXECUTE queued a Report State")
        #expect((samples["hearth_outbox_oldest_age_seconds"] ?? -1) >= 0)
        try hearth.store.dropOutbox(forUser: "alice")
        let drained = try hearth.scrape()
        #expect(drained["hearth_outbox_pending"] == 0)
        #expect(drained["hearth_outbox_oldest_age_seconds"] == 0)
    }

    @Test func eachApplicationCountsInItsOwnRegistry() throws {
        let first = try ObservedHearth(format: .text)
        defer { first.shutdown() }
        let second = try ObservedHearth(format: .text)
        defer { second.shutdown() }
        #expect(try first.intent(TestHomes.sync, token: try first.token(for: "alice")).status == 200)
        #expect(try first.scrape()[#"hearth_intents_total{intent="SYNC",outcome="success"}"#] == 1)
        #expect(try second.scrape()[#"hearth_intents_total{intent="SYNC",outcome="success"}"#] == 0)
    }

    @Test func disabledMetricsAnswer404() throws {
        let hearth = try ObservedHearth(format: .text, metricsEnabled: false)
        defer { hearth.shutdown() }
        #expect(try hearth.request("GET", "/metrics").status == 404)
        #expect(hearth.requestLines.count == 1, "still logged")
    }

    @Test func homeGraphCallsAreCountedByCallAndOutcome() {
        let metrics = HearthMetrics(version: "test")
        metrics.recordHomeGraphCall("reportState", outcome: .delivered)
        metrics.recordHomeGraphCall("reportState", outcome: .delivered)
        metrics.recordHomeGraphCall("requestSync", outcome: .rejected("Requested entity was not found."))
        let samples = ObservedHearth.samples(String(decoding: metrics.emitted(), as: UTF8.self))
        #expect(samples[#"hearth_homegraph_calls_total{call="reportState",outcome="delivered"}"#] == 2)
        #expect(samples[#"hearth_homegraph_calls_total{call="requestSync",outcome="rejected"}"#] == 1)
    }

    @Test func webhookCallsAreCountedAndTimedByOutcome() {
        let metrics = HearthMetrics(version: "test")
        metrics.recordWebhookCall(outcome: "delivered", duration: .milliseconds(30))
        metrics.recordWebhookCall(outcome: "timeout", duration: .seconds(2))
        let samples = ObservedHearth.samples(String(decoding: metrics.emitted(), as: UTF8.self))
        #expect(samples[#"hearth_webhook_calls_total{outcome="delivered"}"#] == 1)
        #expect(samples[#"hearth_webhook_calls_total{outcome="timeout"}"#] == 1)
        #expect(samples[#"hearth_webhook_call_duration_seconds_count{outcome="timeout"}"#] == 1)
        #expect(samples[#"hearth_webhook_call_duration_seconds_bucket{le="0.05",outcome="delivered"}"#] == 1)
    }
}
