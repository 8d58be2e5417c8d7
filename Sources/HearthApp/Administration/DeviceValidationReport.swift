import Fulfillment
import MatterModel
import SmartHomeProtocol

/// `hearth devices validate`'s findings as text: per device `ok`, `REJECTED` (`DeviceValidation.violations`),
/// `PROBLEM` (`DeviceValidation.problems` only) or `kept, not exposed to Google: <reason>` (a device type Hearth maps
/// to no Google type yet; not a failure), each finding, then warnings, and a last line of counts.
public struct DeviceValidationReport: Sendable {
    /// The report, one line per device and per finding.
    public private(set) var text = ""
    /// Devices checked.
    public private(set) var checked = 0
    /// Devices Google would reject (Hearth leaves them out of SYNC).
    public private(set) var rejected = 0
    /// Devices Google accepts that break a requirement of its documents (and are not rejected).
    public private(set) var withProblems = 0
    /// Devices kept in the registry but not exposed to Google (no Google type for their device type).
    public private(set) var notExposed = 0

    /// Whether every device passed: none rejected, none with a problem.
    public var passed: Bool { rejected == 0 && withProblems == 0 }

    /// Validates each user's devices as the SYNC Hearth would send with `options`.
    init(users: [(String, [Device])], options: FulfillmentOptions) {
        var lines: [String] = []
        for (user, devices) in users {
            for device in devices {
                let validation = DeviceValidation(
                    device: device,
                    willReportState: options.willReportState,
                    allowAckUnlock: options.allowAckUnlock
                )
                checked += 1
                let verdict: String
                if let reason = validation.notExposedReason {
                    notExposed += 1
                    verdict = "kept, not exposed to Google: \(reason)"
                } else if !validation.isValid {
                    rejected += 1
                    verdict = "REJECTED"
                } else if !validation.problems.isEmpty {
                    withProblems += 1
                    verdict = "PROBLEM"
                } else {
                    verdict = "ok"
                }
                lines.append("\(user)/\(device.id): \(verdict)")
                for violation in validation.violations { lines.append("  \(violation.path): \(violation.message)") }
                for problem in validation.problems { lines.append("  problem: \(problem.path): \(problem.message)") }
                for warning in validation.warnings { lines.append("  warning: \(warning.path): \(warning.message)") }
            }
        }
        lines.append(
            "\(checked) device(s) checked, \(rejected) would be rejected by Google, \(withProblems) with problems"
                + (notExposed > 0 ? ", \(notExposed) kept but not exposed to Google" : "")
        )
        text = lines.joined(separator: "\n")
    }
}
