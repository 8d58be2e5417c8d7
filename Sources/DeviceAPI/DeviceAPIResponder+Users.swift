import HTTPMessages
import HTTPTypes
import JSON
import MatterModel
import Registry

// `PUT`/`DELETE /v1/users/{u}`, `GET /v1/users/{u}/devices`, and the device routes.

extension DeviceAPIResponder {
    /// A device's names and placement, the members `PATCH /v1/users/{u}/devices/{d}` takes.
    static let renameKeys = ["name", "nicknames", "room", "structure"]
    /// Google's limit on a device name, in Unicode code points (`setName` cuts there too).
    public static let maximumNameCodePoints = 60

    func putUser(_ user: String) throws(APIError) -> Response {
        let created: Bool
        do { created = try store.createUser(user) } catch { throw storeFailure(error) }
        return Self.json(
            created ? .created : .ok,
            JSONObject([("agentUserId", .string(user)), ("created", .bool(created))])
        )
    }

    func deleteUser(_ user: String) throws(APIError) -> Response {
        let removed: Bool
        do { removed = try store.removeUser(user) } catch { throw storeFailure(error) }
        guard removed else { throw APIError(.notFound, "no user \"\(user)\"") }
        return Response(status: .noContent)
    }

    func listDevices(_ user: String) throws(APIError) -> Response {
        let found: (devices: [Device], generation: Int64)?
        do { found = try store.devicesWithGeneration(forUser: user) } catch { throw storeFailure(error) }
        guard let found else { throw APIError(.notFound, "no user \"\(user)\"") }
        return Self.json(
            .ok,
            JSONObject([
                ("devices", .array(found.devices.map { .object($0.jsonObject) })),
                ("generation", .int(Int(found.generation))),
            ])
        )
    }

    func getDevice(user: String, id: String) throws(APIError) -> Response {
        let device = try storedDevice(user: user, id: id)
        return Self.json(.ok, Self.answer(device), headerFields: [.eTag: Self.entityTag(device)])
    }

    func putDevice(_ request: Request, user: String, id: String) throws(APIError) -> Response {
        var object = try Self.jsonBody(request)
        if let given = object["id"] {
            guard given.stringValue == id else {
                throw APIError(
                    .invalid,
                    "the body's id must be the path's device id \"\(id)\"",
                    details: [APIError.Detail(path: "/id", message: "must be \"\(id)\" (or left out)")]
                )
            }
        } else {
            object.append("id", .string(id))
        }
        let device = try Self.parseDevice(object, user: user)
        let ifMatch = request.headerFields[.ifMatch]
        let added: Bool
        do {
            added = try store.putDevice(device, forUser: user) { stored throws(APIError) in
                try Self.checkIfMatch(ifMatch, stored)
            }
        } catch {
            throw storeFailure(error)
        }
        let stored = try storedDevice(user: user, id: id)
        return Self.json(
            added ? .created : .ok,
            Self.answer(stored),
            headerFields: [.eTag: Self.entityTag(stored)]
        )
    }

    func patchDevice(_ request: Request, user: String, id: String) throws(APIError) -> Response {
        let object = try Self.jsonBody(request)
        try Self.refuseUnknownKeys(object, Self.renameKeys)
        var details: [APIError.Detail] = []
        var name: String?
        var truncated = false
        if let value = object["name"] {
            if let text = value.stringValue, !StoredText.isStorable(text) {
                details.append(APIError.Detail(path: "/name", message: StoredText.nulReason))
            } else if let text = value.stringValue, !text.isEmpty {
                if text.unicodeScalars.count > Self.maximumNameCodePoints {
                    var scalars = String.UnicodeScalarView()
                    scalars.append(contentsOf: text.unicodeScalars.prefix(Self.maximumNameCodePoints))
                    name = String(scalars)
                    truncated = true
                } else {
                    name = text
                }
            } else {
                details.append(APIError.Detail(path: "/name", message: "must be a non-empty string"))
            }
        }
        var nicknames: [String]?
        if let value = object["nicknames"] {
            if let array = value.arrayValue, array.allSatisfy({ $0.stringValue?.isEmpty == false }) {
                let refused = array.indices.filter { !StoredText.isStorable(array[$0].stringValue ?? "") }
                details += refused.map { APIError.Detail(path: "/nicknames/\($0)", message: StoredText.nulReason) }
                nicknames = array.compactMap(\.stringValue)
            } else {
                details.append(APIError.Detail(path: "/nicknames", message: "must be an array of non-empty strings"))
            }
        }
        var placement: [String: String?] = [:]
        for key in ["room", "structure"] {
            guard let value = object[key] else { continue }
            if case .null = value {
                placement[key] = .some(nil)
            } else if let text = value.stringValue, !StoredText.isStorable(text) {
                details.append(APIError.Detail(path: "/" + key, message: StoredText.nulReason))
            } else if let text = value.stringValue, !text.isEmpty {
                placement[key] = text
            } else {
                details.append(APIError.Detail(path: "/" + key, message: "must be a non-empty string or null"))
            }
        }
        guard details.isEmpty else { throw APIError(.invalid, "the change is not valid", details: details) }
        let ifMatch = request.headerFields[.ifMatch]
        let device: Device
        do {
            device = try store.renameDevice(forUser: user, id: id) { device throws(APIError) in
                try Self.checkIfMatch(ifMatch, device)
                if let name { device.name = name }
                if let nicknames { device.nicknames = nicknames }
                if let room = placement["room"] { device.room = room }
                if let structure = placement["structure"] { device.structure = structure }
            }
        } catch {
            throw storeFailure(error)
        }
        var answer = Self.answer(device)
        if truncated {
            answer.append("nameTruncated", .bool(true))
            answer.append(
                "warnings",
                .array([
                    .object(
                        JSONObject([
                            ("path", .string("/name")),
                            (
                                "message",
                                .string("cut to \(Self.maximumNameCodePoints) Unicode code points, as Google does")
                            ),
                        ])
                    )
                ])
            )
        }
        return Self.json(.ok, answer, headerFields: [.eTag: Self.entityTag(device)])
    }

    func deleteDevice(_ request: Request, user: String, id: String) throws(APIError) -> Response {
        let ifMatch = request.headerFields[.ifMatch]
        let removed: Bool
        do {
            removed = try store.removeDevice(forUser: user, id: id) { device throws(APIError) in
                try Self.checkIfMatch(ifMatch, device)
            }
        } catch {
            throw storeFailure(error)
        }
        guard removed else { throw APIError(.notFound, "user \"\(user)\" has no device \"\(id)\"") }
        return Response(status: .noContent)
    }

    // MARK: - Helpers

    func storedDevice(user: String, id: String) throws(APIError) -> Device {
        // The read cache answers the common case; only a miss asks whether the user exists at all.
        do {
            if let device = try store.snapshot(forUser: user).device(id) { return device }
        } catch {
            throw storeFailure(error)
        }
        let found: (devices: [Device], generation: Int64)?
        do { found = try store.devicesWithGeneration(forUser: user) } catch { throw storeFailure(error) }
        guard let found else { throw APIError(.notFound, "no user \"\(user)\"") }
        guard let device = found.devices.first(where: { $0.id == id }) else {
            throw APIError(.notFound, "user \"\(user)\" has no device \"\(id)\"")
        }
        return device
    }

    /// `{"device": {…device-file object…}, "connectivity": {"state": "online", "endpoints": [{"endpoint": 1,
    /// "online": true}]}}`.
    static func answer(_ device: Device) -> JSONObject {
        var connectivity = JSONObject()
        connectivity.append("state", .string(device.connectivity.rawValue))
        connectivity.append(
            "endpoints",
            .array(
                device.endpoints.enumerated().map { index, endpoint in
                    .object(JSONObject([("endpoint", .int(index + 1)), ("online", .bool(endpoint.online))]))
                }
            )
        )
        return JSONObject([("device", .object(device.jsonObject)), ("connectivity", .object(connectivity))])
    }

    /// A strong entity tag of the device as stored (names, structure and state): FNV-1a 64 of its canonical JSON.
    static func entityTag(_ device: Device) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in JSONWriter.bytes(.object(device.jsonObject), format: .pretty) {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        return "\"" + String(repeating: "0", count: 16 - hex.count) + hex + "\""
    }

    /// Refuses with 412 when `If-Match` is given and names neither `*` nor the stored device's tag (or there is no
    /// stored device).
    static func checkIfMatch(_ header: String?, _ stored: Device?) throws(APIError) {
        guard let header else { return }
        let tags = header.split(separator: ",").map { String($0.filter { $0 != " " && $0 != "\t" }) }
        if let stored, tags.contains("*") || tags.contains(entityTag(stored)) { return }
        throw APIError(
            .preconditionFailed,
            stored == nil
                ? "If-Match was given but there is no such device"
                : "the device changed since that ETag: GET it again and retry"
        )
    }

    /// A device file's dotted field (`nicknames[1]`, `clusters.OnOff.OnOff`) as a JSON Pointer into the body
    /// (`/nicknames/1`, `/clusters/OnOff/OnOff`).
    static func pointer(fromField field: String) -> String {
        let tokens = field.replacing("]", with: "").split { $0 == "." || $0 == "[" }
        return tokens.map { "/" + pointerEscaped(String($0)) }.joined()
    }

    /// One device object in the device-file format, validated as `hearth devices import` validates it; its errors
    /// are 422 with the same messages and a JSON Pointer to the field.
    static func parseDevice(_ object: JSONObject, user: String) throws(APIError) -> Device {
        let file = JSONValue.object(
            JSONObject([
                (
                    "users",
                    .array([
                        .object(JSONObject([("agentUserId", .string(user)), ("devices", .array([.object(object)]))]))
                    ])
                )
            ])
        )
        do {
            let parsed = try DeviceFile.parse(JSONWriter.bytes(file))
            return parsed.users[0].devices[0]
        } catch {
            let path = error.field.map(Self.pointer(fromField:))
            throw APIError(
                .invalid,
                error.description,
                details: [APIError.Detail(path: path ?? "", message: error.message)]
            )
        }
    }
}
