#if canImport(XCTest)
  import ComposableArchitectureTesting
  import Foundation
  import XCTest

  /// XCTest cases that exist to prove TestStore failures reach XCTest.
  ///
  /// `TestFrameworkBridgeTests` runs them in a child process. The failing one fails only when
  /// `PRIME_TIME_XCTEST_ROUTING=fail` is set, so the normal test run stays green.
  final class XCTestRoutingTests: XCTestCase {
    /// The line of the deliberately wrong assertion, checked by the parent test.
    static let failingLine = #line + 9

    @MainActor
    func testFailingTestStoreAssertion() async {
      guard ProcessInfo.processInfo.environment["PRIME_TIME_XCTEST_ROUTING"] == "fail" else {
        return
      }
      let store = TestStore(initialState: Tally.State()) { Tally() }
      // Wrong on purpose: the count becomes 1.
      await store.send(.incrementButtonTapped) { $0.count = 2 }
    }

    @MainActor
    func testPassingTestStoreAssertion() async {
      let store = TestStore(initialState: Tally.State()) { Tally() }
      await store.send(.incrementButtonTapped) { $0.count = 1 }
    }
  }
#endif
