/// A doorbell: Matter's Doorbell device type, Google's DOORBELL with ObjectDetection (notifications only).
enum DoorbellCatalogue {
    static let deviceFile = """
        {"users": [{"agentUserId": "doorbell-user", "devices": [
          {
            "id": "front-doorbell",
            "name": "Front doorbell",
            "room": "Entrance",
            "deviceTypes": ["Doorbell"],
            "notificationSupportedByAgent": true,
            "basicInformation": {
              "vendorName": "Acme", "vendorID": 65521, "productName": "Doorbell", "productID": 32900,
              "uniqueID": "acme-doorbell-0001"
            }
          }
        ]}]}
        """
}
