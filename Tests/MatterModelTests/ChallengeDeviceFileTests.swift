import Testing

@testable import MatterModel

/// The device file's `"challenge"`: the forms it takes, the refusals, the DoorLock rule, and that encoding never
/// writes a PIN in clear.
struct ChallengeDeviceFileTests {
    static let hash = "pbkdf2-sha256$50000$c2FsdHNhbHRzYWx0c2FsdA$aGFzaGhhc2hoYXNoaGFzaGhhc2hoYXNoaGFzaGhhc2g"

    static func file(_ device: String) -> String {
        #"{"users": [{"agentUserId": "u", "devices": [\#(device)]}]}"#
    }

    static func plug(_ challenge: String) -> String {
        file(#"{"id": "p", "name": "P", "deviceTypes": ["OnOffPlugInUnit"], "challenge": \#(challenge)}"#)
    }

    static func lock(_ challenge: String?) -> String {
        file(
            #"{"id": "l", "name": "L", "deviceTypes": ["DoorLock"]"#
                + (challenge.map { #", "challenge": \#($0)"# } ?? "") + "}"
        )
    }

    static func policy(_ text: String) throws -> ChallengePolicy {
        try #require(try DeviceFile.parse(text).users.first?.devices.first).challenge
    }

    @Test func acceptedForms() throws {
        #expect(try Self.policy(Self.file(#"{"id": "p", "name": "P", "deviceTypes": ["OnOffPlugInUnit"]}"#)) == .none)
        #expect(try Self.policy(Self.plug(#""none""#)) == .none)
        #expect(try Self.policy(Self.plug(#"null"#)) == .none)
        #expect(try Self.policy(Self.plug(#""ack""#)) == .ack)
        #expect(try Self.policy(Self.plug(#"{"type": "ack"}"#)) == .ack)
        #expect(try Self.policy(Self.plug(#"{"pin": "1234"}"#)) == .pin(.clear("1234")))
        #expect(try Self.policy(Self.plug(#"{"type": "pin", "pin": "000000000000"}"#)) == .pin(.clear("000000000000")))
        #expect(try Self.policy(Self.plug(#"{"pinHash": "\#(Self.hash)"}"#)) == .pin(.hashed(Self.hash)))
        #expect(try Self.policy(Self.lock(#"{"pin": "1234"}"#)) == .pin(.clear("1234")))
        #expect(try Self.policy(Self.lock(#""ack""#)) == .ack)
    }

    /// A lock without a challenge imports (a device file written for another system must not be refused), with
    /// policy none: unlocking it then answers `remoteSetDisabled` (ChallengeExecuteTests).
    @Test func aLockWithoutAChallengeImportsWithPolicyNone() throws {
        for json in [Self.lock(nil), Self.lock(#""none""#), Self.lock(#"{"type": "none"}"#)] {
            let device = try #require(try DeviceFile.parse(json).users.first?.devices.first)
            #expect(device.challenge == .none)
            #expect(device.hasDoorLock)
        }
    }

    struct Refusal: Sendable, CustomTestStringConvertible {
        var label: String
        var json: String
        var code: DeviceFileError.Code
        var field: String
        var testDescription: String { label }
    }

    @Test(arguments: [
        Refusal(label: "three digits", json: plug(#"{"pin": "123"}"#), code: .invalidChallenge, field: "challenge.pin"),
        Refusal(
            label: "13 digits",
            json: plug(#"{"pin": "1234567890123"}"#),
            code: .invalidChallenge,
            field: "challenge.pin"
        ),
        Refusal(label: "letters", json: plug(#"{"pin": "12a4"}"#), code: .invalidChallenge, field: "challenge.pin"),
        Refusal(
            label: "non-ASCII digits",
            json: plug(#"{"pin": "١٢٣٤"}"#),
            code: .invalidChallenge,
            field: "challenge.pin"
        ),
        Refusal(label: "number", json: plug(#"{"pin": 1234}"#), code: .invalidChallenge, field: "challenge.pin"),
        Refusal(
            label: "pin without PIN",
            json: plug(#"{"type": "pin"}"#),
            code: .invalidChallenge,
            field: "challenge.pin"
        ),
        Refusal(label: "bare pin", json: plug(#""pin""#), code: .invalidChallenge, field: "challenge"),
        Refusal(label: "unknown word", json: plug(#""password""#), code: .invalidChallenge, field: "challenge"),
        Refusal(label: "a number", json: plug("1234"), code: .invalidChallenge, field: "challenge"),
        Refusal(
            label: "unknown type",
            json: plug(#"{"type": "face"}"#),
            code: .invalidChallenge,
            field: "challenge.type"
        ),
        Refusal(
            label: "ack with pin",
            json: plug(#"{"type": "ack", "pin": "1234"}"#),
            code: .invalidChallenge,
            field: "challenge.type"
        ),
        Refusal(
            label: "pin and hash",
            json: plug(#"{"pin": "1234", "pinHash": "\#(hash)"}"#),
            code: .invalidChallenge,
            field: "challenge.pin"
        ),
        Refusal(
            label: "malformed hash",
            json: plug(#"{"pinHash": "sha1$1$x$y"}"#),
            code: .invalidChallenge,
            field: "challenge.pinHash"
        ),
        Refusal(label: "unknown key", json: plug(#"{"code": "1234"}"#), code: .unknownKey, field: "challenge.code"),
    ])
    func refusals(_ refusal: Refusal) throws {
        let error = #expect(throws: DeviceFileError.self) { try DeviceFile.parse(refusal.json) }
        #expect(error?.code == refusal.code, "\(refusal.label): \(String(describing: error))")
        #expect(error?.field == refusal.field, "\(refusal.label)")
        #expect(error?.device == (refusal.json.contains("DoorLock") ? "l" : "p"))
    }

    @Test func refusalsNeverRepeatThePIN() throws {
        for pin in ["123", "1234567890123", "12a4"] {
            let error = #expect(throws: DeviceFileError.self) {
                try DeviceFile.parse(Self.plug(#"{"pin": "\#(pin)"}"#))
            }
            #expect(error.map { !$0.description.contains(pin) } == true, "\(pin)")
        }
        let number = #expect(throws: DeviceFileError.self) { try DeviceFile.parse(Self.plug(#"{"pin": 987654}"#)) }
        #expect(number.map { !$0.description.contains("987654") } == true)
    }

    @Test func encodingNeverWritesAClearPIN() throws {
        let file = try DeviceFile.parse(Self.lock(#"{"pin": "482915"}"#))
        let text = String(decoding: file.encoded(), as: UTF8.self)
        #expect(!text.contains("482915"))
        #expect(text.contains(#""type": "pin""#))
        // What is written without the PIN cannot be re-imported by mistake: it asks for the PIN again.
        let error = #expect(throws: DeviceFileError.self) { try DeviceFile.parse(file.encoded()) }
        #expect(error?.field == "challenge.pin")
    }

    @Test func hashedPINAndAckRoundTrip() throws {
        for challenge in [#"{"pinHash": "\#(Self.hash)"}"#, #""ack""#] {
            let file = try DeviceFile.parse(Self.lock(challenge))
            #expect(try DeviceFile.parse(file.encoded()) == file)
        }
        let plain = try DeviceFile.parse(Self.plug(#""none""#))
        #expect(!String(decoding: plain.encoded(), as: UTF8.self).contains("challenge"))
        #expect(try DeviceFile.parse(plain.encoded()) == plain)
    }

    @Test func descriptionsAreRedacted() {
        let policy = ChallengePolicy.pin(.clear("482915"))
        #expect(!"\(policy)".contains("482915"))
        #expect(!String(reflecting: PINSecret.clear("482915")).contains("482915"))
        #expect(!"\(Device(id: "l", name: "L", deviceTypes: [.DoorLock], challenge: policy))".contains("482915"))
    }
}
