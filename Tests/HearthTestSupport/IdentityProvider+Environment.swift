import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension IdentityProvider {
    /// Whether a failed set-up fails the test (`HEARTH_REQUIRE_IDENTITY_PROVIDER=1`, as CI sets) rather than
    /// skipping it.
    public static var required: Bool {
        ProcessInfo.processInfo.environment["HEARTH_REQUIRE_IDENTITY_PROVIDER"] == "1"
    }

    /// The Python of the provider's virtual environment, made once (see ``makeEnvironment()``), or why there is none.
    ///
    /// Evaluated on first use, so a suite's `.enabled(if:)` pays the first venv's creation (pip, a minute or two)
    /// only when one of its tests is about to run.
    public static let environment: Result<String, TestFailure> = Result { try makeEnvironment() }
        .mapError { $0 as? TestFailure ?? TestFailure("\($0)") }

    /// Whether tests that start the provider run: it is available, or required (then they fail on what is missing).
    public static var testsEnabled: Bool {
        if case .success = environment { return true }
        return required
    }

    /// Why they are skipped, for `.enabled(if: IdentityProvider.testsEnabled, Comment(rawValue: IdentityProvider.skipNote))`.
    public static var skipNote: String {
        if case .failure(let why) = environment {
            return
                "identity provider tests skipped: \(why.description); HEARTH_REQUIRE_IDENTITY_PROVIDER=1 makes this a failure"
        }
        return "identity provider available"
    }

    /// `Tests/IdentityProvider` in the repository: provider.py, mint_token.py, requirements.txt.
    public static var scripts: URL {
        RepositoryRoot.url.appendingPathComponent("Tests").appendingPathComponent("IdentityProvider")
    }

    /// Makes (or finds) the virtual environment `.build/test-tools/identity-provider-<hash>/` with the pinned
    /// packages of `requirements.txt`, and returns its Python.
    ///
    /// `<hash>` is the FNV-1a hash of `requirements.txt` and of the system Python's version, so a changed pin or a
    /// new Python makes a new environment and never reuses a half-right one. Parallel test processes make it once:
    /// each takes an exclusive `flock` on `identity-provider-<hash>.lock` and the first to get it creates the venv
    /// (`python3 -m venv`, then `pip install -r`) and writes `.complete` inside last; the others find that marker.
    /// A failed attempt leaves no marker, and the next process starts over.
    public static func makeEnvironment() throws -> String {
        let python = try systemPython()
        let requirements = scripts.appendingPathComponent("requirements.txt")
        guard let pins = FileManager.default.contents(atPath: requirements.path) else {
            throw TestFailure("cannot read \(requirements.path)")
        }
        let version = try ChildProcess.run(python, ["--version"], stderr: .stdout).stdoutText
        let tools = RepositoryRoot.url.appendingPathComponent(".build").appendingPathComponent("test-tools")
        try FileManager.default.createDirectory(at: tools, withIntermediateDirectories: true)
        let name = "identity-provider-\(fnv1a(Array(pins) + Array(version.utf8)))"
        let directory = tools.appendingPathComponent(name)
        let venvPython = directory.appendingPathComponent("bin").appendingPathComponent("python3").path
        let marker = directory.appendingPathComponent(".complete").path

        let lock = open(tools.appendingPathComponent("\(name).lock").path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard lock >= 0 else { throw TestFailure("cannot open the venv lock in \(tools.path)") }
        defer { close(lock) }
        while flock(lock, LOCK_EX) != 0 {
            guard errno == EINTR else { throw TestFailure("cannot lock the venv in \(tools.path)") }
        }
        defer { flock(lock, LOCK_UN) }
        if FileManager.default.fileExists(atPath: marker) { return venvPython }

        try? FileManager.default.removeItem(at: directory)
        let venv = try ChildProcess.run(
            python,
            ["-m", "venv", directory.path],
            stderr: .stdout,
            timeout: .seconds(120)
        )
        guard venv.termination.succeeded else {
            throw TestFailure("python3 -m venv failed (install python3-venv): \(venv.stdoutText)")
        }
        let pip = try ChildProcess.run(
            venvPython,
            ["-m", "pip", "install", "--no-input", "--disable-pip-version-check", "-r", requirements.path],
            stderr: .stdout,
            timeout: .seconds(900)
        )
        guard pip.termination.succeeded else {
            throw TestFailure(
                "pip could not install the identity provider's packages (\(pip.termination)): "
                    + String(pip.stdoutText.suffix(2_000))
            )
        }
        guard FileManager.default.createFile(atPath: marker, contents: Data()) else {
            throw TestFailure("cannot write \(marker)")
        }
        return venvPython
    }

    /// The system's Python 3 with the `venv` module (Debian's python3-venv), or why not.
    private static func systemPython() throws -> String {
        let candidates =
            ["/usr/bin/python3", "/usr/local/bin/python3"]
            + (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map { "\($0)/python3" }
        guard let python = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            throw TestFailure("no python3")
        }
        let check = try ChildProcess.run(python, ["-c", "import venv, ensurepip"], stderr: .stdout)
        guard check.termination.succeeded else {
            throw TestFailure("\(python) has no venv module: install python3-venv")
        }
        return python
    }

    /// FNV-1a, 64 bits, in hexadecimal: a cache key for the venv's directory, not a security measure.
    private static func fnv1a(_ bytes: [UInt8]) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        return String(hash, radix: 16)
    }
}
