import Clocks
import Foundation
import MatterModel
import RegistryTestSupport
import Testing

@testable import Registry

/// ``AttemptStore`` and challenges: PINs are hashed on import, wrong-PIN records are written with the EXECUTE's
/// transaction, wrong-password records with their account; both survive a restart.
extension StoreContractTests {
    static let pinLock = Device(
        id: "front-door",
        name: "Front door",
        deviceTypes: [.DoorLock],
        clusters: [.DoorLock: ClusterState(["LockState": .int(1)])],
        challenge: .pin(.clear("482915"))
    )
    static let ackHeater = Device(id: "heater", name: "Heater", deviceTypes: [.OnOffPlugInUnit], challenge: .ack)
    static let plainPlug = Device(id: "plug", name: "Plug", deviceTypes: [.OnOffPlugInUnit])
    static let challengeFile = DeviceFile(
        users: [UserDevices(agentUserId: "u", devices: [pinLock, ackHeater, plainPlug])]
    )

    @Test(arguments: StoreFactory.allCases)
    func importHashesThePIN(_ factory: StoreFactory) throws {
        try withStore(factory) { (store) throws in
            _ = try store.importDevices(Self.challengeFile)
            let devices = try store.devices(forUser: "u")
            guard case .pin(.hashed(let hash)) = devices[0].challenge else {
                Issue.record("expected a hashed PIN, got \(devices[0].challenge)")
                return
            }
            #expect(hash.hasPrefix("pbkdf2-sha256$\(PINHash.iterations)$"))
            #expect(!hash.contains("482915"))
            #expect(PINHash.verify("482915", against: hash))
            #expect(!PINHash.verify("482916", against: hash))
            #expect(devices[1].challenge == .ack)
            #expect(devices[2].challenge == .none)
            // What `hearth devices list` writes re-imports as is, without the PIN.
            let listed = DeviceFile(users: [UserDevices(agentUserId: "u", devices: devices)])
            #expect(!String(decoding: listed.encoded(), as: UTF8.self).contains("482915"))
            let reparsed = try DeviceFile.parse(listed.encoded())
            #expect(reparsed.users[0].devices.map(\.challenge) == devices.map(\.challenge))
            _ = try store.importDevices(reparsed)
            #expect(try store.devices(forUser: "u")[0].challenge == devices[0].challenge)
        }
    }

    /// A lock without a challenge is stored as such (it fails closed at EXECUTE: unlocking is refused).
    @Test(arguments: StoreFactory.allCases)
    func aDoorLockWithoutAChallengeIsStoredWithPolicyNone(_ factory: StoreFactory) throws {
        try withStore(factory) { (store) throws in
            var open = Self.pinLock
            open.challenge = .none
            _ = try store.importDevices(DeviceFile(users: [UserDevices(agentUserId: "u", devices: [open])]))
            #expect(try store.devices(forUser: "u").map(\.challenge) == [.none])
        }
    }

    @Test(arguments: StoreFactory.allCases)
    func attemptsAreOfferedForPINDevicesOnlyAndPersisted(_ factory: StoreFactory) throws {
        try withStore(factory) { (store) throws in
            _ = try store.importDevices(Self.challengeFile)
            let record = PINAttempts(failures: 2, windowStart: UnixTime(seconds: 100))
            try store.updateDevicesAndPINAttempts(forUser: "u", ids: ["front-door", "heater", "plug", "ghost"]) {
                devices,
                attempts in
                #expect(Set(devices.keys) == ["front-door", "heater", "plug"])
                #expect(attempts == ["front-door": PINAttempts()])
                attempts["front-door"] = record
                attempts["plug"] = record  // not a PIN device: ignored
            }
            #expect(try store.pinAttempts(forUser: "u", device: "front-door") == record)
            #expect(try store.pinAttempts(forUser: "u", device: "plug") == PINAttempts())
            // A failing body writes nothing.
            struct Boom: Error {}
            #expect(throws: Boom.self) {
                try store.updateDevicesAndPINAttempts(forUser: "u", ids: ["front-door"]) { _, attempts in
                    attempts["front-door"] = PINAttempts(lockedUntil: UnixTime(seconds: 999))
                    throw Boom()
                }
            }
            #expect(try store.pinAttempts(forUser: "u", device: "front-door") == record)
            // A re-import keeps the record; a clean record deletes it.
            _ = try store.importDevices(Self.challengeFile)
            #expect(try store.pinAttempts(forUser: "u", device: "front-door") == record)
            try store.updateDevicesAndPINAttempts(forUser: "u", ids: ["front-door"]) { _, attempts in
                #expect(attempts["front-door"] == record)
                attempts["front-door"] = PINAttempts()
            }
            #expect(try store.pinAttempts(forUser: "u", device: "front-door") == PINAttempts())
        }
    }

    @Test(arguments: StoreFactory.allCases)
    func pinAttemptsAreKeptPerUserForTheSameDeviceId(factory: StoreFactory) throws {
        try withStore(factory) { store in
            _ = try store.importDevices(
                DeviceFile(users: [
                    UserDevices(agentUserId: "alice", devices: [Self.pinLock]),
                    UserDevices(agentUserId: "bob", devices: [Self.pinLock]),
                ])
            )
            let record = PINAttempts(failures: 1, windowStart: now)
            try store.updateDevicesAndPINAttempts(forUser: "alice", ids: ["front-door"]) { _, attempts in
                attempts["front-door"] = record
            }
            #expect(try store.pinAttempts(forUser: "alice", device: "front-door") == record)
            #expect(try store.pinAttempts(forUser: "bob", device: "front-door") == PINAttempts())
            try store.updateDevicesAndPINAttempts(forUser: "bob", ids: ["front-door"]) { _, attempts in
                #expect(attempts["front-door"] == PINAttempts())
            }
        }
    }

    @Test(arguments: StoreFactory.allCases)
    func loginAttemptsAreKeptPerAccountAndACleanRecordClearsThem(factory: StoreFactory) throws {
        try withStore(factory) { store in
            try store.addAccount(user: "alice", login: "alice", password: "pw-a", now: now)
            try store.addAccount(user: "bob", login: "bob", password: "pw-b", now: now)
            let record = LoginAttempts(failures: 2, windowStart: now, lockedUntil: later(60))
            let returned = try store.updateLoginAttempts(user: "alice") { attempts -> Int in
                #expect(attempts == LoginAttempts())
                attempts = record
                return 7
            }
            #expect(returned == 7)
            #expect(try store.signInRecord(login: "alice")?.attempts == record)
            #expect(try store.signInRecord(login: "bob")?.attempts == LoginAttempts())
            // A failing body writes nothing.
            struct Boom: Error {}
            #expect(throws: Boom.self) {
                try store.updateLoginAttempts(user: "alice") { attempts in
                    attempts = LoginAttempts(failures: 9)
                    throw Boom()
                }
            }
            #expect(try store.signInRecord(login: "alice")?.attempts == record)
            try store.updateLoginAttempts(user: "alice") { attempts in
                #expect(attempts == record)
                attempts = LoginAttempts()
            }
            #expect(try store.signInRecord(login: "alice")?.attempts == LoginAttempts())
        }
    }

    @Test(arguments: StoreFactory.allCases)
    func loginAttemptsOfAUserWithoutAnAccountAreNotKept(factory: StoreFactory) throws {
        try withStore(factory) { store in
            _ = try store.importDevices(Fixtures.file([("alice", [Fixtures.plug])]))
            try store.updateLoginAttempts(user: "alice") { attempts in
                #expect(attempts == LoginAttempts())
                attempts = LoginAttempts(failures: 1, windowStart: now)
            }
            try store.updateLoginAttempts(user: "alice") { attempts in #expect(attempts == LoginAttempts()) }
            #expect(try store.accounts() == [])
        }
    }

    @Test(arguments: StoreFactory.persistent)
    func challengesHashesAndLockoutsSurviveARestart(factory: StoreFactory) throws {
        let lockout = PINAttempts(failures: 0, windowStart: nil, lockedUntil: UnixTime(seconds: 1_900_000_000))
        var before: [Device] = []
        try withReopenedStore(factory) { store in
            _ = try store.importDevices(Self.challengeFile)
            before = try store.devices(forUser: "u")
            try store.updateDevicesAndPINAttempts(forUser: "u", ids: ["front-door"]) { _, attempts in
                attempts["front-door"] = lockout
            }
        } read: { (reopened) throws in
            #expect(try reopened.devices(forUser: "u") == before)
            #expect(try reopened.pinAttempts(forUser: "u", device: "front-door") == lockout)
        }
    }
}
