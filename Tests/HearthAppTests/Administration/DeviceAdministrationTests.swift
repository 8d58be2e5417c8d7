import Foundation
import HearthApp
import HearthTestSupport
import MatterModel
import Testing

/// `hearth devices`' work in the app layer, on the repository's example home in a real SQLite registry.
struct DeviceAdministrationTests {
    @Test func anImportAddsThenUpdates() throws {
        let scratch = try AdministrationScratch()
        defer { scratch.remove() }
        let first = try scratch.importExampleHome()
        let file = try DeviceFileLoader.load(path: RepositoryRoot.config("devices.json").path)
        let devices = file.users.reduce(0) { $0 + $1.devices.count }
        #expect(first == DeviceAdministration.Imported(users: file.users.count, added: devices, updated: 0))
        let second = try scratch.importExampleHome()
        #expect(second == DeviceAdministration.Imported(users: file.users.count, added: 0, updated: devices))
    }

    @Test func theListShowsTheStateWorthAGlance() throws {
        let scratch = try AdministrationScratch()
        defer { scratch.remove() }
        try scratch.importExampleHome()
        let devices = try scratch.administration().devices.list(user: "demo-user")
        let file = try DeviceFileLoader.load(path: RepositoryRoot.config("devices.json").path)
        let expected = try #require(file.users.first { $0.agentUserId == "demo-user" }).devices.map(\.id)
        #expect(devices.map(\.id).sorted() == expected.sorted())
        let ceiling = try #require(devices.first { $0.id == "kitchen-ceiling" })
        #expect(ceiling.name == "Kitchen ceiling" && ceiling.room == "Kitchen" && ceiling.connectivity == "online")
        #expect(ceiling.deviceTypes == ["ExtendedColorLight"])
        #expect(ceiling.state.contains("OnOff=true") && ceiling.state.contains("CurrentLevel=254"), "\(ceiling)")
        // Not every attribute: the level's bounds are defaults, not state worth a glance.
        #expect(!ceiling.state.contains { $0.hasPrefix("MinLevel=") }, "\(ceiling)")
    }

    @Test func aListNeedsTheDatabaseAndTheUser() throws {
        let scratch = try AdministrationScratch()
        defer { scratch.remove() }
        #expect(failureStatus { _ = try scratch.administration().devices.list(user: "demo-user") } == .noInput)
        try scratch.importExampleHome()
        #expect(failureStatus { _ = try scratch.administration().devices.list(user: "nobody") } == .noUser)
    }

    @Test func aStateChangeIsWrittenAndAMissingDeviceRefused() throws {
        let scratch = try AdministrationScratch()
        defer { scratch.remove() }
        try scratch.importExampleHome()
        let devices = try scratch.administration().devices
        let off = try DeviceStateUpdate(assignments: ["OnOff.OnOff=false"])
        let reporting = try devices.set(off, user: "demo-user", device: "kitchen-ceiling")
        #expect(!reporting, "no HomeGraph key is configured, so reporting is disabled")
        let ceiling = try #require(try devices.list(user: "demo-user").first { $0.id == "kitchen-ceiling" })
        #expect(ceiling.state.contains("OnOff=false"), "\(ceiling)")

        #expect(failureStatus { _ = try devices.set(off, user: "demo-user", device: "no-such-device") } == .dataError)
        let tooFar = try DeviceStateUpdate(assignments: ["OnOff.OnOff=true"], endpoint: 9)
        #expect(
            failureStatus { _ = try devices.set(tooFar, user: "demo-user", device: "kitchen-ceiling") } == .dataError
        )
    }

    @Test func anEventIsRefusedForAnUnknownNameAndADeviceThatDoesNotNotify() throws {
        let scratch = try AdministrationScratch()
        defer { scratch.remove() }
        try scratch.importExampleHome()
        let devices = try scratch.administration().devices
        #expect(
            DeviceAdministration.deviceSideEvents
                == ["doorbell-press", "person-detected", "familiar-person-detected", "package-detected"]
        )
        let unknown = failureStatus { _ = try devices.sendEvent(named: "smoke-alarm", user: "demo-user", device: "x") }
        #expect(unknown == .usage)
        let silent = failureStatus {
            _ = try devices.sendEvent(named: "doorbell-press", user: "demo-user", device: "kitchen-ceiling")
        }
        #expect(silent == .dataError)
    }

    @Test func aFileIsValidatedWithoutARegistry() throws {
        let scratch = try AdministrationScratch()
        defer { scratch.remove() }
        let devices = try scratch.administration().devices
        let report = try devices.validate(file: RepositoryRoot.config("devices.json").path)
        #expect(
            report.checked > 0
                && report.text.hasSuffix(
                    "\(report.checked) device(s) checked, 0 would be rejected by Google, \(report.withProblems) with problems"
                ),
            "\(report.text)"
        )
        #expect(!FileManager.default.fileExists(atPath: scratch.database))

        let missing = scratch.directory.path("missing.json")
        #expect(failureStatus { _ = try devices.validate(file: missing) } == .noInput)
    }

    @Test func aDeviceGoogleWouldRejectFailsTheReport() throws {
        let scratch = try AdministrationScratch()
        defer { scratch.remove() }
        // Matter ids with an empty uniqueID: Google refuses the SYNC entry.
        let file = try scratch.directory.write(
            "devices.json",
            #"{"users":[{"agentUserId":"u","devices":[{"id":"l","name":"L","deviceTypes":["OnOffLight"],"room":"Hall","#
                + #""basicInformation":{"vendorID":1,"productID":2,"uniqueID":""}}]}]}"#
        )
        let report = try scratch.administration().devices.validate(file: file)
        #expect(report.checked == 1 && report.rejected == 1 && !report.passed)
        #expect(report.text.hasPrefix("u/l: REJECTED\n"), "\(report.text)")
    }
}
