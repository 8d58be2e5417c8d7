/// How `hearth` exits: 0, 1 for `devices validate`'s findings, else the BSD `sysexits.h` codes. The Command line
/// reference's "Exit codes" table says when each is used; keep the two in step.
public enum ExitStatus: Int32, CaseIterable, Sendable {
    /// Everything worked.
    case success = 0
    /// `devices validate`: Google would reject at least one device; `replay`: at least one answer differs.
    case rejected = 1
    /// `EX_USAGE`: the command line is wrong (an unknown option, a missing or bad value, options that conflict).
    case usage = 64
    /// `EX_DATAERR`: the input is wrong: a device file that does not parse or is invalid, a value the registry
    /// refuses, a device that cannot do what was asked, a database file that is not a SQLite database.
    case dataError = 65
    /// `EX_NOINPUT`: an input does not exist or cannot be read: a device file, the database, standard input.
    case noInput = 66
    /// `EX_NOUSER`: the agent user (or login) named does not exist in the registry.
    case noUser = 67
    /// `EX_UNAVAILABLE`: a service is unavailable: the port is taken, or libmicrohttpd lacks TLS.
    case unavailable = 69
    /// `EX_SOFTWARE`: an internal error (a bug: please report it with the message).
    case software = 70
    /// `EX_OSERR`: the operating system refused (listening failed for another reason).
    case osError = 71
    /// `EX_CANTCREAT`: the database cannot be created (its directory does not exist).
    case cannotCreate = 73
    /// `EX_IOERR`: reading or writing the database failed (disk error or full).
    case ioError = 74
    /// `EX_TEMPFAIL`: the database stayed locked by another process; try again.
    case temporaryFailure = 75
    /// `EX_NOPERM`: permission denied: the database or its directory is not writable, a port needs privileges.
    case noPermission = 77
    /// `EX_CONFIG`: the configuration is wrong: an unknown key or environment variable, a value out of range, a
    /// file it names (TLS, HomeGraph key, OAuth secret) that cannot be read or is refused.
    case configuration = 78
}
