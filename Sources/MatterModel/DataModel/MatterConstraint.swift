/// The values an attribute or field may take (Matter Core §7.18, "Constraints"), as the data model writes them:
/// `0 to 254` is `.between(.integer(0), .integer(254))`, `max 64 entries` `.maxCount(.integer(64))`, and
/// `MinMeasuredValue + 1 to MaxMeasuredValue` bounds on other attributes.
public indirect enum MatterConstraint: Sendable, Hashable {
    /// Given in the specification's prose (`desc`), not as a form.
    case described
    /// From one bound to the other, both included.
    case between(MatterConstraintBound, MatterConstraintBound)
    /// At least.
    case min(MatterConstraintBound)
    /// At most.
    case max(MatterConstraintBound)
    /// This value is allowed (one of several, in ``anyOf(_:)``: `1 to N, 0xFFFE`).
    case allowed(MatterConstraintBound)
    /// A list with this many entries.
    case countBetween(MatterConstraintBound, MatterConstraintBound)
    /// A list with at least this many entries.
    case minCount(MatterConstraintBound)
    /// A list with at most this many entries.
    case maxCount(MatterConstraintBound)
    /// A string or octet string of this length.
    case lengthBetween(MatterConstraintBound, MatterConstraintBound)
    /// At least this long.
    case minLength(MatterConstraintBound)
    /// At most this long.
    case maxLength(MatterConstraintBound)
    /// A string of at most this many Unicode code points (Actions' `ActionStruct.Name`).
    case maxCodePoints(MatterConstraintBound)
    /// Any of these (the data model writes several constraints on one element).
    case anyOf([MatterConstraint])
}

/// One bound of a ``MatterConstraint``: a number, `null`, another element, or an expression on them.
public indirect enum MatterConstraintBound: Sendable, Hashable {
    /// A number.
    case integer(Int)
    /// The null value.
    case null
    /// Manufacturer-specific (`MS`).
    case manufacturerSpecific
    /// Another attribute or field (`MaxMeasuredValue`), or an enum item (`Add`), by name.
    case reference(String)
    /// `A + B` (`MinMeasuredValue + 1`).
    case sum(MatterConstraintBound, MatterConstraintBound)
    /// `A - B` (`NumberOfPositions - 1`).
    case difference(MatterConstraintBound, MatterConstraintBound)
    /// `A / B` (Push AV Stream Transport's `ChunkDuration`: at most `SegmentDuration / 2`).
    case quotient(MatterConstraintBound, MatterConstraintBound)
    /// A bound the data model writes in no form the generator reads, as its own text. The DocC article "The Matter
    /// data model" lists each one.
    case unparsed(String)
}
