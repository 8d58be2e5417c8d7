import Registry
import RegistryPostgreSQL

/// Where the registry lives: `database.url` (or `database.path`, or the CLI's `--database`) read as a SQLite path or
/// a PostgreSQL URL.
public enum DatabaseLocation: Sendable, Hashable, CustomStringConvertible {
    /// A SQLite file.
    case sqlite(path: String)
    /// A PostgreSQL database: a libpq URL, `postgres://USER@HOST:PORT/DB?sslmode=…` (or `postgresql://…`), with no
    /// password in it (``HearthConfiguration/databasePassword``).
    case postgres(url: String)

    /// The environment variable holding the PostgreSQL password when `database.passwordFile` is empty. Not a
    /// configuration key: the password never goes in the JSON file.
    public static let passwordVariable = "HEARTH_DATABASE_PASSWORD"

    /// Reads `text`: `postgres://…` or `postgresql://…` is PostgreSQL, `sqlite:PATH` or anything else a SQLite path.
    public init(_ text: String) {
        if text.hasPrefix("postgres://") || text.hasPrefix("postgresql://") {
            self = .postgres(url: text)
        } else if text.hasPrefix("sqlite:") {
            self = .sqlite(path: String(text.dropFirst("sqlite:".count)))
        } else {
            self = .sqlite(path: text)
        }
    }

    /// The SQLite file, or `nil` for PostgreSQL.
    public var sqlitePath: String? {
        if case .sqlite(let path) = self { return path }
        return nil
    }

    /// The location as messages show it (a PostgreSQL URL without any password written into it).
    public var description: String {
        switch self {
        case .sqlite(let path): return path
        case .postgres(let url): return PostgreSQLRegistry.redacted(url)
        }
    }
}
