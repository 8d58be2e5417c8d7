/// The identity part of Matter's Basic Information cluster, as the device file gives it.
///
/// `vendorID` and `productID` are Matter's 16-bit ids; SYNC sends them as `matterOriginalVendorId` /
/// `matterOriginalProductId`, `uniqueID` as `matterUniqueId`.
public struct BasicInformation: Sendable, Hashable {
    /// Matter `VendorName`: the vendor's name, for people.
    public var vendorName: String?
    /// Matter `VendorID` (uint16, 0…65535); SYNC sends it as `matterOriginalVendorId`.
    public var vendorID: Int?
    /// Matter `ProductName`.
    public var productName: String?
    /// Matter `ProductID` (uint16, 0…65535); SYNC sends it as `matterOriginalProductId`.
    public var productID: Int?
    /// Matter `SerialNumber`.
    public var serialNumber: String?
    /// Matter `UniqueID`; SYNC sends it as `matterUniqueId`.
    public var uniqueID: String?
    /// Matter `HardwareVersionString`.
    public var hardwareVersionString: String?
    /// Matter `SoftwareVersionString`.
    public var softwareVersionString: String?

    /// Creates the identity; every field is optional.
    public init(
        vendorName: String? = nil,
        vendorID: Int? = nil,
        productName: String? = nil,
        productID: Int? = nil,
        serialNumber: String? = nil,
        uniqueID: String? = nil,
        hardwareVersionString: String? = nil,
        softwareVersionString: String? = nil
    ) {
        self.vendorName = vendorName
        self.vendorID = vendorID
        self.productName = productName
        self.productID = productID
        self.serialNumber = serialNumber
        self.uniqueID = uniqueID
        self.hardwareVersionString = hardwareVersionString
        self.softwareVersionString = softwareVersionString
    }
}
