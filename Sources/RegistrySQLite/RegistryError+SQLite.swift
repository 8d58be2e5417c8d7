import Foundation
import GRDB
import Registry

extension RegistryError {
    /// SQLite's refusal to open `path`, as a ``Code/cannotOpen`` error whose message names the file, says why in
    /// words (not "SQLite error 14") and what to do.
    static func opening(path: String, _ error: DatabaseError) -> RegistryError {
        let directory = URL(fileURLWithPath: path).deletingLastPathComponent().path
        let failure: OpenFailure
        let reason: String
        switch error.resultCode {
        case .SQLITE_CANTOPEN:
            failure = .cannotCreate
            var isDirectory: ObjCBool = false
            if !FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory) {
                reason = "the directory \(directory) does not exist; create it, or give a path in an existing directory"
            } else if !isDirectory.boolValue {
                reason = "\(directory) is not a directory; give a path in an existing directory"
            } else {
                reason =
                    "SQLite cannot open or create the file (\(error.message ?? "unable to open database file")); "
                    + "check that it is a file and that \(directory) is writable"
            }
        case .SQLITE_PERM, .SQLITE_READONLY, .SQLITE_AUTH:
            failure = .permissionDenied
            reason =
                "permission denied (\(error.message ?? "read-only")); make the file and \(directory) writable by "
                + "this user"
        case .SQLITE_BUSY, .SQLITE_LOCKED:
            failure = .busy
            reason = "another process holds it locked (\(error.message ?? "database is locked")); try again"
        case .SQLITE_NOTADB, .SQLITE_CORRUPT:
            failure = .notADatabase
            reason =
                "it is not a SQLite database, or it is damaged (\(error.message ?? "file is not a database")); "
                + "give the registry's path, or restore it from a backup"
        default:
            failure = .storage
            reason = "\(error.message ?? "SQLite error \(error.resultCode.rawValue)"); check the disk (space, errors)"
        }
        var opening = RegistryError(code: .cannotOpen, message: "cannot open the database \(path): \(reason)")
        opening.openFailure = failure
        return opening
    }
}
