import Logging
import UnixSignals

extension StopRequest {
    /// Logs `Stopping` (notice, `signal=SIGTERM` or `SIGINT`) once a stop is requested: at once if one already has
    /// been.
    func logWhenRequested(to logger: Logger) {
        whenRequested { signal in
            logger.notice("Stopping", metadata: ["signal": "\(signal.description.uppercased())"])
        }
    }
}
