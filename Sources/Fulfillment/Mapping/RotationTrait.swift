import JSON
import MatterModel
import SmartHomeProtocol

/// Google `Rotation`, backed by the tilt of a Window Covering (a blind's slats).
///
/// Google (traits/rotation): "This trait belongs to devices that support rotation. The rotation can be specified in
/// either percent or degrees". Matter's Window Covering tilts in hundredths of a percent
/// (`CurrentPositionTiltPercent100ths`, "0 = fully open, 10000 = fully closed") and names no angle, so:
///
/// | | Hearth sends |
/// |---|---|
/// | SYNC | `supportsPercent: true`, `supportsDegrees: false` (both "Required"); no `rotationDegreesRange` (a range in degrees, which a percentage tilt has not); `commandOnlyRotation` left at its default `false` (Hearth answers QUERY) |
/// | QUERY | `rotationPercent` from `CurrentPositionTiltPercent100ths` (``RotationConversion``: "0.0 corresponds to closed and 100.0 corresponds to open"), omitted while null; no `targetRotationPercent`, since Hearth turns the slats at once |
/// | EXECUTE `RotateAbsolute {rotationPercent}` | the tilt to that percent: current and target positions both, `OperationalStatus` stopped; Matter `WindowCovering.GoToTiltPercentage {"TiltPercent100thsValue": …}` |
///
/// `rotationPercent` must lie in 0…100 (strict mode: `valueOutOfRange`; lenient mode clamps). `rotationDegrees`
/// ("An absolute value, in degrees, that specifies the final clockwise rotation of the device") is refused with
/// `notSupported`, since the device said `supportsDegrees: false`; a step with neither parameter, or both (the
/// automation schema: "To use this field, all the following fields CANNOT be used"), is a `protocolError`. A
/// covering that is not operational or in calibration or maintenance mode answers `deviceNotReady`, as
/// ``OpenCloseTrait`` does.
enum RotationTrait: TraitMapping {
    static let trait = Trait.rotation

    /// The Matter command that turns the slats: Window Covering's `GoToTiltPercentage` (0x08).
    static let goToTiltPercentage = "WindowCovering.GoToTiltPercentage"

    static func attributes(of endpoint: Endpoint, into attributes: inout JSONObject) {
        attributes.append("supportsDegrees", .bool(false))
        attributes.append("supportsPercent", .bool(true))
    }

    static func states(of endpoint: Endpoint, into states: inout JSONObject) {
        if let tilt = tiltPercent100ths(endpoint) {
            states.append("rotationPercent", .int(RotationConversion.rotationPercent(fromTiltPercent100ths: tilt)))
        }
    }

    static func execute(
        _ command: Command,
        _ params: CommandParameters,
        on endpoint: inout Endpoint,
        mode: ValidationMode
    ) throws(CommandError) {
        guard command == .rotateAbsolute else {
            throw CommandError(.functionNotSupported, "\(command.rawValue) is not a Rotation command")
        }
        let percent = try params.optionalNumber("rotationPercent")
        let degrees = try params.optionalNumber("rotationDegrees")
        switch (percent, degrees) {
        case (nil, nil):
            throw CommandError(.protocolError, "RotateAbsolute needs rotationPercent or rotationDegrees")
        case (.some, .some):
            throw CommandError(.protocolError, "RotateAbsolute takes rotationPercent or rotationDegrees, not both")
        case (nil, .some):
            throw CommandError(.notSupported, "the covering tilts in percent only (supportsDegrees is false)")
        case (.some(let value), nil):
            let rotation = try checked(value, in: 0...100, mode: mode, name: "rotationPercent")
            try OpenCloseTrait.checkReady(endpoint)
            let hundredths = RotationConversion.tiltPercent100ths(fromRotationPercent: rotation)
            var covering = endpoint.cluster(.WindowCovering)
            covering[.WindowCovering.currentPositionTiltPercent100ths] = .int(hundredths)
            covering[.WindowCovering.targetPositionTiltPercent100ths] = .int(hundredths)
            endpoint.clusters[.WindowCovering] = covering
        }
    }

    /// `WindowCovering.GoToTiltPercentage {"TiltPercent100thsValue": n}`: Matter 1.4 §5.3.7.8, "Upon receipt of
    /// this command, the server will adjust the window covering to the tilt percentage specified in the payload".
    static func matterCommands(
        _ command: Command,
        params: JSONObject,
        before: Endpoint,
        after: Endpoint
    ) -> [MatterCommandDescription]? {
        guard let tilt = tiltPercent100ths(after) else { return nil }
        return [
            MatterCommandDescription(
                command: goToTiltPercentage,
                arguments: JSONObject([("TiltPercent100thsValue", .int(tilt))]),
                changed: after.changedAttributes(since: before)
            )
        ]
    }

    /// The tilt in hundredths of a percent closed, or `nil` while it is null (unknown, or no tilt).
    static func tiltPercent100ths(_ endpoint: Endpoint) -> Int? {
        OpenCloseTrait.position(endpoint.cluster(.WindowCovering), .WindowCovering.currentPositionTiltPercent100ths)
    }
}
