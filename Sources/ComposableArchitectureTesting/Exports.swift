// The test store and its helpers, which link no test framework, plus the bridge that routes
// their failures to Swift Testing or XCTest: import this module in tests.
@_exported import ComposableArchitectureTestingCore
