import Foundation
import MatterModel

/// Reads a device file from disk and parses it (all the checks are `DeviceFile.parse`'s).
public enum DeviceFileLoader {
    /// The parsed file; errors name the file, and the user, device and field when the content is wrong.
    public static func load(path: String) throws -> DeviceFile {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ConfigurationError("cannot read the device file \(path)")
        }
        do {
            return try DeviceFile.parse(Array(data))
        } catch {
            throw ConfigurationError("\(path): \(error)")
        }
    }
}
