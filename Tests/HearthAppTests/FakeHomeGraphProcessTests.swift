import Foundation
import HearthTestSupport
import JSON
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `hearth fake-homegraph` as a real process: it starts, announces its port, answers, and stops on SIGTERM.
struct FakeHomeGraphProcessTests {
    /// Writes a fresh RSA public key into `directory` with the openssl command line and returns its path.
    private func publicKeyFile(in directory: TemporaryDirectory) throws -> String {
        let keyPath = directory.path("sa.pem")
        let publicPath = directory.path("sa.pub.pem")
        try RSAKeyPair.write(privateKeyPath: keyPath, publicKeyPath: publicPath)
        return publicPath
    }

    private func send(_ method: String, port: Int, path: String, body: String? = nil) async throws -> (Int, JSONValue?)
    {
        var request = URLRequest(url: URL(string: "http://127.0.0.1:\(port)\(path)")!)
        request.httpMethod = method
        request.httpBody = body.map { Data($0.utf8) }
        request.timeoutInterval = 10
        let (data, response) = try await URLSession.shared.data(for: request)
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        return (status, try? JSONParser.parse(Array(data)))
    }

    @Test func servesReportsUntilSIGTERM() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let publicKey = try publicKeyFile(in: directory)
        let output = ProcessOutput()
        let process = try ChildProcess(
            try HearthBinary.url().path,
            ["fake-homegraph", "--port", "0", "--public-key", publicKey],
            environment: HearthCLI.environment(),
            directory: directory.url.path,
            stdout: .descriptor(output.stdoutDescriptor),
            stderr: .descriptor(output.stderrDescriptor)
        )
        output.childStarted()
        defer { process.kill() }

        let prefix = "fake homegraph listening on http://127.0.0.1:"
        @Sendable func port(in stdout: String) -> Int? {
            stdout.split(separator: "\n").first { $0.hasPrefix(prefix) }.flatMap { Int($0.dropFirst(prefix.count)) }
        }
        _ = await output.wait(timeout: .seconds(20)) { stdout, _ in port(in: stdout) != nil }
        let bound = try #require(port(in: output.stdout), "no listening line; stderr: \(output.stderr)")

        let (status, reports) = try await send("GET", port: bound, path: "/reports")
        #expect(status == 200)
        #expect(reports == json(#"{"reports": []}"#))
        let (synced, _) = try await send(
            "POST",
            port: bound,
            path: "/fake/sync",
            body: #"{"agentUserId": "demo-user", "devices": ["kitchen-ceiling"]}"#
        )
        #expect(synced == 200)
        let (unauthenticated, _) = try await send(
            "POST",
            port: bound,
            path: "/v1/devices:requestSync",
            body: #"{"agentUserId": "demo-user", "async": true}"#
        )
        #expect(unauthenticated == 401)
        let (_, afterwards) = try await send("GET", port: bound, path: "/reports")
        #expect(afterwards?["reports"]?.arrayValue?.first?["status"] == 401)

        process.send(signal: SIGTERM)
        // Await the exit itself rather than polling.
        let termination = process.wait(timeout: .seconds(10))
        #expect(termination == ChildProcess.Termination(reason: .exit, status: 0))
    }

    @Test func refusesAMissingPublicKey() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let result = try HearthCLI.run(
            ["fake-homegraph", "--port", "0", "--public-key", directory.path("missing.pem")],
            in: directory.url
        )
        #expect(result.status != 0)
        #expect(result.stderr.contains("missing.pem"))
    }

    private func json(_ text: String) -> JSONValue {
        (try? JSONParser.parse(text)) ?? .null
    }
}
