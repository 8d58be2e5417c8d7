import Foundation

/// A fresh directory under the system's temporary directory, removed when the value is released.
public final class ScratchDirectory {
    /// Where it is.
    public let url: URL

    /// Creates the directory.
    public init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "hearth-registry-tests-\(UUID().uuidString)"
        )
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// The path of a file in the directory.
    public func path(_ name: String) -> String {
        url.appendingPathComponent(name).path
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }
}
