import JSON

/// One device in a SYNC answer (`payload.devices[]`), with Google's field names.
public struct SyncDevice: Sendable, Hashable {
    /// `name`: the primary name, manufacturer names and user aliases.
    public struct Name: Sendable, Hashable {
        public var name: String
        public var defaultNames: [String]
        public var nicknames: [String]

        public init(name: String, defaultNames: [String] = [], nicknames: [String] = []) {
            self.name = name
            self.defaultNames = defaultNames
            self.nicknames = nicknames
        }
    }

    /// `deviceInfo`: all strings, all optional.
    public struct DeviceInfo: Sendable, Hashable {
        public var manufacturer: String?
        public var model: String?
        public var hwVersion: String?
        public var swVersion: String?

        public init(
            manufacturer: String? = nil,
            model: String? = nil,
            hwVersion: String? = nil,
            swVersion: String? = nil
        ) {
            self.manufacturer = manufacturer
            self.model = model
            self.hwVersion = hwVersion
            self.swVersion = swVersion
        }
    }

    /// The longest name Google keeps, in Unicode code points.
    public static let maximumNameLength = 60

    public var id: String
    public var type: GoogleDeviceType
    public var traits: [Trait]
    public var name: Name
    public var willReportState: Bool
    public var roomHint: String?
    /// `structureHint`: the structure (home) the device is in; HomeGraph's `Device.structure_hint`, "Suggested
    /// name for the structure where this device is installed. Google attempts to use this value during user
    /// setup." (googleapis `google/home/graph/v1/device.proto`).
    public var structureHint: String?
    public var deviceInfo: DeviceInfo?
    public var attributes: JSONObject
    public var otherDeviceIds: [String]
    public var matterUniqueId: String?
    public var matterOriginalVendorId: String?
    public var matterOriginalProductId: String?
    /// `notificationSupportedByAgent`: written only when `true` (Google's default is `false`).
    public var notificationSupportedByAgent: Bool = false

    public init(
        id: String,
        type: GoogleDeviceType,
        traits: [Trait],
        name: Name,
        willReportState: Bool,
        roomHint: String? = nil,
        structureHint: String? = nil,
        deviceInfo: DeviceInfo? = nil,
        attributes: JSONObject = JSONObject(),
        otherDeviceIds: [String] = [],
        matterUniqueId: String? = nil,
        matterOriginalVendorId: String? = nil,
        matterOriginalProductId: String? = nil
    ) {
        self.id = id
        self.type = type
        self.traits = traits
        self.name = name
        self.willReportState = willReportState
        self.roomHint = roomHint
        self.structureHint = structureHint
        self.deviceInfo = deviceInfo
        self.attributes = attributes
        self.otherDeviceIds = otherDeviceIds
        self.matterUniqueId = matterUniqueId
        self.matterOriginalVendorId = matterOriginalVendorId
        self.matterOriginalProductId = matterOriginalProductId
    }

    /// A name cut to at most ``maximumNameLength`` Unicode code points, as Google would cut it.
    public static func truncatedName(_ name: String) -> String {
        let scalars = name.unicodeScalars
        guard scalars.count > maximumNameLength else { return name }
        var view = String.UnicodeScalarView()
        view.append(contentsOf: scalars.prefix(maximumNameLength))
        return String(view)
    }

    /// Matter's 16-bit vendor and product ids as Google wants them: lower-case hex with `0x`, no padding.
    public static func matterHexId(_ id: Int) -> String {
        "0x" + String(id, radix: 16, uppercase: false)
    }

    /// ``json`` written out.
    public var jsonBytes: [UInt8] {
        var writer = JSONWriter(capacity: 768)
        writer.write(json)
        return writer.bytes
    }

    /// The device as SYNC's JSON object. Optional fields are left out when absent.
    public var json: JSONObject {
        var object = JSONObject()
        object.append("id", .string(id))
        object.append("type", .string(type.rawValue))
        object.append("traits", .array(traits.map { .string($0.rawValue) }))
        var nameObject = JSONObject()
        nameObject.append("name", .string(name.name))
        nameObject.append("defaultNames", .array(name.defaultNames.map { .string($0) }))
        nameObject.append("nicknames", .array(name.nicknames.map { .string($0) }))
        object.append("name", .object(nameObject))
        object.append("willReportState", .bool(willReportState))
        if notificationSupportedByAgent { object.append("notificationSupportedByAgent", .bool(true)) }
        if let roomHint { object.append("roomHint", .string(roomHint)) }
        if let structureHint { object.append("structureHint", .string(structureHint)) }
        if let deviceInfo {
            var info = JSONObject()
            if let value = deviceInfo.manufacturer { info.append("manufacturer", .string(value)) }
            if let value = deviceInfo.model { info.append("model", .string(value)) }
            if let value = deviceInfo.hwVersion { info.append("hwVersion", .string(value)) }
            if let value = deviceInfo.swVersion { info.append("swVersion", .string(value)) }
            object.append("deviceInfo", .object(info))
        }
        object.append("attributes", .object(attributes))
        if !otherDeviceIds.isEmpty {
            object.append(
                "otherDeviceIds",
                .array(otherDeviceIds.map { .object(JSONObject([("deviceId", .string($0))])) })
            )
        }
        if let matterUniqueId { object.append("matterUniqueId", .string(matterUniqueId)) }
        if let matterOriginalVendorId { object.append("matterOriginalVendorId", .string(matterOriginalVendorId)) }
        if let matterOriginalProductId { object.append("matterOriginalProductId", .string(matterOriginalProductId)) }
        return object
    }
}
