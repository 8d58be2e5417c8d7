/// An error of the registry itself (SQLite's own errors surface as GRDB's `DatabaseError`).
public struct RegistryError: Error, Sendable, CustomStringConvertible {
    /// What kind of failure this is.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        private enum Base: String, Hashable, Sendable {
            case corruptData
            case invalidDevice
            case conflict
        }

        private let base: Base

        private init(_ base: Base) {
            self.base = base
        }

        /// A stored value could not be decoded (a hand-edited or newer database).
        public static let corruptData = Code(.corruptData)
        /// A device refused by an import (the whole import is refused).
        public static let invalidDevice = Code(.invalidDevice)
        /// What was to be created exists already (a login taken, a user that already has one).
        public static let conflict = Code(.conflict)

        public var description: String { base.rawValue }
    }

    /// What kind of failure this is.
    public var code: Code
    /// What failed, naming the user, device or column where known. Never contains a token.
    public var message: String

    /// Creates an error.
    public init(code: Code, message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { "RegistryError.\(code): \(message)" }
}
