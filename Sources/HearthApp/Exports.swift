// The `hearth` executable imports only this module (and ArgumentParser): what its commands name of the layers below —
// the configuration, the log handlers, record and replay — is re-exported here, so the app layer is its one door.
@_exported import HearthConfig
@_exported import HearthLogging
@_exported import RecordReplay
