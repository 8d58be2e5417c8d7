/// Where wrong secrets are counted: wrong PINs per (user, device), wrong passwords per sign-in account. The
/// counting rules (windows, lockouts) are the callers'; a store only keeps the records, across restarts.
///
/// Wrong PINs are written with the EXECUTE that gave them, in its transaction
/// (``DeviceStore/updateDevicesAndPINAttempts(forUser:ids:_:)``); wrong passwords here. Every method is synchronous,
/// safe from any thread, and one transaction.
public protocol AttemptStore: Sendable {
    /// The wrong-PIN record of one device (clean when none), for tests and tools.
    func pinAttempts(forUser agentUserId: String, device id: String) throws -> PINAttempts

    /// Runs `body` on a user's wrong-password record in one write transaction and stores what it leaves (a clean
    /// record clears it). A user without an account is left alone and `body` sees a clean record.
    func updateLoginAttempts<T>(user agentUserId: String, _ body: (inout LoginAttempts) throws -> T) throws -> T
}
