import Foundation
import Testing

#if canImport(XCTest)
  import XCTest
#endif

/// Routes reported issues to whichever test framework is running.
///
/// Under Swift Testing an issue is recorded with `Issue.record` at the caller's
/// `SourceLocation`; under XCTest it becomes `XCTFail(_:file:line:)`; outside tests it is
/// printed as a runtime warning. Picking the wrong one would be silent — Swift Testing ignores
/// `XCTFail` and XCTest ignores `Issue.record` — so a failing assertion would pass. Both routes
/// are proven by tests (`TestFrameworkBridgeTests`).
///
/// A `TestStore` installs the bridge when it is created (it finds it by name: the test store's
/// own module links no test framework); call ``install()`` to route issues
/// reported by the library (an unimplemented dependency, say) in tests that use no `TestStore`.
///
/// ```swift
/// @Test func dependencyIsControlled() {
///   TestFrameworkBridge.install()
///   …
/// }
/// ```
public enum TestFrameworkBridge: _TestFrameworkBridging {
  /// Installs the bridge as the process-wide issue handler (idempotent).
  public static func install() {
    installed.withLock { isInstalled in
      guard !isInstalled else { return }
      isInstalled = true
      IssueReporting.install(route)
      #if canImport(XCTest)
        _ = xcTestObserver
      #endif
    }
  }

  private static let installed = LockIsolated(false)

  /// Names the running test: Swift Testing's test ID, or the XCTest case that is running.
  ///
  /// The cases of one parameterized Swift Testing test share a name (Swift Testing offers no
  /// public identity for a case), as they share cached dependencies in the Composable
  /// Architecture; such a test sets fresh storage itself with `withDependencies`.
  public static func currentTestID() -> String? {
    if let test = Test.current { return "\(test.id)" }
    #if canImport(XCTest)
      _ = xcTestObserver
      return XCTestCaseTracker.current.withLock { $0 }
    #else
      return nil
    #endif
  }

  #if canImport(XCTest)
    /// Registers the tracker of XCTest cases once (XCTest runs cases one at a time).
    private static let xcTestObserver: Void = {
      XCTestObservationCenter.shared.addTestObserver(XCTestCaseTracker())
    }()
  #endif

  /// Whether this process was started by `swift test` for the Swift Testing run (as opposed to
  /// the XCTest run, which runs the same binary without this argument).
  private static let isSwiftTestingProcess: Bool = {
    let arguments = ProcessInfo.processInfo.arguments
    guard let index = arguments.firstIndex(of: "--testing-library") else { return false }
    return arguments.indices.contains(index + 1) && arguments[index + 1] == "swift-testing"
  }()

  /// Records `issue` with the running framework.
  @Sendable
  static func route(_ issue: ReportedIssue) {
    let location = issue.location
    if Test.current != nil || isSwiftTestingProcess {
      Issue.record(
        Comment(rawValue: issue.message),
        severity: issue.severity == .error ? .error : .warning,
        sourceLocation: SourceLocation(
          fileID: location.fileID,
          filePath: location.filePath,
          line: location.line,
          column: location.column
        )
      )
      return
    }
    #if canImport(XCTest)
      if issue.severity == .error {
        XCTFail(issue.message, file: location.staticFilePath, line: UInt(location.line))
      } else {
        print("\(location.filePath):\(location.line): note: \(issue.message)")
      }
    #else
      let line = "\(location): runtime warning: \(issue.message)\n"
      FileHandle.standardError.write(Data(line.utf8))
    #endif
  }
}

#if canImport(XCTest)
  /// Remembers which XCTest case is running, for ``TestFrameworkBridge/currentTestID()``.
  private final class XCTestCaseTracker: NSObject, XCTestObservation {
    static let current = LockIsolated<String?>(nil)

    func testCaseWillStart(_ testCase: XCTestCase) {
      Self.current.withLock { $0 = testCase.name }
    }

    func testCaseDidFinish(_ testCase: XCTestCase) {
      Self.current.withLock { $0 = nil }
    }
  }
#endif
