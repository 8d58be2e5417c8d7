import MatterModel
import RegistryTestSupport
import Testing

@testable import Registry

/// The registry cache patches a user's snapshot in place after an EXECUTE: a snapshot a request still holds must not
/// change under it, and the patched one must answer by id as a snapshot built anew would.
struct DeviceSnapshotTests {
    @Test func replacingInPlaceLeavesAHeldSnapshotAsItWas() {
        var cached = DeviceSnapshot(revision: 7, devices: [Fixtures.plug, Fixtures.lamp])
        let held = cached  // a QUERY on another thread still reading revision 7
        var renamed = Fixtures.lamp
        renamed.name = "Renamed by an EXECUTE"
        var unknown = Fixtures.plug
        unknown.id = "not-this-users"
        cached.replace([renamed, unknown], revision: 8)

        #expect(cached.revision == 8)
        #expect(
            cached.devices.map(\.name) == [Fixtures.plug.name, "Renamed by an EXECUTE"],
            "same order, one replaced"
        )
        #expect(cached.device(Fixtures.lamp.id)?.name == "Renamed by an EXECUTE")
        #expect(cached.device("not-this-users") == nil, "an id the user does not have is ignored")
        let rebuilt = DeviceSnapshot(revision: 8, devices: [Fixtures.plug, renamed])
        #expect(cached.devices == rebuilt.devices)

        #expect(held.revision == 7)
        #expect(held.device(Fixtures.lamp.id)?.name == Fixtures.lamp.name, "the held snapshot is a value")
        #expect(held.devices == [Fixtures.plug, Fixtures.lamp])
    }

    @Test func anEmptyChangeOnlyMovesTheRevision() {
        var snapshot = DeviceSnapshot(revision: 1, devices: [Fixtures.plug])
        snapshot.replace([], revision: 2)
        #expect(snapshot.revision == 2)
        #expect(snapshot.devices == [Fixtures.plug])
    }
}
