/// Why a device file was refused, naming the user, the device and the field.
///
/// `description` reads
/// `user "demo-user", device "kitchen-ceiling", field "clusters.LevelControl.CurrentLevel": 300 is outside 1…254`;
/// parts that are unknown are left out. Where the user or device has no usable id yet, ``field`` starts with its
/// position instead (`users[1].agentUserId`, `devices[0].id`, 0-based).
public struct DeviceFileError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What kind of mistake the file makes.
    public struct Code: Sendable, Hashable, CustomStringConvertible {
        private enum Backing: String, Sendable, Hashable {
            case malformedJSON
            case missingField
            case emptyValue
            case duplicate
            case wrongType
            case unknownKey
            case unknownDeviceType
            case unknownCluster
            case unknownAttribute
            case outOfRange
            case inconsistentAttributes
            case clusterNotAllowed
            case invalidChallenge
            case invalidCharacter
        }

        private var backing: Backing

        private init(_ backing: Backing) {
            self.backing = backing
        }

        /// The code's name (`outOfRange`).
        public var description: String { backing.rawValue }

        /// The bytes are not JSON (or not UTF-8, or nest too deep).
        public static let malformedJSON = Code(.malformedJSON)
        /// A required field is absent.
        public static let missingField = Code(.missingField)
        /// A string or list that must not be empty is empty.
        public static let emptyValue = Code(.emptyValue)
        /// An `agentUserId`, a device `id` or a device type appears twice.
        public static let duplicate = Code(.duplicate)
        /// A field has the wrong JSON type (a number where a string belongs, `1.5` for an integer, …).
        public static let wrongType = Code(.wrongType)
        /// A key the format does not define (a typo, most often).
        public static let unknownKey = Code(.unknownKey)
        /// A device type Hearth does not support.
        public static let unknownDeviceType = Code(.unknownDeviceType)
        /// A cluster Hearth does not model.
        public static let unknownCluster = Code(.unknownCluster)
        /// An attribute Hearth does not model for that cluster.
        public static let unknownAttribute = Code(.unknownAttribute)
        /// A value outside its Matter range.
        public static let outOfRange = Code(.outOfRange)
        /// Attributes that break a rule between them (`MinLevel ≤ CurrentLevel ≤ MaxLevel`, …).
        public static let inconsistentAttributes = Code(.inconsistentAttributes)
        /// A cluster the device's types do not allow (Color Control on an On/Off Light).
        public static let clusterNotAllowed = Code(.clusterNotAllowed)
        /// A `challenge` that is not `"none"`, `"ack"` or a PIN of 4–12 digits (or a well-formed PIN hash).
        public static let invalidChallenge = Code(.invalidChallenge)
        /// A string holding a character no store can keep: U+0000 (NUL), see ``StoredText``.
        public static let invalidCharacter = Code(.invalidCharacter)
    }

    /// What kind of mistake.
    public var code: Code
    /// The `agentUserId` of the user the mistake is in, when known.
    public var user: String?
    /// The `id` of the device the mistake is in, when known.
    public var device: String?
    /// The dotted path of the field within the device (`clusters.LevelControl.CurrentLevel`), the user
    /// (`agentUserId`) or the file (`users`); `nil` for malformed JSON.
    public var field: String?
    /// What is wrong (`300 is outside 1…254`).
    public var message: String

    /// Creates an error.
    public init(code: Code, user: String? = nil, device: String? = nil, field: String? = nil, message: String) {
        self.code = code
        self.user = user
        self.device = device
        self.field = field
        self.message = message
    }

    /// `user "demo-user", device "kitchen-ceiling", field "name": missing`.
    public var description: String {
        var parts: [String] = []
        if let user { parts.append("user \"\(user)\"") }
        if let device { parts.append("device \"\(device)\"") }
        if let field { parts.append("field \"\(field)\"") }
        if parts.isEmpty { return message }
        return parts.joined(separator: ", ") + ": " + message
    }
}
