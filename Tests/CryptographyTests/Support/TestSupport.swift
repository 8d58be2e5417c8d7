import Foundation

/// Decodes a hex string written in a test vector (`"0b0b…"`); traps on malformed input, which is a bug in the test.
func bytes(hex: String) -> [UInt8] {
    let digits = Array(hex.utf8)
    precondition(digits.count.isMultiple(of: 2), "odd-length hex in a test vector")
    return stride(from: 0, to: digits.count, by: 2).map { index in
        UInt8(String(decoding: digits[index..<index + 2], as: UTF8.self), radix: 16)!
    }
}

/// The outcome of running a command line tool.
struct CommandResult {
    /// The exit status.
    var status: Int32
    /// Standard output and standard error, interleaved.
    var output: String
}

/// Runs `/usr/bin/openssl` with `arguments`, stdin from /dev/null so that it can never wait for a prompt.
@discardableResult
func runOpenSSL(_ arguments: [String]) throws -> CommandResult {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/openssl")
    process.arguments = arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return CommandResult(status: process.terminationStatus, output: String(decoding: data, as: UTF8.self))
}

/// Runs `body` with a fresh temporary directory that is removed afterwards.
func withTemporaryDirectory<Result>(_ body: (URL) throws -> Result) throws -> Result {
    let directory = FileManager.default.temporaryDirectory
        .appendingPathComponent("hearth-cryptography-tests-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    return try body(directory)
}

/// Generates an RSA key with the openssl command line into `directory` and returns the path of the PKCS#8 PEM file.
func generateRSAKey(in directory: URL, bits: Int = 2048) throws -> URL {
    let key = directory.appendingPathComponent("key.pem")
    let result = try runOpenSSL([
        "genpkey", "-algorithm", "RSA", "-pkeyopt", "rsa_keygen_bits:\(bits)", "-out", key.path,
    ])
    guard result.status == 0 else {
        throw TestFailure("openssl genpkey failed: \(result.output)")
    }
    return key
}

/// A failure in a test's own setup.
struct TestFailure: Error, CustomStringConvertible {
    var description: String

    init(_ description: String) {
        self.description = description
    }
}
