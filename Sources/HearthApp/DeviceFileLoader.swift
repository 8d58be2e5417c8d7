import Foundation
import MatterModel

/// Reads a device file from disk and parses it (all the checks are `DeviceFile.parse`'s).
public enum DeviceFileLoader {
    /// The parsed file. A pipe works as well as a file (`hearth devices import /dev/stdin <home.json`, how the file
    /// reaches a command run as the service's user or in a container).
    ///
    /// - Parameters:
    ///   - path: The file to read (a pipe works too).
    ///   - role: How the message names the file: "the device file", or "devices.seedFile" for the seed.
    /// - Throws: ``DeviceFileError``: ``DeviceFileError/Code/unreadable`` naming the path (and the working directory
    ///   a relative path is read from), or ``DeviceFileError/Code/invalid`` naming the user, device and field.
    public static func load(path: String, role: String = "the device file") throws(DeviceFileError) -> DeviceFile {
        // FileManager reads regular files; a pipe (/dev/stdin, `<(…)`) it answers with nil, a FileHandle reads to EOF.
        let contents =
            FileManager.default.contents(atPath: path) ?? (try? FileHandle(forReadingAtPath: path)?.readToEnd())
        guard let data = contents else {
            let directory = FileManager.default.currentDirectoryPath
            let whereFrom = path.hasPrefix("/") ? "" : " (relative to the working directory \(directory))"
            let reason = FileManager.default.fileExists(atPath: path) ? "cannot be read" : "does not exist"
            throw DeviceFileError(
                code: .unreadable,
                path: path,
                message: "\(role) \(path)\(whereFrom) \(reason)"
            )
        }
        do {
            return try DeviceFile.parse(Array(data))
        } catch {
            throw DeviceFileError(code: .invalid, path: path, message: "\(path): \(error)")
        }
    }
}
