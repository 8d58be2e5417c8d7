import Foundation
import MatterModel

/// Reads a device file from disk and parses it (all the checks are `DeviceFile.parse`'s).
public enum DeviceFileLoader {
    /// The parsed file; errors name the file, and the user, device and field when the content is wrong.
    /// A pipe works as well as a file (`hearth devices import /dev/stdin <home.json`, how the file reaches a command
    /// run as the service's user or in a container).
    public static func load(path: String) throws -> DeviceFile {
        // FileManager reads regular files; a pipe (/dev/stdin, `<(…)`) it answers with nil, a FileHandle reads to EOF.
        let contents =
            FileManager.default.contents(atPath: path) ?? (try? FileHandle(forReadingAtPath: path)?.readToEnd())
        guard let data = contents else {
            throw ConfigurationError("cannot read the device file \(path)")
        }
        do {
            return try DeviceFile.parse(Array(data))
        } catch {
            throw ConfigurationError("\(path): \(error)")
        }
    }
}
