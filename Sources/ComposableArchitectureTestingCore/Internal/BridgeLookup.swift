/// What the test-framework bridge offers (conformed to by `ComposableArchitectureTesting`'s
/// `TestFrameworkBridge`).
public protocol _TestFrameworkBridging {
  /// Installs the bridge as the process-wide issue handler (idempotent).
  static func install()
}

/// Installs the test-framework bridge if this process links it, and does nothing otherwise.
///
/// The test store lives in this module, which links no test framework, so that a program (the
/// benchmarks) can run a test store without loading Swift Testing or XCTest. Tests import
/// `ComposableArchitectureTesting`, which links both and adds the bridge; the bridge is found
/// here by its type name, once.
func _installTestFrameworkBridge() {
  _linkedBridge()?.install()
}

/// The bridge type, when `ComposableArchitectureTesting` is part of the process.
package func _linkedBridge() -> (any _TestFrameworkBridging.Type)? {
  _typeByName(_testFrameworkBridgeMangledName) as? any _TestFrameworkBridging.Type
}

/// `ComposableArchitectureTesting.TestFrameworkBridge`, as the runtime names types.
let _testFrameworkBridgeMangledName = "29ComposableArchitectureTesting19TestFrameworkBridgeO"
