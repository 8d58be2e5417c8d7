import JSON
import SmartHomeProtocol
import Testing

/// ``ResponseShapeValidator`` judges answers as Google's published shapes do: each check refuses what Hearth once
/// sent and accepts Google's own examples.
struct ResponseShapeValidatorTests {
    static func parse(_ text: String) throws -> JSONValue { try JSONParser.parse(text) }

    static func paths(_ violations: [ResponseViolation]) -> [String] { violations.map(\.path) }

    static func object(_ value: JSONValue) throws -> JSONObject { try #require(value.objectValue) }

    // MARK: EXECUTE

    /// Google's EXECUTE example (a success and a `deviceTurnedOff`) passes.
    @Test func googlesExecuteExamplePasses() throws {
        let body = try Self.parse(
            #"""
            {"requestId": "ff36a3cc", "payload": {"commands": [
              {"ids": ["123"], "status": "SUCCESS", "states": {"on": true, "online": true}},
              {"ids": ["456"], "status": "ERROR", "errorCode": "deviceTurnedOff"}]}}
            """#
        )
        #expect(ResponseShapeValidator.violations(inExecute: body).isEmpty)
    }

    /// A `debugString` inside a `commands[]` entry is refused; at the payload level it is Google's.
    @Test func debugStringBelongsToThePayload() throws {
        let inEntry = try Self.parse(
            #"""
            {"requestId": "r", "payload": {"commands": [
              {"ids": ["blinds"], "status": "ERROR", "errorCode": "functionNotSupported", "debugString": "no"}]}}
            """#
        )
        #expect(
            Self.paths(ResponseShapeValidator.violations(inExecute: inEntry)) == ["payload.commands[0].debugString"]
        )
        let atPayload = try Self.parse(
            #"""
            {"requestId": "r", "payload": {"debugString": "blinds: no", "commands": [
              {"ids": ["blinds"], "status": "ERROR", "errorCode": "functionNotSupported"}]}}
            """#
        )
        #expect(ResponseShapeValidator.violations(inExecute: atPayload).isEmpty)
    }

    /// `ids` and `status` are required; the status is one of Google's five.
    @Test func idsAndStatusAreRequired() throws {
        let body = try Self.parse(#"{"requestId": "r", "payload": {"commands": [{"status": "DONE"}]}}"#)
        #expect(
            Self.paths(ResponseShapeValidator.violations(inExecute: body)) == [
                "payload.commands[0].ids", "payload.commands[0].status",
            ]
        )
    }

    /// Error codes Google does not list (`volumeAlreadyMax`) are refused, listed ones accepted; `protocolError` only
    /// for the whole request.
    @Test func errorCodesAreGooglesListed() throws {
        let unlisted = try Self.parse(
            #"{"requestId": "r", "payload": {"commands": [{"ids": ["s"], "status": "ERROR", "errorCode": "volumeAlreadyMax"}]}}"#
        )
        #expect(Self.paths(ResponseShapeValidator.violations(inExecute: unlisted)) == ["payload.commands[0].errorCode"])
        let listed = try Self.parse(
            #"{"requestId": "r", "payload": {"commands": [{"ids": ["s"], "status": "ERROR", "errorCode": "maxSettingReached"}]}}"#
        )
        #expect(ResponseShapeValidator.violations(inExecute: listed).isEmpty)
        let whole = try Self.parse(#"{"requestId": "r", "payload": {"errorCode": "protocolError"}}"#)
        #expect(ResponseShapeValidator.violations(inExecute: whole).isEmpty)
        let inEntry = try Self.parse(
            #"{"requestId": "r", "payload": {"commands": [{"ids": ["s"], "status": "ERROR", "errorCode": "protocolError"}]}}"#
        )
        #expect(Self.paths(ResponseShapeValidator.violations(inExecute: inEntry)) == ["payload.commands[0].errorCode"])
    }

    /// Every code Hearth can answer is one Google lists (or documents elsewhere: `challengeNeeded`; `protocolError`
    /// for a whole request).
    @Test func everyErrorCodeIsGooglesListed() {
        let unlisted = ErrorCode.allCases.map(\.rawValue).filter { !GoogleErrorCodes.isListedForPayload($0) }
        #expect(unlisted.isEmpty, "\(unlisted)")
        let deviceLevel = ErrorCode.allCases.map(\.rawValue).filter { !GoogleErrorCodes.isListed($0) }
        #expect(deviceLevel == ["protocolError"])
    }

    /// `challengeNeeded` carries one of the three challenge types.
    @Test func challengeNeededHasAType() throws {
        let good = try Self.parse(
            #"{"requestId": "r", "payload": {"commands": [{"ids": ["l"], "status": "ERROR", "errorCode": "challengeNeeded", "challengeNeeded": {"type": "pinNeeded"}}]}}"#
        )
        #expect(ResponseShapeValidator.violations(inExecute: good).isEmpty)
        let bad = try Self.parse(
            #"{"requestId": "r", "payload": {"commands": [{"ids": ["l"], "status": "ERROR", "errorCode": "challengeNeeded", "challengeNeeded": {"type": "faceNeeded"}}]}}"#
        )
        #expect(
            Self.paths(ResponseShapeValidator.violations(inExecute: bad)) == ["payload.commands[0].challengeNeeded"]
        )
    }

    // MARK: TemperatureSetting

    /// Google's two state examples pass; a sensor's state without a setpoint does not, nor one with both shapes.
    @Test func temperatureSettingStatesAreOneOfTwoShapes() throws {
        let fixed = try Self.object([
            "thermostatMode": "cool", "thermostatTemperatureSetpoint": 23, "thermostatTemperatureAmbient": 25.1,
        ])
        let range = try Self.object([
            "thermostatMode": "heatcool", "thermostatTemperatureSetpointHigh": 26,
            "thermostatTemperatureSetpointLow": 22, "thermostatTemperatureAmbient": 25.1,
        ])
        #expect(ResponseShapeValidator.temperatureSettingStateViolations(fixed, path: "s").isEmpty)
        #expect(ResponseShapeValidator.temperatureSettingStateViolations(range, path: "s").isEmpty)
        let sensor = try Self.object(["thermostatMode": "off", "thermostatTemperatureAmbient": 12.5])
        #expect(
            Self.paths(ResponseShapeValidator.temperatureSettingStateViolations(sensor, path: "s")) == [
                "s.thermostatTemperatureSetpoint"
            ]
        )
        var both = range
        both["thermostatTemperatureSetpoint"] = 24
        #expect(Self.paths(ResponseShapeValidator.temperatureSettingStateViolations(both, path: "s")) == ["s"])
    }

    /// A QUERY device with TemperatureSetting states is judged; a failed device is not (it has no states).
    @Test func queryDevicesAreJudged() throws {
        let body = try Self.parse(
            #"""
            {"requestId": "q", "payload": {"devices": {
              "sensor": {"online": true, "status": "SUCCESS", "thermostatMode": "off", "thermostatTemperatureAmbient": 12.5},
              "gone": {"online": false, "status": "ERROR", "errorCode": "deviceNotFound"},
              "nostatus": {"online": true}}}}
            """#
        )
        #expect(
            Set(Self.paths(ResponseShapeValidator.violations(inQuery: body))) == [
                "payload.devices.sensor.thermostatTemperatureSetpoint", "payload.devices.nostatus.status",
            ]
        )
    }

    /// Query-only TemperatureSetting writes `commandOnlyTemperatureSetting: false` beside it.
    @Test func queryOnlyPairsWithCommandOnlyFalse() throws {
        let alone = try Self.object(["availableThermostatModes": ["off"], "queryOnlyTemperatureSetting": true])
        #expect(
            Self.paths(ResponseShapeValidator.temperatureSettingAttributeViolations(alone, path: "a")) == [
                "a.commandOnlyTemperatureSetting"
            ]
        )
        var paired = alone
        paired["commandOnlyTemperatureSetting"] = false
        #expect(ResponseShapeValidator.temperatureSettingAttributeViolations(paired, path: "a").isEmpty)
        let both = try Self.object(["commandOnlyTemperatureSetting": true, "queryOnlyTemperatureSetting": true])
        #expect(!ResponseShapeValidator.temperatureSettingAttributeViolations(both, path: "a").isEmpty)
    }

    // MARK: Parameters

    /// Every command's keys are Google's: OnOff takes only `on`, OpenClose `openPercent`, `openDirection`,
    /// `followUpToken`, and the commands without parameters none.
    @Test func commandParameterKeys() {
        #expect(CommandParameterSchema.allowedKeys(for: .onOff) == ["on"])
        #expect(
            CommandParameterSchema.allowedKeys(for: .openClose) == ["openPercent", "openDirection", "followUpToken"]
        )
        #expect(CommandParameterSchema.allowedKeys(for: .reboot).isEmpty)
        #expect(CommandParameterSchema.allowedKeys(for: .activateScene) == ["deactivate"])
        #expect(CommandParameterSchema.openDirections == ["UP", "DOWN", "LEFT", "RIGHT", "IN", "OUT"])
    }
}
