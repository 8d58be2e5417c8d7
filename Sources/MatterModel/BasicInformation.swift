/// The identity part of Matter's Basic Information cluster, as the device file gives it.
///
/// `vendorID` and `productID` are Matter's 16-bit ids; SYNC sends them as `matterOriginalVendorId` /
/// `matterOriginalProductId`, `uniqueID` as `matterUniqueId`.
public struct BasicInformation: Sendable, Hashable {
    public var vendorName: String?
    public var vendorID: Int?
    public var productName: String?
    public var productID: Int?
    public var serialNumber: String?
    public var uniqueID: String?
    public var hardwareVersionString: String?
    public var softwareVersionString: String?

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
