/// What the test-framework bridge offers (conformed to by `ComposableArchitectureTesting`'s
/// `TestFrameworkBridge`).
public typealias _TestFrameworkBridging = _IssueReportingBridge

/// Installs the test-framework bridge if this process links it, and does nothing otherwise.
///
/// The test store lives in this module, which links no test framework, so that a program (the
/// benchmarks) can run a test store without loading Swift Testing or XCTest. Tests import
/// `ComposableArchitectureTesting`, which links both and adds the bridge; the bridge is found
/// here by its type name. (`reportIssue` also finds it by itself, the first time an issue has
/// no handler; installing it here as well keeps the test store's own checks independent of
/// that.)
func _installTestFrameworkBridge() {
  _linkedBridge()?.install()
}

/// The bridge type, when `ComposableArchitectureTesting` is part of the process.
package func _linkedBridge() -> (any _TestFrameworkBridging.Type)? {
  _typeByName(_IssueReportingBridgeName.mangled) as? any _TestFrameworkBridging.Type
}
