import Foundation
import Testing

@testable import Registry

/// The PIN hash itself (the stores' use of it is in StoreContractTests).
struct PINHashTests {
    @Test func aPINCheckIsCheapEnoughForTheRequestPath() throws {
        let hash = try PINHash.hash("482915")
        let clock = ContinuousClock()
        let elapsed = clock.measure { _ = PINHash.verify("000000", against: hash) }
        // Tens of milliseconds on a server core; generous so a loaded CI machine does not fail it.
        #expect(elapsed < .milliseconds(500), "\(elapsed)")
    }
}
