import Registry
import Testing

struct DeviceEventTests {
    /// The outbox stores an event by its raw name: renaming a case must not change what is in a database.
    @Test func storedNamesAreStable() {
        #expect(
            DeviceEvent.Name.allCases.map(\.rawValue) == ["doorbell-press", "smoke-alarm", "co-alarm", "water-leak"]
        )
        #expect(DeviceEvent.deviceSideEvents == [.doorbellPress])
    }
}
