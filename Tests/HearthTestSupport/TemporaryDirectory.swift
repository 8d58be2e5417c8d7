import Foundation

/// A directory for one test, removed by ``remove()``.
public struct TemporaryDirectory: Sendable {
    /// Where it is.
    public let url: URL

    /// Creates a fresh directory.
    public init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("hearth-cli-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// A path inside the directory.
    public func path(_ name: String) -> String {
        url.appendingPathComponent(name).path
    }

    /// Writes `text` to a file in the directory and returns its path.
    @discardableResult
    public func write(_ name: String, _ text: String) throws -> String {
        let path = path(name)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// Removes the directory and everything in it.
    public func remove() {
        try? FileManager.default.removeItem(at: url)
    }
}
