import Reporting

/// The `homegraph.*` keys when reporting is enabled (a service-account key file is configured).
public struct HomeGraphConfiguration: Sendable {
    /// `homegraph.serviceAccountKeyFile`: the service account's JSON key file.
    public var serviceAccountKeyFile: String
    /// `homegraph.endpoint`: the HomeGraph API base URL.
    public var endpoint: String
    /// `homegraph.tokenURI`: the token endpoint, replacing the key file's `token_uri`; `nil` keeps the file's.
    public var tokenURI: String?
    /// The drain's windows and backoff.
    public var reporting: ReportingOptions

    /// Creates a configuration.
    public init(serviceAccountKeyFile: String, endpoint: String, tokenURI: String?, reporting: ReportingOptions) {
        self.serviceAccountKeyFile = serviceAccountKeyFile
        self.endpoint = endpoint
        self.tokenURI = tokenURI
        self.reporting = reporting
    }
}
