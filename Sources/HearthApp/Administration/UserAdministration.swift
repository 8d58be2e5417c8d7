import Clocks
import Foundation
import Registry

/// The sign-in accounts of account linking (`hearth users`): one login per agent user, its password stored only as
/// a PBKDF2-HMAC-SHA256 hash.
public struct UserAdministration: Sendable {
    /// An account as `hearth users list` shows it: never a hash.
    public struct Account: Sendable, Hashable {
        /// The agent user the login signs in as.
        public var user: String
        /// The login name.
        public var login: String
        /// When the account was created, to the second.
        public var created: Date

        /// Creates an account as listed.
        public init(user: String, login: String, created: Date) {
            self.user = user
            self.login = login
            self.created = created
        }
    }

    let administration: Administration

    init(_ administration: Administration) {
        self.administration = administration
    }

    /// Creates `user`'s login, creating the registry when it does not exist yet (an account may come before any
    /// device).
    ///
    /// - Throws: ``CommandFailure`` `.dataError` when the login exists already.
    public func add(user: String, login: String, password: String) throws {
        try administration.withRegistry { store in
            do {
                try store.addAccount(user: user, login: login, password: password, now: administration.clock.unixTime)
            } catch let error as RegistryError where error.code == .conflict {
                throw CommandFailure(.dataError, "\(error.message); choose another --login, or remove the old one")
            }
        }
    }

    /// Every account, sorted by user.
    public func list() throws -> [Account] {
        try administration.withRegistry { store in
            try store.accounts().map {
                Account(user: $0.agentUserId, login: $0.login, created: Date(unixTime: $0.created))
            }
        }
    }

    /// Removes `user`'s login and revokes all its tokens; the devices stay.
    ///
    /// - Throws: ``CommandFailure`` `.noUser` when the user has no login.
    public func remove(user: String) throws {
        try administration.withRegistry { store in
            guard try store.removeAccount(user: user) else {
                throw CommandFailure(.noUser, "user \"\(user)\" has no login: check --user (`hearth users list`)")
            }
        }
    }

    /// The password given as `input` (all of standard input for `hearth users add`): without one trailing newline
    /// (`\n` or `\r\n`).
    ///
    /// - Throws: ``CommandFailure`` `.dataError` for invalid UTF-8, `.noInput` for an empty password.
    public static func password(from input: Data) throws -> String {
        var bytes = Array(input)
        if bytes.last == UInt8(ascii: "\n") { bytes.removeLast() }
        if bytes.last == UInt8(ascii: "\r") { bytes.removeLast() }
        guard let password = String(validating: bytes, as: UTF8.self) else {
            throw CommandFailure(.dataError, "the password on standard input is not UTF-8; give it as UTF-8 text")
        }
        guard !password.isEmpty else {
            throw CommandFailure(
                .noInput,
                "no password on standard input (pipe it in: printf '%s' \"$PASSWORD\" | hearth users add …)"
            )
        }
        return password
    }
}
