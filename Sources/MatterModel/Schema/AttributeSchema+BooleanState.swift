extension AttributeSchema {
    /// Boolean State cluster (0x0045), Matter 1.3 Application Cluster Specification §1.7. What `StateValue` means
    /// is the device type's: for a Contact Sensor true is contact made (closed), for a Water Leak Detector true is
    /// a leak.
    static let booleanState: [AttributeSpec] = [
        AttributeSpec(
            .BooleanState.stateValue,
            id: 0x0000,
            type: .bool,
            unit: "Contact Sensor: contact (closed) / no contact (open); Water Leak Detector: leak / no leak",
            defaultValue: .bool(false)
        )
    ]
}
