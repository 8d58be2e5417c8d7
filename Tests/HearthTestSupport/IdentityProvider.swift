import Foundation
import JSON
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A real OpenID Connect provider on loopback for the tests: canaille, started by `Tests/IdentityProvider/provider.py`
/// through pytest-iam's `Server`, in a virtual environment made on demand (``makeEnvironment()``).
///
/// It is a complete provider, not a fake of ours: its own login form (login, then password) and consent page,
/// authorization code with PKCE S256 and nonce, `client_secret_basic` and `client_secret_post`, a JWKS with active
/// and inactive keys, RFC 7662 introspection and RFC 7009 revocation. Its issuer is `http://127.0.0.1:<port>`; its
/// state (keys, users, clients, consents, tokens) lives in ``keyDirectory`` and survives ``restart()`` and
/// ``rotateKeys()``, which keep the port (and so the issuer).
///
/// What canaille issues, as observed with the pinned version (canaille 0.3.6): access tokens are JWTs (not opaque),
/// signed like the ID token, header `typ` `JWT` (not RFC 9068's `at+jwt`), `aud` the client's ID (each client here is
/// its own audience), `sub` the user's login; introspection answers a client that is in the token's audience, with
/// the client's own credentials, and gives `exp` and `iat` as numbers with a fraction (`1795812192.301348`).
///
/// ```swift
/// let provider = try await IdentityProvider.start(users: [.init(login: "alice", password: "pw")],
///                                                clients: [.init(id: "hearth", secret: "s", redirectURIs: [callback])])
/// defer { provider.stop() }
/// let token = try provider.mint(.init(claims: ["iss": .string(provider.issuer), "sub": "alice"]))
/// ```
///
/// Tests that start it are enabled with ``testsEnabled`` and ``skipNote``.
public final class IdentityProvider: Sendable {
    /// A user who can sign in: `sub` (and canaille's login) is `login`.
    public struct User: Sendable {
        public var login: String
        public var password: String
        public var email: String

        public init(login: String, password: String, email: String? = nil) {
            self.login = login
            self.password = password
            self.email = email ?? "\(login)@example.com"
        }
    }

    /// How a client authenticates at the token endpoint (RFC 7591 §2 `token_endpoint_auth_method`).
    public enum ClientAuthMethod: String, Sendable {
        case clientSecretBasic = "client_secret_basic"
        case clientSecretPost = "client_secret_post"
    }

    /// A registered client (a relying party such as Hearth, or Google when it links straight to the provider): grant
    /// types `authorization_code` and `refresh_token`, scopes `openid profile email`, its own audience.
    public struct Client: Sendable {
        public var id: String
        public var secret: String
        public var redirectURIs: [String]
        public var authMethod: ClientAuthMethod

        public init(
            id: String,
            secret: String,
            redirectURIs: [String],
            authMethod: ClientAuthMethod = .clientSecretBasic
        ) {
            self.id = id
            self.secret = secret
            self.redirectURIs = redirectURIs
            self.authMethod = authMethod
        }
    }

    /// The algorithm ID tokens and access tokens are signed with: RS256 (an RSA 2048 key), or ES256 (an EC P-256
    /// key; canaille also keeps an RSA key active, since it refuses a key set without one).
    public enum SigningAlgorithm: String, Sendable {
        case rs256 = "RS256"
        case es256 = "ES256"
    }

    /// The issuer, `http://127.0.0.1:<port>`, the same across restarts.
    public let issuer: String
    /// The loopback port.
    public let port: Int
    /// Where the provider keeps its keys (`keys.json`) and database; also its log (`provider.log`).
    public let keyDirectory: URL
    /// canaille's endpoints, as its discovery document names them (fixed paths under the issuer).
    public var discoveryURL: String { issuer + "/.well-known/openid-configuration" }
    public var authorizationEndpoint: String { issuer + "/oauth/authorize" }
    public var tokenEndpoint: String { issuer + "/oauth/token" }
    public var jwksURI: String { issuer + "/oauth/jwks.json" }
    /// RFC 7662 introspection: a client in the token's audience authenticates with its own credentials.
    public var introspectionEndpoint: String { issuer + "/oauth/introspect" }
    /// RFC 7009 revocation.
    public var revocationEndpoint: String { issuer + "/oauth/revoke" }
    /// How long the last (re)start took, from spawning Python to the provider's ready line (it listens then).
    public var startUpDuration: Duration { state.withLock { $0.startUpDuration } }
    /// The `kid` of the key that signs now; changes with ``rotateKeys()``.
    public var signingKeyID: String { state.withLock { $0.ready.signingKeyID } }
    /// Every `kid` the provider publishes (active first, then inactive).
    public var keyIDs: [String] { state.withLock { $0.ready.keyIDs } }
    /// The provider process's ID, `nil` once stopped.
    public var pid: pid_t? { state.withLock { $0.child?.isRunning == true ? $0.child?.pid : nil } }

    /// The provider's access log and errors so far.
    public var logText: String {
        (try? String(contentsOf: keyDirectory.appendingPathComponent("provider.log"), encoding: .utf8)) ?? ""
    }

    private struct Ready {
        var signingKeyID: String
        var keyIDs: [String]
    }

    private struct State {
        var child: ChildProcess?
        /// The write end of the provider's stdin: it stops (`--stop-on-eof`) when this process ends, even killed.
        var lifeline: FileHandle?
        var ready: Ready
        var startUpDuration: Duration
    }

    private let python: String
    private let arguments: [String]
    private let ownsDirectory: Bool
    private let state: Mutex<State>

    /// Starts a provider with `users` and `clients` on a free loopback port, and returns once it listens. The wait
    /// (the virtual environment made on first use, Python's start) runs off the cooperative pool (``offThePool(_:)``).
    ///
    /// - Parameters:
    ///   - algorithm: what signs the tokens.
    ///   - consentRequired: whether users consent on canaille's page (as with a real provider); `false` records
    ///     each user's consent to each client at start.
    ///   - accessTokenLifetimeSeconds: the `expires_in` of the access tokens it issues.
    ///   - opaqueAccessTokens: access tokens as random strings that only introspection checks, rather than canaille's
    ///     JWTs.
    ///   - keyDirectory: where its state lives; a new temporary directory (removed by ``stop()``) when `nil`.
    public static func start(
        users: [User],
        clients: [Client],
        algorithm: SigningAlgorithm = .rs256,
        consentRequired: Bool = true,
        accessTokenLifetimeSeconds: Int = 3600,
        opaqueAccessTokens: Bool = false,
        keyDirectory: URL? = nil
    ) async throws -> IdentityProvider {
        try await offThePool {
            try IdentityProvider(
                users: users,
                clients: clients,
                algorithm: algorithm,
                consentRequired: consentRequired,
                accessTokenLifetimeSeconds: accessTokenLifetimeSeconds,
                opaqueAccessTokens: opaqueAccessTokens,
                keyDirectory: keyDirectory
            )
        }
    }

    private init(
        users: [User],
        clients: [Client],
        algorithm: SigningAlgorithm = .rs256,
        consentRequired: Bool = true,
        accessTokenLifetimeSeconds: Int = 3600,
        opaqueAccessTokens: Bool = false,
        keyDirectory: URL? = nil
    ) throws {
        python = try Self.environment.get()
        ownsDirectory = keyDirectory == nil
        let directory =
            keyDirectory
            ?? FileManager.default.temporaryDirectory.appendingPathComponent("hearth-idp-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        self.keyDirectory = directory
        var arguments = ["--key-dir", directory.path, "--alg", algorithm.rawValue, "--stop-on-eof"]
        arguments += ["--access-token-lifetime", String(accessTokenLifetimeSeconds)]
        if !consentRequired { arguments.append("--no-consent-required") }
        if opaqueAccessTokens { arguments.append("--opaque-access-tokens") }
        for user in users { arguments += ["--user", "\(user.login):\(user.password):\(user.email)"] }
        for client in clients {
            let uris = client.redirectURIs.joined(separator: ",")
            arguments += ["--client", "\(client.id):\(client.secret):\(uris):\(client.authMethod.rawValue)"]
        }
        self.arguments = arguments
        let started = try Self.launch(python: python, arguments: arguments + ["--port", "0"], directory: directory)
        issuer = started.issuer
        port = started.port
        state = Mutex(
            State(
                child: started.child,
                lifeline: started.lifeline,
                ready: started.ready,
                startUpDuration: started.duration
            )
        )
    }

    deinit {
        stop()
    }

    /// Stops the provider (SIGTERM, then waits), and removes its temporary directory if it made one.
    public func stop() {
        end(signal: SIGTERM)
        if ownsDirectory { try? FileManager.default.removeItem(at: keyDirectory) }
    }

    /// Kills the provider at once (SIGKILL), keeping its state: the provider "stopped mid-flow". ``restart()`` brings
    /// it back.
    public func kill() {
        end(signal: SIGKILL)
    }

    /// Starts the provider again on the same port with the same state (after ``kill()``, or to restart a running one).
    public func restart() async throws {
        try await offThePool { try self.relaunch(extra: []) }
    }

    /// Restarts the provider with a new active signing key; the previous keys stay published as inactive (they
    /// verify tokens already issued, and sign nothing). Returns the new key's `kid`.
    @discardableResult
    public func rotateKeys() async throws -> String {
        try await offThePool { try self.relaunch(extra: ["--rotate"]) }
        return signingKeyID
    }

    /// The provider's resident memory in bytes (`VmRSS` in `/proc/<pid>/status`), `nil` when it is not running.
    public func residentMemoryBytes() -> Int? {
        guard let pid,
            let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
            let kilobytes = Int(line.split(separator: " ").dropFirst().first ?? "")
        else { return nil }
        return kilobytes * 1024
    }

    private func end(signal: Int32) {
        let (child, lifeline) = state.withLock { state in
            defer {
                state.child = nil
                state.lifeline = nil
            }
            return (state.child, state.lifeline)
        }
        guard let child else { return }
        child.send(signal: signal)
        if child.wait(timeout: .seconds(20)) == nil { child.kill() }
        try? lifeline?.close()
    }

    private func relaunch(extra: [String]) throws {
        end(signal: SIGTERM)
        let started = try Self.launch(
            python: python,
            arguments: arguments + extra + ["--port", String(port)],
            directory: keyDirectory
        )
        guard started.port == port else { throw TestFailure("the provider came back on \(started.port), not \(port)") }
        state.withLock { state in
            state.child = started.child
            state.lifeline = started.lifeline
            state.ready = started.ready
            state.startUpDuration = started.duration
        }
    }

    private struct Started {
        var child: ChildProcess
        var lifeline: FileHandle
        var issuer: String
        var port: Int
        var ready: Ready
        var duration: Duration
    }

    /// Spawns provider.py and waits for its ready line (read from its stdout, which it writes once it listens):
    /// no polling. A provider that exits first, or says nothing within two minutes (killed then), is a
    /// ``TestFailure`` quoting its log.
    private static func launch(python: String, arguments: [String], directory: URL) throws -> Started {
        let script = scripts.appendingPathComponent("provider.py").path
        let log = directory.appendingPathComponent("provider.log").path
        let output = Pipe()
        let input = Pipe()
        let clock = ContinuousClock()
        let start = clock.now
        let child = try ChildProcess(
            python,
            [script] + arguments,
            stdin: .pipe(input),
            stdout: .pipe(output),
            stderr: .file(log)
        )
        let reader = output.fileHandleForReading
        defer { try? reader.close() }
        // The deadline kills a provider that never gets ready: its stdout then ends, and the read below with it.
        let deadline = DispatchWorkItem { child.send(signal: SIGKILL) }
        DispatchQueue.global().asyncAfter(deadline: dispatchDeadline(after: .seconds(120)), execute: deadline)
        defer { deadline.cancel() }
        var line: [UInt8] = []
        while !line.contains(UInt8(ascii: "\n")) {
            let chunk = reader.availableData
            if chunk.isEmpty { break }
            line += chunk
            // The ready line is a few hundred bytes; anything longer is not it.
            guard line.count <= 16_384 else { break }
        }
        let duration = clock.now - start
        let text = String(decoding: line, as: UTF8.self)
        func failure(_ why: String) -> TestFailure {
            child.kill()
            let logged = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
            return TestFailure(
                "the identity provider did not start (\(why)): \(text)\n--- log\n\(logged.suffix(4_000))"
            )
        }
        guard let ready = try? JSONParser.parse(text.trimmingCharacters(in: .whitespacesAndNewlines)),
            let issuer = ready["issuer"]?.stringValue,
            let port = ready["port"]?.intValue,
            let signing = ready["signing_kid"]?.stringValue,
            let kids = ready["kids"]?.arrayValue?.compactMap(\.stringValue)
        else {
            throw failure(child.isRunning ? "no ready line" : "it exited: \(child.waitUntilExit())")
        }
        return Started(
            child: child,
            lifeline: input.fileHandleForWriting,
            issuer: issuer,
            port: port,
            ready: Ready(signingKeyID: signing, keyIDs: kids),
            duration: duration
        )
    }
}
