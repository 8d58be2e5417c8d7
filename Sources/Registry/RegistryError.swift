/// An error of the registry itself (SQLite's own errors surface as GRDB's `DatabaseError`).
public struct RegistryError: Error, Sendable, CustomStringConvertible {
    /// What kind of failure this is.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        private enum Base: String, Hashable, Sendable {
            case corruptData
            case invalidDevice
            case conflict
            case cannotOpen
            case notFound
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
        /// The database file cannot be opened or created (see ``RegistryError/openFailure``).
        public static let cannotOpen = Code(.cannotOpen)
        /// The user or device a change names does not exist.
        public static let notFound = Code(.notFound)

        public var description: String { base.rawValue }
    }

    /// What kind of failure this is.
    public var code: Code
    /// What failed, naming the user, device or column where known. Never contains a token.
    public var message: String

    /// Why the database could not be opened, when ``code`` is ``Code/cannotOpen``.
    public var openFailure: OpenFailure?

    /// Why a database file could not be opened, by SQLite's primary result code.
    public enum OpenFailure: Sendable, Hashable {
        /// `SQLITE_CANTOPEN`: the file (or its directory) does not exist or cannot be created.
        case cannotCreate
        /// `SQLITE_PERM`, `SQLITE_READONLY`, `SQLITE_AUTH`: the file or its directory is not writable.
        case permissionDenied
        /// `SQLITE_BUSY`, `SQLITE_LOCKED`: another process held the database past the busy timeout.
        case busy
        /// `SQLITE_NOTADB`, `SQLITE_CORRUPT`: the file is not a SQLite database, or is damaged.
        case notADatabase
        /// `SQLITE_IOERR`, `SQLITE_FULL` and the rest: the disk failed or is full.
        case storage
        /// The database was migrated by a newer Hearth: it has a migration this build does not know.
        case newerSchema
        /// PostgreSQL: the server could not be reached, or refused the connection (authentication, no database).
        case unreachable
    }

    /// Creates an error.
    public init(code: Code, message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { "RegistryError.\(code): \(message)" }
}
