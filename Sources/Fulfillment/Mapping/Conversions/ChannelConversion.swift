/// Pure conversions between Matter's channel numbers and Google's `Channel` strings.
///
/// Matter (Channel cluster, `ChannelInfoStruct`): "MajorNumber … SHALL indicate the channel major number value
/// (for example, using ATSC format)", "MinorNumber … SHALL indicate the channel minor number value (for example,
/// using ATSC format). When the channel number is expressed as a string, such as "13.1" or "256", the major number
/// would be 13 or 256, respectively", both `uint16`; `ChangeChannelByNumber` takes `{MajorNumber, MinorNumber}`.
///
/// Google (traits/channel): `number` is an "Optional numeric identifier for this channel", a String; the page's
/// example device has `"number": "2"` and `"number": "4-11"`, and `selectChannel` takes `channelNumber`,
/// "Numeric identifier for the requested channel."
///
/// So a channel without a sub-channel (minor 0, as cable and satellite channels are numbered) is written `"2"`, and
/// one with a sub-channel `"4-11"`, as Google's example writes it. Reading also takes the dot Matter's own text uses
/// (`"13.1"`) and surrounding spaces, since `channelNumber` comes from what the user said.
enum ChannelConversion {
    /// The largest major or minor number: Matter's `uint16`.
    static let maximumNumber = Int(UInt16.max)

    /// Google's `number` for a Matter channel: `"<major>"` when the minor number is 0, else `"<major>-<minor>"`.
    static func number(major: Int, minor: Int) -> String {
        minor == 0 ? "\(major)" : "\(major)-\(minor)"
    }

    /// The Matter `(MajorNumber, MinorNumber)` a Google channel number stands for: `"7"` → (7, 0), `"4-11"` and
    /// `"4.11"` → (4, 11); `nil` when it is not one or two decimal numbers within `uint16`.
    static func majorMinor(fromNumber text: String) -> (major: Int, minor: Int)? {
        let parts = ModeConversion.trimmed(text).split(separator: "-", omittingEmptySubsequences: false)
            .flatMap { $0.split(separator: ".", omittingEmptySubsequences: false) }
        guard (1...2).contains(parts.count) else { return nil }
        var numbers: [Int] = []
        for part in parts {
            guard !part.isEmpty, part.allSatisfy(\.isASCIIDigit), let value = Int(part), value <= maximumNumber
            else { return nil }
            numbers.append(value)
        }
        return (numbers[0], numbers.count == 2 ? numbers[1] : 0)
    }

    /// Google's `key` for a channel: `ch-<major>-<minor>`. Derived from the numbers, which `ChangeChannelByNumber`
    /// needs, so a `channelCode` alone says which channel to tune to.
    static func key(major: Int, minor: Int) -> String {
        "ch-\(major)-\(minor)"
    }

    /// The numbers a ``key(major:minor:)`` stands for, if `key` is one.
    static func majorMinor(fromKey key: String) -> (major: Int, minor: Int)? {
        guard key.hasPrefix("ch-") else { return nil }
        let parts = key.dropFirst(3).split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCIIDigit) }),
            let major = Int(parts[0]), let minor = Int(parts[1]), major <= maximumNumber, minor <= maximumNumber
        else { return nil }
        return (major, minor)
    }

    /// The position `count` steps from `position` in a list of `total` entries, wrapping at either end: Matter's
    /// `SkipChannel` ("When the value of the increase or decrease is larger than the number of channels remaining
    /// in the given direction, then the behavior SHALL be to return to the beginning (or end) of the channel list
    /// and continue"), and InputSelector's next/previous input. `nil` for an empty list.
    static func wrapped(_ position: Int, by count: Int, total: Int) -> Int? {
        guard total > 0 else { return nil }
        let step = (position % total + count % total) % total
        return (step + total) % total
    }
}

extension Character {
    /// An ASCII digit 0-9 (not any Unicode number: `Int("٣")` is nil, and so must the check be).
    fileprivate var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
