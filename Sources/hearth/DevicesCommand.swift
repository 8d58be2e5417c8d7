import ArgumentParser
import Foundation
import Fulfillment
import HearthApp
import MatterModel
import Registry
import SmartHomeProtocol

/// `hearth devices import|list|validate`.
struct DevicesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "devices",
        abstract: "Manage the device registry.",
        subcommands: [ImportCommand.self, ListCommand.self, ValidateCommand.self, SetCommand.self, EventCommand.self]
    )

    /// `hearth devices import FILE`.
    struct ImportCommand: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "import",
            abstract: "Import a device file: upsert every user and device, all or nothing."
        )

        @Argument(help: "The device file (see the README's device file format).")
        var file: String

        @OptionGroup var common: CommonOptions

        func run() throws {
            let configuration = try common.load()
            let deviceFile = try DeviceFileLoader.load(path: file)
            let store = try Storage.open(configuration)
            let summary = try store.importDevices(deviceFile)
            try store.close()
            print(
                "imported \(file): \(summary.users) user(s), \(summary.added) device(s) added, "
                    + "\(summary.updated) updated"
            )
        }
    }

    /// `hearth devices list --user ID`.
    struct ListCommand: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list",
            abstract: "List one user's devices with their Matter state."
        )

        @Option(name: .long, help: "The agent user id.")
        var user: String

        @OptionGroup var common: CommonOptions

        func run() throws {
            let (store, _) = try common.openStore(forUser: user)
            defer { try? store.close() }
            let devices = try store.devices(forUser: user)
            print(DeviceTable.render(devices))
        }
    }
}

extension DevicesCommand {
    /// `hearth devices validate FILE` or `hearth devices validate --user ID`.
    struct ValidateCommand: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "validate",
            abstract: "Say, per device, what Google would reject in the SYNC Hearth would send.",
            discussion: """
                Validates a device file, or one user's devices in the registry (--user). Prints every device with \
                `ok`, `REJECTED` (Google would reject the SYNC: Hearth leaves the device out) or `PROBLEM` (Google \
                accepts it, but it breaks a requirement of Google's documents, e.g. Matter ids without a room), the \
                reasons, then warnings (what Google accepts but changes). Exits 0 when every device is fine, 1 when \
                any device is REJECTED or has a PROBLEM, 65 when the file does not parse or is invalid, 66 when it \
                cannot be read.
                """
        )

        @Argument(help: "A device file to validate (omit with --user).")
        var file: String?

        @Option(name: .long, help: "Validate this user's devices in the registry instead of a file.")
        var user: String?

        @OptionGroup var common: CommonOptions

        func validate() throws {
            switch (file, user) {
            case (nil, nil): throw ValidationError("give a device FILE or --user ID")
            case (_?, _?): throw ValidationError("give either a device FILE or --user, not both")
            default: break
            }
        }

        func run() throws {
            // The configuration is loaded once (its warnings printed once), by whichever branch runs.
            let configuration: HearthConfiguration
            var users: [(String, [Device])] = []
            if let user, file == nil {
                let (store, loaded) = try common.openStore(forUser: user)
                defer { try? store.close() }
                configuration = loaded
                users = [(user, try store.devices(forUser: user))]
            } else {
                configuration = try common.load()
                if let file {
                    users = try DeviceFileLoader.load(path: file).users.map { ($0.agentUserId, $0.devices) }
                }
            }
            let report = ValidationReport(users: users, options: configuration.fulfillment)
            print(report.text)
            if !report.passed { throw ExitStatus.rejected.exitCode }
        }
    }
}

/// `hearth devices validate`'s findings as text: per device `ok`, `REJECTED` (``DeviceValidation/violations``) or
/// `PROBLEM` (``DeviceValidation/problems`` only), each finding, then warnings.
struct ValidationReport {
    var text = ""
    var checked = 0
    /// Devices Google would reject (Hearth leaves them out of SYNC).
    var rejected = 0
    /// Devices Google accepts that break a requirement of its documents (and are not rejected).
    var withProblems = 0

    /// Whether every device passed: none rejected, none with a problem.
    var passed: Bool { rejected == 0 && withProblems == 0 }

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
                if !validation.isValid {
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
        )
        text = lines.joined(separator: "\n")
    }
}

/// A plain-text table of devices for `hearth devices list`.
enum DeviceTable {
    /// The attributes worth a glance; `hearth devices list` is not a dump of every default.
    static let shownAttributes: [ClusterID: [Attribute]] = [
        .OnOff: [.OnOff.onOff],
        .LevelControl: [.LevelControl.currentLevel],
        .ColorControl: [
            .ColorControl.colorMode, .ColorControl.colorTemperatureMireds, .ColorControl.currentHue,
            .ColorControl.currentSaturation,
        ],
        .FanControl: [.FanControl.fanMode, .FanControl.percentCurrent],
        .Thermostat: [.Thermostat.systemMode, .Thermostat.localTemperature, .Thermostat.occupiedHeatingSetpoint],
        .TemperatureMeasurement: [.TemperatureMeasurement.measuredValue],
        .RelativeHumidityMeasurement: [.RelativeHumidityMeasurement.measuredValue],
        .AirQuality: [.AirQuality.airQuality],
        .WindowCovering: [.WindowCovering.currentPositionLiftPercent100ths, .WindowCovering.operationalStatus],
        .DoorLock: [.DoorLock.lockState, .DoorLock.actuatorEnabled],
        .BooleanState: [.BooleanState.stateValue],
        .OccupancySensing: [.OccupancySensing.occupancy],
        .SmokeCOAlarm: [.SmokeCOAlarm.expressedState, .SmokeCOAlarm.smokeState, .SmokeCOAlarm.coState],
        .PowerSource: [.PowerSource.batPercentRemaining, .PowerSource.batChargeLevel],
        .RvcRunMode: [.RvcRunMode.currentMode],
        .OperationalState: [.OperationalState.operationalState, .OperationalState.currentPhase],
        .RvcOperationalState: [.RvcOperationalState.operationalState],
    ]

    static func render(_ devices: [Device]) -> String {
        var rows = [["ID", "NAME", "TYPE", "ROOM", "CONNECTIVITY", "STATE"]]
        for device in devices {
            var state: [String] = []
            for (index, endpoint) in device.endpoints.enumerated() {
                let prefix = device.endpoints.count > 1 ? "\(index + 1):" : ""
                if device.endpoints.count > 1, !endpoint.online { state.append("\(prefix)offline") }
                for cluster in endpoint.clusters.keys.sorted() {
                    for name in shownAttributes[cluster, default: []] {
                        if let value = endpoint.clusters[cluster]?[name] { state.append("\(prefix)\(name)=\(value)") }
                    }
                }
            }
            let types = device.endpoints.map { $0.deviceTypes.map(\.rawValue).joined(separator: ",") }
            rows.append([
                device.id, device.name, types.joined(separator: "+"), device.room ?? "-",
                device.connectivity.rawValue, state.joined(separator: " "),
            ])
        }
        return TextTable.render(rows)
    }
}
