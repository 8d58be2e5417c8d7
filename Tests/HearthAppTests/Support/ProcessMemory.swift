import Foundation

/// A process's memory as Linux reports it in `/proc/PID/status`.
struct ProcessMemory: CustomStringConvertible {
    /// Resident set size now (`VmRSS`), in KiB.
    var residentKiB: Int
    /// The largest resident set size so far (`VmHWM`, the high-water mark), in KiB.
    var peakResidentKiB: Int

    /// Reads `/proc/<pid>/status`; `nil` when the process is gone or the fields are missing (not Linux).
    init?(pid: Int32) {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return nil }
        func kibibytes(_ field: String) -> Int? {
            guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix(field + ":") }) else {
                return nil
            }
            return line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first.flatMap { Int($0) }
        }
        guard let resident = kibibytes("VmRSS"), let peak = kibibytes("VmHWM") else { return nil }
        residentKiB = resident
        peakResidentKiB = peak
    }

    var description: String {
        "VmRSS \(residentKiB) KiB, VmHWM \(peakResidentKiB) KiB"
    }
}
