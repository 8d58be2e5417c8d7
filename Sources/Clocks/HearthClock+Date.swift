import Foundation

extension HearthClock {
    /// Wall time as a Foundation `Date`, for code that speaks HTTP dates and JWT timestamps.
    public var date: Date {
        Date(timeIntervalSince1970: Double(unixMilliseconds) / 1000)
    }
}
