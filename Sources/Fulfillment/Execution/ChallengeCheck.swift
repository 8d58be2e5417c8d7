import Clocks
import JSON
import MatterModel
import Registry
import SmartHomeProtocol

/// Google's secondary user verification for one device in one EXECUTE: which steps need a challenge, and whether
/// the challenge the request carries passes. Runs before any step, so a device that needs a challenge is never
/// half-changed.
///
/// Sensitive steps (``isSensitive(_:policy:traits:type:)``): unlocking (`LockUnlock` with anything but `lock: true`)
/// and the other steps Google requires a PIN for (``isUnlock(_:type:)``) always, whatever the policy (a device whose policy is `none` answers `remoteSetDisabled` to it: remote unlocking
/// needs a PIN in the device file); with policy `ack` or `pin`, every other command of the device too, except
/// locking, which only makes a home safer.
///
/// Unlocking on a spoken yes is off by default. Google's Secondary User Verification page
/// (developers.home.google.com/cloud-to-cloud/enhancements/secondary-user-verification) lists the LockUnlock trait
/// when unlocking among the combinations that need the `pinNeeded` challenge type for certification, and describes
/// `ackNeeded` as not recommended for security devices and traits; so with policy `ack` an unlock answers `remoteSetDisabled` (before any ack is asked for) unless `fulfillment.allowAckUnlock` is set
/// (``allowAckUnlock``), and `hearth devices validate` says so for such a lock.
///
/// Outcomes, after Google's "Secondary user verification" guide and its EXECUTE error reference:
/// - policy `ack`: an unlock without ``allowAckUnlock``: `ERROR` / `remoteSetDisabled`. Otherwise a sensitive step
///   with `challenge.ack == true` passes; else `ERROR` / `challengeNeeded` / `ackNeeded`, with the device's current
///   `states` for the traits the steps address, so that the Assistant can say what it is asking about ("the
///   thermostat is in heat mode, are you sure?").
/// - policy `pin`: while a lockout runs, `ERROR` / `tooManyFailedAttempts` (no PIN is even looked at). No PIN:
///   `challengeNeeded` / `pinNeeded`. A wrong PIN: counted, then `challengeNeeded` / `challengeFailedPinNeeded`,
///   or, when it is the `maxAttempts`-th within the window, a lockout starts and the answer is
///   `tooManyFailedAttempts`. The right PIN clears the count. A window that has ended starts a new count (the
///   counting and lockout rules are ``LockoutPolicy``'s, the same as sign-in's).
struct ChallengeCheck {
    /// What the check decided.
    enum Outcome: Equatable {
        /// Run the steps.
        case proceed
        /// Answer `ERROR` with this error code, challenge type, states and `debugString`; run nothing.
        case refuse(ErrorCode, ChallengeType?, includeStates: Bool, debugString: String? = nil)
    }

    let lockout: LockoutPolicy
    let now: UnixTime
    /// `fulfillment.allowAckUnlock`: whether a device whose policy is `ack` may be unlocked on a spoken yes.
    var allowAckUnlock = false

    /// Why a lock without a PIN does not unlock, for the developer (`debugString`).
    static let unlockNeedsAPIN =
        "remote unlocking needs a PIN: give the lock \"challenge\": {\"pin\": \"<4-12 digits>\"} in the device file"
    /// Why an `ack` lock does not unlock, for the developer (`debugString`).
    static let ackDoesNotUnlock =
        "an ack does not unlock (fulfillment.allowAckUnlock is false): give the lock \"challenge\": {\"pin\": …}"

    /// Whether a step needs a PIN whatever the policy (``SecondaryUserVerification/requiresPIN(_:params:type:)``):
    /// unlocking, disarming or cancelling arming, and a ROUTER's or NETWORK's Reboot, SoftwareUpdate and
    /// NetworkControl commands. All are held to unlocking's rules.
    static func isUnlock(_ step: ExecuteRequest.Execution, type: GoogleDeviceType?) -> Bool {
        guard let command = step.command else { return false }
        return SecondaryUserVerification.requiresPIN(command, params: step.params, type: type)
    }

    /// Whether a step needs the device's challenge. A command the device cannot carry out (unknown, or of a trait
    /// the device lacks) never does: it fails on its own, and asking for a PIN first would only waste one.
    static func isSensitive(
        _ step: ExecuteRequest.Execution,
        policy: ChallengePolicy,
        traits: Set<Trait>,
        type: GoogleDeviceType?
    ) -> Bool {
        guard let command = step.command, traits.contains(command.trait) else { return false }
        if isUnlock(step, type: type) { return true }
        // Locking and arming never ask.
        return policy != .none && command != .lockUnlock && command != .armDisarm
    }

    /// Decides for one device with the given Google traits and type, updating its wrong-PIN record (`attempts`,
    /// `nil` unless the policy is a PIN).
    func check(
        _ steps: [ExecuteRequest.Execution],
        policy: ChallengePolicy,
        traits: Set<Trait>,
        type: GoogleDeviceType?,
        attempts: inout PINAttempts?
    ) -> Outcome {
        let sensitive = steps.filter { Self.isSensitive($0, policy: policy, traits: traits, type: type) }
        guard !sensitive.isEmpty else { return .proceed }
        switch policy {
        case .none:
            // Only unlocking is sensitive without a policy: refuse it rather than unlock with no verification.
            return .refuse(.remoteSetDisabled, nil, includeStates: false, debugString: Self.unlockNeedsAPIN)
        case .ack:
            if !allowAckUnlock, sensitive.contains(where: { Self.isUnlock($0, type: type) }) {
                // Asking for a yes that cannot unlock would only waste the user's answer.
                return .refuse(.remoteSetDisabled, nil, includeStates: false, debugString: Self.ackDoesNotUnlock)
            }
            let acknowledged = sensitive.contains { $0.challenge?["ack"]?.boolValue == true }
            return acknowledged ? .proceed : .refuse(.challengeNeeded, .ackNeeded, includeStates: true)
        case .pin(let secret):
            var record = attempts ?? PINAttempts()
            defer { attempts = record }
            if lockout.isLocked(record, now: now) { return .refuse(.tooManyFailedAttempts, nil, includeStates: false) }
            record = lockout.clearingEndedLockout(record, now: now)
            guard let pin = sensitive.lazy.compactMap({ $0.challenge?["pin"]?.stringValue }).first else {
                return .refuse(.challengeNeeded, .pinNeeded, includeStates: false)
            }
            if PINHash.verify(pin, secret: secret) {
                record = PINAttempts()
                return .proceed
            }
            if lockout.recordFailure(&record, now: now) {
                return .refuse(.tooManyFailedAttempts, nil, includeStates: false)
            }
            return .refuse(.challengeNeeded, .challengeFailedPinNeeded, includeStates: false)
        }
    }
}
