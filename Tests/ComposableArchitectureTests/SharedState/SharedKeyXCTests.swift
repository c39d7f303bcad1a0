#if canImport(XCTest)
  import ComposableArchitecture
  import ComposableArchitectureTesting
  import Foundation
  import XCTest

  /// Under XCTest, as under Swift Testing, each test starts with empty shared storage: both
  /// write the same keys and expect their defaults, and XCTest runs them one after the other.
  final class SharedKeyXCTests: XCTestCase {
    func testOneCaseStartsWithEmptyStorage() {
      expectsFreshStorage()
    }

    func testTheNextCaseStartsWithEmptyStorageToo() {
      expectsFreshStorage()
    }

    private func expectsFreshStorage() {
      @Shared(.inMemory("fresh")) var value = "default"
      @Shared(.appStorage("fresh")) var stored = "default"
      XCTAssertEqual(value, "default")
      XCTAssertEqual(stored, "default")
      $value.withLock { $0 = "written by a test" }
      $stored.withLock { $0 = "written by a test" }
    }
  }
#endif
