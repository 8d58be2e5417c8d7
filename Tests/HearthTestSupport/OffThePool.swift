import Foundation

/// Runs blocking work (a child process, a browser, curl) on a thread of its own, and awaits it.
///
/// Swift's cooperative pool has one thread per core, two on CI. A test that blocks one of them, say for a browser's
/// sign-in, takes it from everything else in the test process, an in-process Hearth included: Hearth asks an identity
/// provider in a task on that same pool. Two such waits at once left Hearth unable to answer until they ended, and
/// its callers timed out. Work that waits on another process goes through here.
public func offThePool<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        let thread = Thread { continuation.resume(with: Result { try body() }) }
        thread.name = "hearth-tests-blocking"
        thread.start()
    }
}

extension Curl {
    /// ``run(_:input:)`` off the cooperative pool (``offThePool(_:)``): for async tests.
    public static func fetch(_ arguments: [String], input: [UInt8]? = nil) async throws -> Result {
        try await offThePool { try run(arguments, input: input) }
    }
}
