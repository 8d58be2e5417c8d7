import Foundation
import HearthApp
import HearthFakes
import HearthTestSupport

/// A temporary directory with an empty configuration file, and ``Administration`` values over a SQLite registry in
/// it whose clock is a ``ManualClock`` (2026-01-01T00:00:00Z).
struct AdministrationScratch {
    let directory: TemporaryDirectory
    let clock = ManualClock()
    /// `{}`: so that no `Config/hearth.json` of the working directory is read.
    let configurationFile: String

    init() throws {
        directory = try TemporaryDirectory()
        configurationFile = try directory.write("hearth.json", "{}")
    }

    /// The registry `hearth.sqlite` in the directory.
    var database: String { directory.path("hearth.sqlite") }

    /// The manual clock's time as a date.
    var now: Date { Date(timeIntervalSince1970: Double(clock.unixMilliseconds / 1000)) }

    /// The app layer over `database` (default: ``database``), with no environment.
    func administration(database: String? = nil) throws -> Administration {
        try Administration(
            configurationFile: configurationFile,
            database: database ?? self.database,
            environment: [:],
            clock: clock
        )
    }

    /// Imports the repository's example home (`Config/devices.json`, user `demo-user`).
    @discardableResult
    func importExampleHome() throws -> DeviceAdministration.Imported {
        try administration().devices.importFile(RepositoryRoot.config("devices.json").path)
    }

    func remove() {
        directory.remove()
    }
}

/// The exit status `body` fails with, as `hearth` would exit: `nil` when it does not fail.
func failureStatus(_ body: () throws -> Void) -> ExitStatus? {
    do {
        try body()
        return nil
    } catch {
        return CommandFailure(error).status
    }
}
