/// Where and how much ``FulfillmentRecorder`` records (`record.*`).
public struct RecordingOptions: Sendable, Hashable {
    /// The directory the fixture files go to (`record.directory`, `hearth serve --record DIR`).
    public var directory: String
    /// The share of intents recorded, from 0 to 1 (`record.sampleRate`).
    public var sampleRate: Double
    /// Recording stops once the directory holds this many recordings; 0 = no limit (`record.maxFiles`).
    public var maxFiles: Int
    /// Recordings waiting for the writer; one more is dropped (and counted), never waited for.
    public var queueLimit: Int

    /// Creates the options.
    public init(directory: String, sampleRate: Double = 1, maxFiles: Int = 0, queueLimit: Int = 256) {
        self.directory = directory
        self.sampleRate = sampleRate
        self.maxFiles = maxFiles
        self.queueLimit = queueLimit
    }
}
