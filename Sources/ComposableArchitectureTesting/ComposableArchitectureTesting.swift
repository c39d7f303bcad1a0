// The TestStore (issue 3) lands here, with the failure-reporting bridge to Swift Testing
// and XCTest.
import ComposableArchitecture
