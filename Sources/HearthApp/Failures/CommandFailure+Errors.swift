import HearthConfig
import MicroHTTPD
import RecordReplay
import Registry

extension CommandFailure {
    /// The failure an error of a lower layer means for the command line: its message, and the exit status the
    /// Command line reference's "Exit codes" gives it. (Errors the argument parser reports itself never reach here.)
    public init(_ error: any Error) {
        switch error {
        case let failure as CommandFailure:
            self = failure
        case let error as ConfigurationError:
            self.init(.configuration, error.message)
        case let error as DeviceFileError:
            switch error.code {
            case .unreadable: self.init(.noInput, error.message)
            case .invalid: self.init(.dataError, error.message)
            }
        case let error as FakeHomeGraphApplication.KeyError:
            switch error.code {
            case .unreadable: self.init(.noInput, error.message)
            case .invalid: self.init(.dataError, error.message)
            }
        case let error as RecordReplayError:
            switch error.code {
            case .unusableDirectory: self.init(.configuration, error.message)
            case .unreadable: self.init(.noInput, error.message)
            case .notJSON: self.init(.dataError, error.message)
            case .invalidURL: self.init(.usage, error.message)
            default: self.init(.software, error.message)
            }
        case let error as HTTPServerError:
            switch error.code {
            // The TLS and start failures quote microhttpd: the code's description says what it is about.
            case .addressInUse: self.init(.unavailable, error.message)
            case .tlsUnavailable: self.init(.unavailable, error.description)
            case .invalidConfiguration: self.init(.configuration, error.message)
            case .invalidTLSCredentials: self.init(.configuration, error.description)
            case .permissionDenied: self.init(.noPermission, error.message)
            case .startFailed: self.init(.osError, error.description)
            default: self.init(.software, error.message)
            }
        case let error as RegistryError:
            switch (error.code, error.openFailure) {
            case (.cannotOpen, .cannotCreate?): self.init(.cannotCreate, error.message)
            case (.cannotOpen, .permissionDenied?): self.init(.noPermission, error.message)
            case (.cannotOpen, .busy?): self.init(.temporaryFailure, error.message)
            case (.cannotOpen, .notADatabase?), (.cannotOpen, .newerSchema?): self.init(.dataError, error.message)
            case (.cannotOpen, .unreachable?): self.init(.temporaryFailure, error.message)
            case (.cannotOpen, _): self.init(.ioError, error.message)
            case (.invalidDevice, _), (.conflict, _): self.init(.dataError, error.message)
            default: self.init(.software, error.message)
            }
        default:
            self.init(.software, "\(error) (an internal error; please report it)")
        }
    }
}
