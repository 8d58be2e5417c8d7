import MatterModel
import SmartHomeProtocol

/// What a Matter 1.5 Closure endpoint says about itself, read by attribute name from its Closure Control (0x0104)
/// and, when the same endpoint carries a Closure Panel, its Closure Dimension (0x0105). Both clusters are read from
/// the specification's definitions (the values were checked against them when stored), defensively: an absent or
/// null value reads as unknown.
///
/// Matter 1.5 `ClosureControl.xml`: the PS feature "Supports Positioning with at least Fully Opened (0%) and Fully
/// Closed (100%) discrete positions", so a position in hundredths runs as a Window Covering's does, 0 fully open and
/// 10000 fully closed; `OverallCurrentState.Position` is a `CurrentPositionEnum` (`FullyClosed` 0, `FullyOpened` 1,
/// `PartiallyOpened` 2, `OpenedForPedestrian` 3, `OpenedForVentilation` 4, `OpenedAtSignature` 5).
/// `ClosureDimension.xml`: `CurrentState.Position` is a `percent100ths` ("Supports Positioning in the range from
/// 0.00% to 100.00%").
struct ClosureState {
    /// `MainStateEnum`.
    enum MainState {
        static let stopped = 0
        static let moving = 1
        static let waitingForMotion = 2
        static let error = 3
        static let calibrating = 4
        static let protected = 5
        static let disengaged = 6
        static let setupRequired = 7
    }

    /// `CurrentPositionEnum`.
    enum Position {
        static let fullyClosed = 0
        static let fullyOpened = 1
        static let partiallyOpened = 2
    }

    /// `TargetPositionEnum`.
    enum Target {
        static let moveToFullyClosed = 0
        static let moveToFullyOpen = 1
    }

    /// `ClosureErrorEnum`.
    enum ClosureError {
        static let physicallyBlocked = 0
        static let blockedBySensor = 1
        static let temperatureLimited = 2
        static let maintenanceRequired = 3
        static let internalInterference = 4
    }

    /// Closure Control's feature bits: PS (Positioning) 0, LT (MotionLatching) 1, IS (Instantaneous) 2.
    enum Feature {
        static let positioning = 1 << 0
        static let motionLatching = 1 << 1
        static let instantaneous = 1 << 2
        static let speed = 1 << 3
    }

    /// Closure Dimension's PS (Positioning) feature bit.
    static let dimensionPositioning = 1 << 0

    /// The hundredths of a percent that mean fully closed.
    static let fullyClosed100ths = WindowCoveringConversion.fullyClosed100ths

    let control: ClusterState
    let dimension: ClusterState?

    init(_ endpoint: Endpoint) {
        control = endpoint.cluster(.ClosureControl)
        dimension = endpoint.has(.ClosureDimension) ? endpoint.cluster(.ClosureDimension) : nil
    }

    /// Whether the endpoint is a closure's: it has Closure Control.
    static func isPresent(on endpoint: Endpoint) -> Bool { endpoint.has(.ClosureControl) }

    /// Closure Control's `FeatureMap` (0 when absent).
    var features: Int { control.int("FeatureMap") ?? 0 }

    /// Whether the endpoint's Closure Dimension positions in hundredths (its PS feature).
    var positionsInHundredths: Bool {
        guard let dimension else { return false }
        return (dimension.int("FeatureMap") ?? 0) & Self.dimensionPositioning != 0
    }

    /// `MainState`, or `nil` when absent.
    var mainState: Int? { control.int("MainState") }

    /// `CurrentErrorList`: the errors the closure reports now.
    var errors: [Int] { control["CurrentErrorList"]?.listValue?.compactMap(\.intValue) ?? [] }

    /// `OverallCurrentState`'s fields, empty while it is null.
    var overallCurrent: [String: AttributeValue] { control["OverallCurrentState"]?.structureValue ?? [:] }

    /// `OverallTargetState`'s fields, empty while it is null.
    var overallTarget: [String: AttributeValue] { control["OverallTargetState"]?.structureValue ?? [:] }

    /// The discrete position (`CurrentPositionEnum`), or `nil` when unknown.
    var position: Int? { overallCurrent["Position"]?.intValue }

    /// Whether the closure is latched (`OverallCurrentState.Latch` true).
    var isLatched: Bool { overallCurrent["Latch"]?.boolValue == true }

    /// The panel's position in hundredths of a percent closed (`CurrentState.Position`), or `nil`.
    var panelPosition: Int? {
        guard positionsInHundredths else { return nil }
        return dimension?["CurrentState"]?.structureValue?["Position"]?.intValue
    }

    /// The panel's target in hundredths of a percent closed (`TargetState.Position`), or `nil`.
    var panelTarget: Int? {
        guard positionsInHundredths else { return nil }
        return dimension?["TargetState"]?.structureValue?["Position"]?.intValue
    }

    /// Whether the closure is on its way (`Moving`, or `WaitingForMotion`: "waiting before a motion").
    var isMoving: Bool { mainState == MainState.moving || mainState == MainState.waitingForMotion }

    /// Google `openPercent`: from the panel's position when it has one, else from the discrete position.
    var openPercent: Int? {
        if let panelPosition { return WindowCoveringConversion.openPercent(fromLiftPercent100ths: panelPosition) }
        return position.map(Self.openPercent(discrete:))
    }

    /// Google `targetOpenPercent` while the closure moves: the panel's target, else the discrete target.
    var targetOpenPercent: Int? {
        guard isMoving else { return nil }
        if positionsInHundredths {
            return panelTarget.map(WindowCoveringConversion.openPercent(fromLiftPercent100ths:))
        }
        return overallTarget["Position"]?.intValue.map { $0 == Target.moveToFullyClosed ? 0 : 100 }
    }

    /// A discrete position as Google's `openPercent` on a `discreteOnlyOpenClose` device, which is "either fully
    /// open or fully closed": `FullyClosed` is 0 and every other position (fully, partially, for pedestrians, for
    /// ventilation, at the signature position) is open, 100.
    static func openPercent(discrete position: Int) -> Int { position == Position.fullyClosed ? 0 : 100 }

    /// The Google error a closure that cannot move now answers, or `nil` when it can.
    ///
    /// `CurrentErrorList` first, in its order: `PhysicallyBlocked` ("An obstacle is blocking the closure movement")
    /// and `BlockedBySensor` ("unsafe to move, as determined by a sensor (e.g. photoelectric sensor)") are Google's
    /// `obstructionDetected`; `InternalInterference` ("An internal element is prohibiting motion, e.g. an integrated
    /// door within a bigger garage door is open") is `deviceJammingDetected`; `MaintenanceRequired` ("urgent
    /// servicing is needed") is `deviceNeedsRepair`; `TemperatureLimited` is `deviceNotReady`. Then `MainState`:
    /// `Error` with no error listed, `Calibrating`, `Protected` ("Commands MAY be rejected"), `Disengaged` ("a
    /// disengaged element preventing any actuator movements") and `SetupRequired` ("Movement commands are ignored")
    /// are `deviceNotReady`.
    var blockingError: CommandError? {
        for error in errors {
            switch error {
            case ClosureError.physicallyBlocked, ClosureError.blockedBySensor:
                return CommandError(.obstructionDetected, "the closure reports an obstruction (CurrentErrorList)")
            case ClosureError.internalInterference:
                return CommandError(.deviceJammingDetected, "an internal element prohibits motion (CurrentErrorList)")
            case ClosureError.maintenanceRequired:
                return CommandError(.deviceNeedsRepair, "the closure needs servicing (CurrentErrorList)")
            default:
                return CommandError(.deviceNotReady, "the closure reports error \(error) (CurrentErrorList)")
            }
        }
        switch mainState {
        case MainState.error, MainState.calibrating, MainState.protected, MainState.disengaged,
            MainState.setupRequired:
            return CommandError(.deviceNotReady, "the closure cannot move now (MainState \(mainState ?? 0))")
        default:
            return nil
        }
    }
}
