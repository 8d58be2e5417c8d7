import Foundation
import HearthTestSupport

/// The sensors, switches, valves and sprinkler of the device catalogue: `Config/sensors.json` itself, so that the
/// example file and the catalogue tests cannot drift apart (``SensorsExampleFileTests``).
enum SensorsCatalogue {
    /// The text of `Config/sensors.json`; empty when it cannot be read (the catalogue tests then fail on it).
    static let deviceFile: String = {
        guard let data = FileManager.default.contents(atPath: RepositoryRoot.config("sensors.json").path) else {
            return ""
        }
        return String(decoding: data, as: UTF8.self)
    }()
}
