import CoreMetrics
import DeviceAPI
import Foundation
import HearthConfig
import HearthHTTP
import OAuth
import OpenIDConnect
import OutboundHTTP

extension HearthApplication {
    /// Sign-in through the manufacturer's identity provider (`oauth.upstream.*`): the provider's discovery and keys,
    /// Hearth as its client, and each sign-in's outcome counted as `hearth_upstream_sign_ins_total`.
    func upstreamSignIn(
        _ upstream: UpstreamSignInConfiguration.Resolved,
        metrics: HearthMetrics?,
        identityMetrics: OpenIDConnectMetrics,
        settings: OpenIDProviderSettings
    ) -> UpstreamSignInSettings {
        let provider = OpenIDProvider(
            issuer: upstream.issuer,
            client: .shared,
            settings: settings,
            clock: clock,
            metrics: identityMetrics,
            logger: logger
        )
        let party = RelyingParty(
            provider: provider,
            clientID: upstream.clientID,
            clientSecret: upstream.clientSecret,
            authMethod: upstream.authentication == .clientSecretPost ? .clientSecretPost : .clientSecretBasic,
            scopes: upstream.scopes,
            userClaim: upstream.userClaim
        )
        let factory = metrics?.metricsFactory
        return UpstreamSignInSettings(
            provider: RelyingPartySignIn(party: party),
            callbackURL: upstream.callbackURL,
            createUsers: upstream.createUsers,
            // The backend addresses every user through /v1: a provider's id it could not name is refused at sign-in.
            acceptsUser: { APIIdentifier.isValid($0) },
            record: { event in
                guard let factory else { return }
                CoreMetrics.Counter(
                    label: "hearth_upstream_sign_ins_total",
                    dimensions: [("outcome", event.outcome.rawValue), ("step", event.step)],
                    factory: factory
                ).increment()
            }
        )
    }

    /// `/fulfillment`'s acceptance of the identity provider's access tokens (`auth.externalTokens.*`).
    func externalTokenAuthority(
        _ external: ExternalTokensConfiguration.Resolved,
        metrics: OpenIDConnectMetrics,
        settings: OpenIDProviderSettings
    ) -> any ExternalTokenAuthority {
        let provider = OpenIDProvider(
            issuer: external.issuer,
            client: .shared,
            settings: settings,
            clock: clock,
            metrics: metrics,
            logger: logger
        )
        let introspection = external.introspection.flatMap { settings in
            URL(string: settings.url).map { url in
                Introspection(
                    url: url,
                    clientID: settings.clientID,
                    clientSecret: settings.clientSecret,
                    issuer: external.issuer
                )
            }
        }
        let verifier = AccessTokenVerifier(
            provider: provider,
            audience: external.audience,
            userClaim: external.userClaim,
            introspection: introspection,
            cache: TokenCacheLimits(maxEntries: external.cacheEntries),
            clock: clock,
            metrics: metrics,
            logger: logger
        )
        return AccessTokenAuthority(verifier: verifier, retryAfterSeconds: external.retryAfterSeconds)
    }
}
