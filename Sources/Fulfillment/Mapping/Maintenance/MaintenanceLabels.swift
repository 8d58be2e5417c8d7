import Clocks
import MatterModel

/// The Google states Matter has no attribute for, kept in the endpoint's User Label cluster (`LabelList`, a list of
/// `{"Label", "Value"}`, each at most 16 characters; Matter 1.4 Core §9.9, "This cluster provides a feature to tag
/// an endpoint with zero or more labels"). The values are whole Unix seconds as decimal text, the way Matter's label
/// values are text:
///
/// | label | written by | read as |
/// |---|---|---|
/// | `lightEffect` | Hearth, on ColorLoop, Sleep, Wake; removed by StopEffect | LightEffects `activeLightEffect` |
/// | `lightEffectEnd` | Hearth (the EXECUTE's time + the effect's duration) | `lightEffectEndUnixTimestampSec` |
/// | `lastSwUpdate` | the backend after an update; Hearth on SoftwareUpdate in registry mode | `lastSoftwareUpdateUnixTimestampSec` |
///
/// A backend writes them like any attribute (`/v1`, `UserLabel.LabelList`); other labels of the list are kept. An
/// endpoint without User Label gets none (``set(_:to:on:)``).
enum MaintenanceLabels {
    /// The effect a light runs (`colorLoop`, `sleep`, `wake`).
    static let lightEffect = "lightEffect"
    /// When that effect ends, in Unix seconds.
    static let lightEffectEnd = "lightEffectEnd"
    /// When the last software update succeeded, in Unix seconds.
    static let lastSoftwareUpdate = "lastSwUpdate"

    /// The value of the label named `label`, or `nil` when the endpoint has none.
    static func value(_ label: String, on endpoint: Endpoint) -> String? {
        for entry in endpoint.cluster(.UserLabel)["LabelList"]?.listValue ?? [] {
            guard let fields = entry.structureValue, fields["Label"]?.stringValue == label else { continue }
            return fields["Value"]?.stringValue
        }
        return nil
    }

    /// The label's value read as whole Unix seconds: `nil` when absent, or not a whole number.
    static func unixSeconds(_ label: String, on endpoint: Endpoint) -> Int64? {
        value(label, on: endpoint).flatMap { Int64($0) }
    }

    /// Sets (or, with `nil`, removes) the label named `label`, keeping every other label in its place. Nothing
    /// happens on an endpoint without User Label: Matter's clients write only the clusters an endpoint has, and so
    /// does a backend confirming the change (a device file gives `"UserLabel": {"LabelList": []}` to have them).
    static func set(_ label: String, to value: String?, on endpoint: inout Endpoint) {
        guard endpoint.has(.UserLabel) else { return }
        let entries = endpoint.cluster(.UserLabel)["LabelList"]?.listValue ?? []
        var kept = entries.filter { $0.structureValue?["Label"]?.stringValue != label }
        if let value {
            let entry = AttributeValue.structure(["Label": .string(label), "Value": .string(value)])
            if let index = entries.firstIndex(where: { $0.structureValue?["Label"]?.stringValue == label }) {
                kept.insert(entry, at: min(index, kept.count))
            } else {
                kept.append(entry)
            }
        } else if kept.count == entries.count {
            return
        }
        var cluster = endpoint.cluster(.UserLabel)
        cluster["LabelList"] = .list(kept)
        endpoint.clusters[.UserLabel] = cluster
    }

    /// `time` as a label value: its whole seconds.
    static func text(_ time: UnixTime) -> String {
        String(time.seconds)
    }
}
