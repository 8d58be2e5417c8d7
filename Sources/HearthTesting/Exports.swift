// What a test that imports HearthTesting works with: the fakes and the manual clock, the JSON values the harness and
// the fakes hand back, the clock protocol they take, and swift-http-types' methods and fields the harness sends.
@_exported import Clocks
@_exported import HTTPTypes
@_exported import HearthFakes
@_exported import JSON
