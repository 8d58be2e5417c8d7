import JSON
import MatterModel
import SmartHomeProtocol

/// Google `Locator` ⇄ Matter Identify (0x0003), on any endpoint that has Identify
/// (``DeviceTypeMapping/clusterTraits(for:)``).
///
/// Google: "Devices can be found via a local indicator (for example, beeping, ringing, or flashing). Requests to
/// *Find my [device]* result in the device attempting to indicate its location." "Device ATTRIBUTES: None.",
/// "Device STATES: None."
///
/// `Locate` has `silence` ("(Default: false) For use on devices that make an audible response for local alerts.
/// If set to true, the device should silence any in-progress alarms.") and `lang` ("(Default: "en") Current
/// language of query or display, for return of localized location strings if needed"; Hearth returns no strings,
/// so it only checks that it is a string). Google's examples: "Find my device." `{"silence": false}`, "Stop
/// locating my device." `{"silence": true}`.
///
/// Matter's Identify command: "IdentifyTime … the time in seconds for which the device SHALL identify itself";
/// a value of 0 stops identification at once. So `silence` false → `Identify.Identify {"IdentifyTime": 15}`
/// (``identifySeconds``), `silence` true → `Identify.Identify {"IdentifyTime": 0}`. The registry's `IdentifyTime`
/// takes the value sent, as the device reports it when the command arrives (the device counts it down; Hearth
/// does not).
///
/// Errors: `unableToLocateDevice` (Google: "I wasn't able to locate <device(s)>.") when `IdentifyType` is 0 None
/// (Matter: "No presentation."): such a device cannot beep, ring or flash. `silence` is still accepted there:
/// stopping is always possible.
enum LocatorTrait: TraitMapping {
    static let trait = Trait.locator

    /// How long a device identifies itself for `Locate`: 15 s, long enough to walk to a beeping appliance and
    /// short enough not to annoy; Matter leaves the time to the client.
    static let identifySeconds = 15

    /// Matter `IdentifyTypeEnum` None: "No presentation."
    static let identifyTypeNone = 0

    static func attributes(of endpoint: Endpoint, into attributes: inout JSONObject) {}

    static func states(of endpoint: Endpoint, into states: inout JSONObject) {}

    static func execute(
        _ command: Command,
        _ params: CommandParameters,
        on endpoint: inout Endpoint,
        mode: ValidationMode
    ) throws(CommandError) {
        guard command == .locate else {
            throw CommandError(.functionNotSupported, "Locator has no command \(command.rawValue)")
        }
        let silence = try params.optionalBool("silence") ?? false
        _ = try params.optionalString("lang")
        var identify = endpoint.cluster(.Identify)
        if !silence && identify.int("IdentifyType") == identifyTypeNone {
            throw CommandError(.unableToLocateDevice, "the device's Identify has no presentation (IdentifyType None)")
        }
        identify["IdentifyTime"] = .int(identifyTime(silence: silence))
        endpoint.clusters[.Identify] = identify
    }

    /// The `IdentifyTime` argument: 0 to silence, else ``identifySeconds``.
    static func identifyTime(silence: Bool) -> Int {
        silence ? 0 : identifySeconds
    }

    /// `Identify.Identify {"IdentifyTime": n}`, even when the stored value did not change (a second "find my
    /// device" must beep again).
    static func matterCommands(
        _ command: Command,
        params: JSONObject,
        before: Endpoint,
        after: Endpoint
    ) -> [MatterCommandDescription]? {
        guard command == .locate else { return nil }
        let silence = params["silence"]?.boolValue ?? false
        return [
            MatterCommandDescription(
                command: "Identify.Identify",
                arguments: JSONObject([("IdentifyTime", .int(identifyTime(silence: silence)))]),
                changed: after.changedAttributes(since: before)
            )
        ]
    }
}
