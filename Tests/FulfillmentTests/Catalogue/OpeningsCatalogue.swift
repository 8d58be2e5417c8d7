import Foundation
import HearthTestSupport

/// The openings catalogue: `Config/openings.json` itself, so that the example users import and the devices the tests
/// check cannot drift apart. One device per opening Google names, composed the Matter way:
///
/// | id | Matter composition | Google type | traits |
/// |---|---|---|---|
/// | `garage-door` | Closure `garage` (Closure Control, discrete) | GARAGE | StartStop, OpenClose (`discreteOnlyOpenClose`) |
/// | `driveway-gate` | Closure + Closure Panel on one endpoint `gate` (Closure Dimension, positioning) | GATE | StartStop, OpenClose (percent) |
/// | `patio-door` | Closure `door` (Closure Control with MotionLatching, latched) | DOOR | StartStop, OpenClose, LockUnlock |
/// | `roof-window` | Window Covering `window` (lift) | WINDOW | StartStop, OpenClose |
/// | `office-venetian` | Window Covering `Type` 8 (lift and tilt) | BLINDS | StartStop, OpenClose, Rotation |
/// | `studio-louvres` | Window Covering `Type` 7 (tilt only) | BLINDS | StartStop, Rotation |
/// | `hall-sash-window` | Closure `window` + two Closure Panel endpoints: a lower sash closing `Downward`, an upper one closing `Upward` | WINDOW | StartStop, OpenClose (`openDirection` `UP`, `DOWN`) |
///
/// The openings Google's Secondary User Verification page names (garage, gate, door, window) carry a PIN (`2468`).
enum OpeningsCatalogue {
    static let user = "openings-user"

    /// The device file, read from `Config/openings.json` (empty when it cannot be read, which the tests then notice).
    static let deviceFile: String = {
        guard let data = FileManager.default.contents(atPath: RepositoryRoot.config("openings.json").path) else {
            return ""
        }
        return String(decoding: data, as: UTF8.self)
    }()

    /// Each device's Google type and traits, as the table above gives them (traits in ``Trait``'s order).
    static let expected: [(id: String, type: String, traits: [String])] = [
        ("garage-door", "GARAGE", ["StartStop", "OpenClose"]),
        ("driveway-gate", "GATE", ["StartStop", "OpenClose"]),
        ("patio-door", "DOOR", ["StartStop", "OpenClose", "LockUnlock"]),
        ("roof-window", "WINDOW", ["StartStop", "OpenClose"]),
        ("office-venetian", "BLINDS", ["StartStop", "OpenClose", "Rotation"]),
        ("studio-louvres", "BLINDS", ["StartStop", "Rotation"]),
        ("hall-sash-window", "WINDOW", ["StartStop", "OpenClose"]),
    ]
}
