import Clocks
import Foundation

extension Date {
    /// The instant `time` names (whole seconds since 1970-01-01 UTC).
    init(unixTime time: UnixTime) {
        self.init(timeIntervalSince1970: Double(time.seconds))
    }
}
