extension Double {
    /// This value rounded half away from zero to `places` decimal places, so JSON output is short and stable
    /// (`180.0`, `1.42`, `0.3937`) rather than carrying the last bits of a division.
    ///
    /// Formula: `(self × 10^places).rounded() / 10^places`.
    func rounded(toPlaces places: Int) -> Double {
        var scale = 1.0
        for _ in 0..<places {
            scale *= 10
        }
        return (self * scale).rounded(.toNearestOrAwayFromZero) / scale
    }
}
