/// A device file that cannot be used: it cannot be read, or its content is refused.
public struct DeviceFileError: Error, Sendable, CustomStringConvertible {
    /// What is wrong with the file.
    public enum Code: Sendable, Hashable {
        /// The file does not exist or cannot be read.
        case unreadable
        /// The file was read, but it is not JSON or not a valid device file (the message names the field).
        case invalid
    }

    /// What is wrong with the file.
    public var code: Code
    /// The file's path as given.
    public var path: String
    /// What is wrong, naming the file, and the user, device and field when the content is wrong.
    public var message: String

    /// Creates an error.
    public init(code: Code, path: String, message: String) {
        self.code = code
        self.path = path
        self.message = message
    }

    public var description: String { message }
}
