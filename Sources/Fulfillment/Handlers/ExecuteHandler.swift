import Clocks
import JSON
import MatterModel
import Registry
import SmartHomeProtocol

/// `action.devices.EXECUTE`: every command group, every device, every step in order, in one registry
/// transaction that commits before the answer is written.
///
/// Per device, all steps addressed to it (across groups, in request order) run on a working copy; the copy
/// replaces the device only if every step succeeded, so a device is never left half-changed. Strict mode
/// refuses an out-of-range value with `valueOutOfRange` before anything changes; lenient mode clamps it.
/// Each requested id appears in exactly one result; ids with the same outcome share one entry. A command is
/// carried out on the endpoint that backs its trait (``DeviceTypeMapping/bindings(of:)``); when that endpoint is
/// offline the device answers `deviceOffline` and nothing of it changes, while commands for its reachable
/// endpoints work. A command that worked on a device with a low battery answers `status: SUCCESS` with
/// `exceptionCode: "lowBattery"` in its `states`: the command succeeded, with an alert. This follows Google's
/// error-handling guide, "Example 2: Non-blocking exception for EXECUTE intent": a lock that locked with a low
/// battery answers `"status": "SUCCESS"`, `"states": {..., "isLocked": true, "exceptionCode": "lowBattery"}`.
///
/// Before any step of a device runs, its challenge is checked (``ChallengeCheck``): a device that needs an `ack`
/// or a PIN it did not get answers `ERROR` / `challengeNeeded` and nothing of it changes; the wrong-PIN count and
/// lockout are written in the same transaction as the rest of the EXECUTE.
///
/// Before a trait runs, its `params` are checked against Google's closed parameter schemas
/// (``CommandParameters/checkKeys(mode:)``): in strict mode a key Google never sends with the command is
/// `notSupported`; lenient mode ignores it.
///
/// A refused device's entry carries only Google's keys; its explanation (``ExecuteResult/debugString``) goes to the
/// payload-level `debugString` and the request's log line, never into the entry.
///
/// `GetCameraStream` is refused here with ``CameraStreamTrait/registryModeError`` (`functionNotSupported`): only a
/// device backend (``DeliveredExecution``) can answer it, and Hearth never makes up a stream URL.
struct ExecuteHandler {
    let store: any DeviceStore
    let options: FulfillmentOptions
    /// The time of this request, for PIN windows and lockouts.
    let now: UnixTime

    func handle(requestId: String, request: ExecuteRequest, agentUserId: String) throws -> [UInt8] {
        FulfillmentResponseBody.execute(
            requestId: requestId,
            results: try results(requestId: requestId, request: request, agentUserId: agentUserId)
        )
    }

    /// Runs the EXECUTE in one transaction and returns its answer's entries, grouped by outcome.
    func results(requestId: String, request: ExecuteRequest, agentUserId: String) throws -> [ExecuteResult] {
        let (order, steps) = Self.steps(of: request)
        let mode = options.validationMode
        let challenges = ChallengeCheck(
            lockout: options.pinLockout,
            now: now,
            allowAckUnlock: options.allowAckUnlock
        )
        let results = try store.updateDevicesRecordingChanges(forUser: agentUserId, ids: order) {
            devices,
            attempts,
            changes in
            order.map { id in
                var commands: [(endpoint: Int, MatterCommandDescription)] = []
                let result = Self.execute(
                    steps[id] ?? [],
                    on: id,
                    in: &devices,
                    attempts: &attempts[id],
                    challenges: challenges,
                    mode: mode,
                    commands: &commands
                )
                // The change log's `command` records, in the EXECUTE's own transaction.
                for (endpoint, description) in commands {
                    changes.append(
                        description.record(
                            agentUserId: agentUserId,
                            deviceId: id,
                            endpoint: endpoint,
                            requestId: requestId
                        )
                    )
                }
                return result
            }
        }
        return Self.grouped(results)
    }

    /// Every requested id in request order, and per id all steps addressed to it (across groups, in request order).
    /// An id listed twice in one group is commanded once.
    static func steps(of request: ExecuteRequest) -> (order: [String], steps: [String: [ExecuteRequest.Execution]]) {
        var order: [String] = []
        var steps: [String: [ExecuteRequest.Execution]] = [:]
        for group in request.commands {
            for id in distinctIds(group.devices, id: \.id) {
                if steps[id] == nil { order.append(id) }
                steps[id, default: []].append(contentsOf: group.execution)
            }
        }
        return (order, steps)
    }

    static func execute(
        _ steps: [ExecuteRequest.Execution],
        on id: String,
        in devices: inout [String: Device],
        attempts: inout PINAttempts?,
        challenges: ChallengeCheck,
        mode: ValidationMode,
        commands: inout [(endpoint: Int, MatterCommandDescription)],
        delivered: Bool = false
    ) -> ExecuteResult {
        // A device Google was never told about (no Google type yet) is not Google's to command.
        guard let device = devices[id], DeviceTypeMapping.isExposed(device) else {
            return ExecuteResult(ids: [id], status: .error, errorCode: .deviceNotFound)
        }
        guard device.online else {
            return ExecuteResult(ids: [id], status: .error, errorCode: .deviceOffline)
        }
        let bindings = DeviceTypeMapping.bindings(of: device)
        let traits = Set(bindings.map(\.trait))
        let googleType = DeviceTypeMapping.googleType(for: device)
        switch challenges.check(steps, policy: device.challenge, traits: traits, type: googleType, attempts: &attempts)
        {
        case .proceed:
            break
        case .refuse(let code, let type, let includeStates, let debugString):
            var states: JSONObject?
            if includeStates {
                let traits = Set(steps.compactMap { $0.command?.trait })
                let current = SyncDeviceMapping.states(
                    of: device,
                    bindings: bindings.filter { traits.contains($0.trait) }
                )
                states = current.isEmpty ? nil : current
            }
            return ExecuteResult(
                ids: [id],
                status: .error,
                states: states,
                errorCode: code,
                challengeNeeded: type,
                debugString: debugString
            )
        }
        var working = device
        var touched: [Trait] = []
        var described: [(endpoint: Int, MatterCommandDescription)] = []
        var results = JSONObject()
        do throws(CommandError) {
            for step in steps {
                guard let command = step.command else {
                    throw CommandError(.functionNotSupported, "unknown command \(step.commandName)")
                }
                guard let binding = bindings.first(where: { $0.trait == command.trait }) else {
                    throw CommandError(
                        .functionNotSupported,
                        "the device has no \(command.trait.rawValue) trait for \(command.rawValue)"
                    )
                }
                // Only the device backend can open a stream: without one, refused before anything else.
                if command == .getCameraStream, !delivered { throw CameraStreamTrait.registryModeError }
                guard working.endpoints[binding.endpoint].online else {
                    throw CommandError(
                        .deviceOffline,
                        "endpoint \(binding.endpoint + 1), which backs \(command.trait.rawValue), is offline"
                    )
                }
                let before = working.endpoints
                let parameters = CommandParameters(params: step.params, command: command, now: challenges.now)
                try parameters.checkKeys(mode: mode)
                try TraitMappings.execute(
                    command,
                    parameters,
                    on: &working.endpoints,
                    backing: binding.endpoint,
                    mode: mode
                )
                // The backing endpoint, then any other the command changed (an Irrigation System's valves).
                let changed = before.indices.filter { $0 != binding.endpoint && before[$0] != working.endpoints[$0] }
                for index in [binding.endpoint] + changed {
                    for description in MatterCommandDescription.describe(
                        command,
                        params: step.params,
                        before: before[index],
                        after: working.endpoints[index]
                    ) {
                        described.append((index, description))
                    }
                }
                if !touched.contains(command.trait) { touched.append(command.trait) }
                results.merge(TraitMappings.results(of: command, on: working.endpoints[binding.endpoint]))
            }
        } catch {
            return ExecuteResult(ids: [id], status: .error, errorCode: error.code, debugString: error.reason)
        }
        devices[id] = working
        commands = described
        var states = SyncDeviceMapping.states(of: working, bindings: bindings.filter { touched.contains($0.trait) })
        if let exception = DeviceExceptions.exceptionCode(of: working) {
            states.append("exceptionCode", .string(exception.rawValue))
        }
        states.append("online", .bool(true))
        states.merge(results)
        return ExecuteResult(ids: [id], status: .success, states: states)
    }

    /// Merges results with the same outcome into one entry, in order of first appearance.
    static func grouped(_ results: [ExecuteResult]) -> [ExecuteResult] {
        var merged: [ExecuteResult] = []
        for result in results {
            if let index = merged.firstIndex(where: { $0.hasSameOutcome(as: result) }) {
                merged[index].ids.append(contentsOf: result.ids)
            } else {
                merged.append(result)
            }
        }
        return merged
    }
}
