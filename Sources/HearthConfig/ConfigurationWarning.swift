/// Something in the environment that Hearth ignored and went on without: a `HEARTH_…` variable that is not one of
/// its keys. The JSON file is Hearth's own, so a typo there is a ``ConfigurationError``; the environment is shared
/// with the platform (Kubernetes injects `HEARTH_PORT`, `HEARTH_SERVICE_HOST`, … into every pod of a namespace
/// with a Service named `hearth`; scripts export their own `HEARTH_E2E_…`), so an unknown name there is a warning.
public struct ConfigurationWarning: Sendable, Hashable, CustomStringConvertible {
    /// Why the variable was ignored.
    public enum Code: String, Sendable, Hashable {
        /// A `HEARTH_…` variable that names no configuration key.
        case unknownVariable = "unknown_variable"
        /// A Kubernetes service link (`<SERVICE>_SERVICE_HOST`, `<SERVICE>_PORT_8080_TCP`, …) of a Service whose
        /// name starts with `hearth`.
        case kubernetesServiceLink = "kubernetes_service_link"
        /// A `HEARTH_OAUTH_CLIENT_SECRET_<ID>` whose id is not in `oauth.clients`.
        case secretForNoClient = "secret_for_no_client"
        /// A `HEARTH_OAUTH_CLIENT_SECRET_<ID>` of a client that reads its secret from its `secretFile`.
        case secretShadowedBySecretFile = "secret_shadowed_by_secret_file"
    }

    public var code: Code
    /// The environment variable, by name (never its value: it may be a secret).
    public var variable: String
    /// The known variable this one is probably a misspelling of, if any.
    public var didYouMean: String?

    public init(_ code: Code, variable: String, didYouMean: String? = nil) {
        self.code = code
        self.variable = variable
        self.didYouMean = didYouMean
    }

    /// One line for standard error, saying what was ignored and what to do.
    public var description: String {
        let suggestion = didYouMean.map { " Did you mean \($0)?" } ?? ""
        switch code {
        case .unknownVariable:
            return "ignored the environment variable \(variable): it is not a Hearth configuration key.\(suggestion)"
        case .kubernetesServiceLink:
            return "ignored the environment variable \(variable): it looks like a Kubernetes service link of a "
                + "Service named hearth… (set enableServiceLinks: false in the pod spec to drop them)."
        case .secretForNoClient:
            return "ignored the environment variable \(variable): it names no client of oauth.clients.\(suggestion)"
        case .secretShadowedBySecretFile:
            return "ignored the environment variable \(variable): its client reads its secret from secretFile."
        }
    }
}
