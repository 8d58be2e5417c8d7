// What a test that imports HearthTesting works with: the fakes and the manual clock, the JSON values the harness and
// the fakes hand back, the clock protocol they take, and swift-http-types' methods and fields the harness sends; for
// ``InProcessHearth``, the app layer (its configuration keys and overrides, the log formats, record and replay) and
// the registry's protocols (what its `store` does).
@_exported import Clocks
@_exported import HTTPTypes
@_exported import HearthApp
@_exported import HearthFakes
@_exported import JSON
@_exported import Registry
