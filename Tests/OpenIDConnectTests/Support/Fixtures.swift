import Clocks
import CoreMetrics
import Foundation
import HearthFakes
import HearthTestSupport
import JSON
import Logging
import OpenIDConnect
import OutboundHTTP
import Prometheus

/// What every test of the module builds: a client, a provider for the test identity provider, metrics read back.
enum Fixtures {
    static let client = HTTPClient()
    static let logger = Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() })

    static func provider(
        _ idp: TestIdentityProvider,
        clock: ManualClock,
        settings: OpenIDProviderSettings = OpenIDProviderSettings(),
        metrics: OpenIDConnectMetrics = .disabled,
        logger: Logger = logger
    ) -> OpenIDProvider {
        OpenIDProvider(
            issuer: idp.issuer,
            client: client,
            settings: settings,
            clock: clock,
            metrics: metrics,
            logger: logger
        )
    }

    /// Claims of a token valid at `clock`'s time for `audience`, from `idp`.
    static func claims(
        _ idp: TestIdentityProvider,
        clock: ManualClock,
        audience: String = "hearth",
        subject: String = "user-1",
        nonce: String? = nil,
        lifetime: Int = 600,
        extra: [(String, JSONValue)] = []
    ) -> JSONValue {
        let now = Int(clock.unixTime.seconds)
        var object = JSONObject([
            ("iss", .string(idp.issuer)), ("sub", .string(subject)), ("aud", .string(audience)),
            ("iat", .int(now)), ("exp", .int(now + lifetime)),
        ])
        if let nonce { object.append("nonce", .string(nonce)) }
        for (key, value) in extra { object.append(key, value) }
        return .object(object)
    }

    /// Metrics into a registry of the test's own, and a way to read a series back.
    static func metrics() -> (OpenIDConnectMetrics, @Sendable (String) -> Double) {
        let registry = PrometheusCollectorRegistry()
        let metrics = OpenIDConnectMetrics(factory: PrometheusMetricsFactory(registry: registry))
        return (
            metrics,
            { series in
                PrometheusSamples.parse(registry.emitToString())[PrometheusSamples.canonical(series)] ?? 0
            }
        )
    }
}
