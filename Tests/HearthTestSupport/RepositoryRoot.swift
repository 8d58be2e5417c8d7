import Foundation

/// The package's root directory, found by walking up from this file to `Package.swift`.
public enum RepositoryRoot {
    public static let url: URL = {
        var directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while directory.path != "/" {
            if FileManager.default.fileExists(atPath: directory.appendingPathComponent("Package.swift").path) {
                return directory
            }
            directory.deleteLastPathComponent()
        }
        return URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
    }()

    /// `Config/<name>` in the repository.
    public static func config(_ name: String) -> URL {
        url.appendingPathComponent("Config").appendingPathComponent(name)
    }
}
