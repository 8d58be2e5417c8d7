import Clocks
import JSON
import Logging
import MatterModel
import Registry
import SmartHomeProtocol

/// `action.devices.EXECUTE` when a ``CommandDeliverer`` carries the commands to the device backend
/// (`commands.delivery: webhook`), in three phases:
///
/// 1. ``plan(requestId:request:agentUserId:)``: everything ``ExecuteHandler`` checks (validation, ranges,
///    challenges, offline endpoints), on working copies, in one transaction that writes only what must be written
///    whatever the backend does (wrong-PIN counts and lockouts), never the devices' state. Refused devices get
///    their final answer here; nothing refused reaches the backend.
/// 2. The caller delivers ``Plan/commands`` and waits for the ``DeliveryOutcome`` (no thread is held).
/// 3. ``commit(_:outcome:)``: one transaction writes what the backend confirmed (its reported attributes, or the
///    planned ones, applied to each device as the registry holds it then), the change log's `command` records and,
///    through the store's outbox policy, the HomeGraph work; then the answer is built from the results. A device
///    the backend refused answers its error code (Google's, else `hardError`); one it has not finished, or has not
///    answered about by the deadline, answers PENDING; a failed delivery answers `transientError` and changes
///    nothing.
///
/// The answer has Google's shape as ``ExecuteHandler``'s does: a device refused in phase 1 keeps its explanation
/// (``ExecuteResult/debugString``), which goes to the payload-level `debugString` and the log line, never into its
/// `commands[]` entry; what the backend answers is never explained there (its failures are logged here instead).
///
/// A `GetCameraStream` (``CameraStreamTrait``) is delivered as `CameraAvStreamManagement.HearthGetCameraStream`, and
/// its answer is data, not state: the backend's per-device `response` is checked by ``CameraStreamAnswer`` and
/// becomes the device's `states` (`cameraStreamAccessUrl`, `cameraStreamAuthToken`, `cameraStreamProtocol`, …). A
/// stream device whose answer is missing, breaks the rules, or repeats another device's token answers `hardError`
/// (the backend broke the contract: asking again would get the same answer, and Google must not be sent to a bad
/// URL); one answered PENDING, or not answered by the deadline, answers `transientError` (a stream cannot arrive
/// later through a state report, but a new request may succeed).
struct DeliveredExecution {
    let store: any DeviceStore
    let options: FulfillmentOptions
    /// The time of this request, for PIN windows and lockouts.
    let now: UnixTime
    let logger: Logger

    /// The outcome of phase 1.
    struct Plan: Sendable {
        var requestId: String
        var agentUserId: String
        /// Every requested id, in request order.
        var order: [String]
        /// The final results of devices refused before delivery (keyed by id).
        var refused: [String: ExecuteResult]
        /// What the backend is asked to do; no devices when every device was refused.
        var commands: PlannedCommands
        /// Per delivered device: its `command` records' descriptions and the Google traits its steps address.
        var described: [String: [(endpoint: Int, MatterCommandDescription)]]
        var traits: [String: Set<Trait>]
        /// Per delivered device that asked for a camera stream: what it asked.
        var streams: [String: CameraStreamRequest] = [:]
        /// Per delivered device: what its commands answer beside the states (a guest network password).
        var answers: [String: JSONObject] = [:]
    }

    func plan(requestId: String, request: ExecuteRequest, agentUserId: String) throws -> Plan {
        let (order, steps) = ExecuteHandler.steps(of: request)
        let mode = options.validationMode
        let challenges = ChallengeCheck(lockout: options.pinLockout, now: now, allowAckUnlock: options.allowAckUnlock)
        var refused: [String: ExecuteResult] = [:]
        var planned: [PlannedCommands.Device] = []
        var described: [String: [(endpoint: Int, MatterCommandDescription)]] = [:]
        var traits: [String: Set<Trait>] = [:]
        var streams: [String: CameraStreamRequest] = [:]
        var answers: [String: JSONObject] = [:]
        func check(_ devices: inout [String: Device], _ attempts: inout [String: PINAttempts]) {
            let stored = devices
            for id in order {
                var commands: [(endpoint: Int, MatterCommandDescription)] = []
                let result = ExecuteHandler.execute(
                    steps[id] ?? [],
                    on: id,
                    in: &devices,
                    attempts: &attempts[id],
                    challenges: challenges,
                    mode: mode,
                    commands: &commands,
                    delivered: true
                )
                guard result.status == .success, let before = stored[id] else {
                    refused[id] = result
                    continue
                }
                described[id] = commands
                traits[id] = Set((steps[id] ?? []).compactMap { $0.command?.trait })
                if let stream = Self.stream(steps[id] ?? [], on: before) { streams[id] = stream }
                answers[id] = TraitMappings.results(of: steps[id] ?? [], on: devices[id] ?? before)
                planned.append(Self.device(id, commands: commands, before: before, after: devices[id] ?? before))
            }
            devices = stored
        }
        var devices = try store.devices(forUser: agentUserId, ids: order)
        if devices.values.contains(where: { if case .pin = $0.challenge { true } else { false } }) {
            // Only the wrong-PIN records are written: every device is put back as it was before the body returns.
            try store.updateDevicesAndPINAttempts(forUser: agentUserId, ids: order) { devices, attempts in
                check(&devices, &attempts)
            }
        } else {
            // No PIN to count: nothing is written, a read suffices (and takes no write lock).
            var none: [String: PINAttempts] = [:]
            check(&devices, &none)
        }
        return Plan(
            requestId: requestId,
            agentUserId: agentUserId,
            order: order,
            refused: refused,
            commands: PlannedCommands(
                requestId: requestId,
                agentUserId: agentUserId,
                idempotencyKey: Self.idempotencyKey(requestId: requestId, agentUserId: agentUserId),
                devices: planned
            ),
            described: described,
            traits: traits,
            streams: streams,
            answers: answers
        )
    }

    /// What a device's `GetCameraStream` step asks (its params were checked when it ran), or `nil` without one.
    static func stream(_ steps: [ExecuteRequest.Execution], on device: Device) -> CameraStreamRequest? {
        guard let step = steps.last(where: { $0.command == .getCameraStream }),
            let binding = DeviceTypeMapping.bindings(of: device).first(where: { $0.trait == .cameraStream }),
            let asked = try? CameraStreamTrait.request(
                CommandParameters(params: step.params, command: .getCameraStream),
                on: device.endpoints[binding.endpoint]
            )
        else { return nil }
        return CameraStreamRequest(
            protocols: asked.protocols,
            toChromecast: asked.toChromecast,
            needAuthToken: CameraStreamTrait.needAuthToken
        )
    }

    /// One device's share: its commands grouped by endpoint, with the attributes the working copy changed.
    static func device(
        _ id: String,
        commands: [(endpoint: Int, MatterCommandDescription)],
        before: Device,
        after: Device
    ) -> PlannedCommands.Device {
        var endpoints: [PlannedCommands.Endpoint] = []
        for (index, description) in commands {
            let command = PlannedCommands.Command(command: description.command, arguments: description.arguments)
            if let position = endpoints.firstIndex(where: { $0.endpoint == index + 1 }) {
                endpoints[position].commands.append(command)
            } else {
                let target =
                    index < before.endpoints.count && index < after.endpoints.count
                    ? after.endpoints[index].changedAttributes(since: before.endpoints[index]) : JSONObject()
                endpoints.append(PlannedCommands.Endpoint(endpoint: index + 1, commands: [command], target: target))
            }
        }
        return PlannedCommands.Device(id: id, endpoints: endpoints)
    }

    /// Stable for one EXECUTE: Google retries a request with the same `requestId`, and a retry must not act twice.
    static func idempotencyKey(requestId: String, agentUserId: String) -> String {
        "\(agentUserId):\(requestId)"
    }

    /// Phase 3: commits what the backend confirmed; the results the answer is built from (grouped).
    func commit(_ plan: Plan, outcome: DeliveryOutcome) throws -> [ExecuteResult] {
        var delivered: [String: ExecuteResult] = [:]
        var confirmed: [String: (clusters: JSONObject?, endpoint: Int?)] = [:]
        var streamStates: [String: JSONObject] = [:]
        var tokens: Set<String> = []
        let ids = plan.commands.deviceIds
        switch outcome {
        case .failed(let reason):
            logger.warning(
                "Command delivery failed: nothing was changed",
                metadata: metadata(plan, ["delivery.error": "\(reason)", "devices": "\(ids.count)"])
            )
            for id in ids { delivered[id] = ExecuteResult(ids: [id], status: .error, errorCode: .transientError) }
        case .deadlinePassed:
            // Not a failure: the request's own line says PENDING.
            logger.debug(
                "Command delivery passed its deadline: the devices are PENDING",
                metadata: metadata(plan, ["devices": "\(ids.count)"])
            )
            for id in ids {
                delivered[id] =
                    plan.streams[id] == nil
                    ? ExecuteResult(ids: [id], status: .pending)
                    : ExecuteResult(ids: [id], status: .error, errorCode: .transientError)
            }
        case .answered(let answers):
            for id in ids {
                switch answers[id] {
                case .success(let clusters, let endpoint, let response):
                    if let stream = plan.streams[id] {
                        do throws(CameraStreamAnswer.Rejection) {
                            guard let response else {
                                throw CameraStreamAnswer.Rejection(reason: "the answer has no \"response\" object")
                            }
                            let states = try CameraStreamAnswer.states(response, for: stream)
                            if let token = states["cameraStreamAuthToken"]?.stringValue {
                                guard tokens.insert(token).inserted else {
                                    throw CameraStreamAnswer.Rejection(
                                        reason:
                                            "the token was already answered for another device: it must be scoped to one"
                                    )
                                }
                            }
                            streamStates[id] = states
                        } catch {
                            logger.warning(
                                "The device backend's stream answer breaks Google's CameraStream rules: answered hardError",
                                metadata: metadata(plan, ["device.id": "\(id)", "delivery.error": "\(error.reason)"])
                            )
                            delivered[id] = ExecuteResult(ids: [id], status: .error, errorCode: .hardError)
                            continue
                        }
                    }
                    confirmed[id] = (clusters, endpoint)
                case .error(let code):
                    let known = ErrorCode(rawValue: code)
                    if known == nil {
                        logger.warning(
                            "The device backend answered an error code Google does not know: answered hardError",
                            metadata: metadata(plan, ["device.id": "\(id)", "delivery.error_code": "\(code)"])
                        )
                    }
                    delivered[id] = ExecuteResult(ids: [id], status: .error, errorCode: known ?? .hardError)
                case .pending, nil:
                    delivered[id] =
                        plan.streams[id] == nil
                        ? ExecuteResult(ids: [id], status: .pending)
                        : ExecuteResult(ids: [id], status: .error, errorCode: .transientError)
                }
            }
        }
        if !confirmed.isEmpty {
            let committed = try commitConfirmed(plan, confirmed, streamStates: streamStates)
            delivered.merge(committed) { _, new in new }
        }
        let results = plan.order.compactMap { plan.refused[$0] ?? delivered[$0] }
        return ExecuteHandler.grouped(results)
    }

    /// One transaction: the confirmed attributes on each device as the registry holds it now, with the change log's
    /// `command` records; the store queues the HomeGraph work.
    private func commitConfirmed(
        _ plan: Plan,
        _ confirmed: [String: (clusters: JSONObject?, endpoint: Int?)],
        streamStates: [String: JSONObject]
    ) throws -> [String: ExecuteResult] {
        let ids = plan.commands.deviceIds.filter { confirmed[$0] != nil }
        let targets = Dictionary(uniqueKeysWithValues: plan.commands.devices.map { ($0.id, $0) })
        var rejected: [(String, String)] = []
        let results = try store.updateDevicesRecordingChanges(forUser: plan.agentUserId, ids: ids) {
            devices,
            _,
            changes in
            var results: [String: ExecuteResult] = [:]
            for id in ids {
                guard var device = devices[id], let answer = confirmed[id] else {
                    // Removed while the backend worked.
                    results[id] = ExecuteResult(ids: [id], status: .error, errorCode: .deviceNotFound)
                    continue
                }
                do throws(DeviceStateChangeError) {
                    if let clusters = answer.clusters {
                        try DeviceStateChange.apply(
                            Self.changes(clusters),
                            online: nil,
                            endpoint: answer.endpoint,
                            to: &device
                        )
                    } else {
                        for endpoint in targets[id]?.endpoints ?? [] {
                            try DeviceStateChange.apply(
                                Self.changes(endpoint.target),
                                online: nil,
                                endpoint: endpoint.endpoint,
                                to: &device
                            )
                        }
                    }
                } catch {
                    rejected.append((id, error.message))
                    results[id] = ExecuteResult(ids: [id], status: .error, errorCode: .transientError)
                    continue
                }
                devices[id] = device
                for (endpoint, description) in plan.described[id] ?? [] {
                    changes.append(
                        description.record(
                            agentUserId: plan.agentUserId,
                            deviceId: id,
                            endpoint: endpoint,
                            requestId: plan.requestId
                        )
                    )
                }
                let traits = plan.traits[id] ?? []
                let bindings = DeviceTypeMapping.bindings(of: device).filter { traits.contains($0.trait) }
                var states = SyncDeviceMapping.states(of: device, bindings: bindings)
                for (key, value) in streamStates[id] ?? JSONObject() { states.append(key, value) }
                if let exception = DeviceExceptions.exceptionCode(of: device) {
                    states.append("exceptionCode", .string(exception.rawValue))
                }
                states.append("online", .bool(true))
                states.merge(plan.answers[id] ?? JSONObject())
                results[id] = ExecuteResult(ids: [id], status: .success, states: states)
            }
            return results
        }
        for (id, reason) in rejected {
            logger.warning(
                "The device backend confirmed a state the device cannot hold: answered transientError",
                metadata: metadata(plan, ["device.id": "\(id)", "delivery.error": "\(reason)"])
            )
        }
        return results
    }

    /// `{"Cluster": {"Attribute": value}}` as checked attribute changes.
    static func changes(_ clusters: JSONObject) throws(DeviceStateChangeError) -> [DeviceStateChange] {
        var changes: [DeviceStateChange] = []
        for (cluster, attributes) in clusters {
            guard let attributes = attributes.objectValue else {
                throw DeviceStateChangeError(.invalidAssignment, "\(cluster): expected an object of attributes")
            }
            for (name, value) in attributes {
                if let id = ClusterID(rawValue: cluster), !id.isModelled {
                    changes.append(try DeviceStateChange.parse(cluster: id, attribute: name, json: value))
                    continue
                }
                let text: String
                switch value {
                case .bool(let flag): text = flag ? "true" : "false"
                case .string(let string): text = string
                case .null: text = "null"
                default:
                    guard let number = value.intValue else {
                        throw DeviceStateChangeError(.invalidAssignment, "\(cluster).\(name): expected an integer")
                    }
                    text = String(number)
                }
                changes.append(try DeviceStateChange.parse("\(cluster).\(name)=\(text)"))
            }
        }
        return changes
    }

    private func metadata(_ plan: Plan, _ extra: Logger.Metadata) -> Logger.Metadata {
        var metadata = extra
        metadata["request.id"] = "\(plan.requestId)"
        metadata["agent_user.id"] = "\(plan.agentUserId)"
        metadata["intent"] = "action.devices.EXECUTE"
        return metadata
    }
}
