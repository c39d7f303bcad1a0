import Foundation

/// Where in source an issue should be reported: the caller's location.
///
/// Every API that can report a problem takes `fileID`/`filePath`/`line`/`column` defaults and
/// passes them here, so a failure points at the test line that caused it. The file is kept as
/// a `StaticString` because XCTest's `XCTFail(_:file:line:)` needs one.
public struct IssueLocation: Sendable, CustomStringConvertible {
  /// The caller's `#fileID`, as given.
  public let staticFileID: StaticString
  /// The caller's `#filePath`, as given.
  public let staticFilePath: StaticString
  /// The `#line` of the caller.
  public let line: Int
  /// The `#column` of the caller.
  public let column: Int

  /// Creates a location, by default the caller's.
  public init(
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    self.staticFileID = fileID
    self.staticFilePath = filePath
    self.line = Int(line)
    self.column = Int(column)
  }

  /// The `#fileID` of the caller, such as `MyTests/CounterTests.swift`.
  public var fileID: String { "\(staticFileID)" }

  /// The `#filePath` of the caller.
  public var filePath: String { "\(staticFilePath)" }

  /// `fileID:line:column`.
  public var description: String { "\(fileID):\(line):\(column)" }
}

/// How serious a reported issue is.
public enum IssueSeverity: Sendable, Equatable {
  /// A test failure (under a test framework) or a runtime warning (in an app).
  case error
  /// Information only, never a failure (for example a skipped non-exhaustive assertion).
  case information
}

/// One issue: a message, its severity, and where it happened.
public struct ReportedIssue: Sendable {
  /// What went wrong.
  public var message: String
  /// Failure or information.
  public var severity: IssueSeverity
  /// The caller's source location.
  public var location: IssueLocation

  /// Creates an issue.
  public init(message: String, severity: IssueSeverity, location: IssueLocation) {
    self.message = message
    self.severity = severity
    self.location = location
  }
}

/// The hook every library in this package reports problems through.
///
/// Libraries never decide how a problem surfaces; they call ``reportIssue(_:severity:fileID:filePath:line:column:)``
/// and the hook routes it: to a task-local handler when one is bound with
/// ``withIssueHandler(_:isolation:operation:)``, else to the handler installed with ``install(_:)``
/// (the testing module installs one that records a Swift Testing `Issue` or calls `XCTFail`),
/// else to a runtime warning on standard error.
///
/// ```swift
/// let issues = await IssueReporting.collect {
///   _ = try? await UnimplementedClock().sleep(for: .seconds(1))
/// }
/// // issues.map(\.message) == ["Unimplemented: UnimplementedClock.sleep was called"]
/// ```
public enum IssueReporting {
  /// A function that receives reported issues.
  public typealias Handler = @Sendable (ReportedIssue) -> Void

  @TaskLocal static var taskHandler: Handler?
  private static let installed = LockIsolated<Handler?>(nil)

  /// Installs the process-wide handler used when no task-local handler is bound.
  ///
  /// This is for a test-framework bridge, installed once per process (the TestStore module's
  /// `TestFrameworkBridge`). Tests must not swap it: tests run in parallel, so a swapped handler
  /// would take other tests' failures. To observe issues in a test, use ``collect(isolation:_:)``.
  ///
  /// - Parameter handler: The new handler, or `nil` for the standard-error default.
  /// - Returns: The handler that was installed before, to restore later.
  @discardableResult
  public static func install(_ handler: Handler?) -> Handler? {
    installed.withLock { current in
      defer { current = handler }
      return current
    }
  }

  /// Runs `operation` with `handler` receiving every issue reported by it and the tasks it creates.
  ///
  /// - Parameters:
  ///   - handler: Receives the issues.
  ///   - operation: The work to observe.
  ///   - isolation: The actor `operation` runs on; the caller's by default.
  /// - Returns: What `operation` returns.
  public static func withIssueHandler<Result>(
    _ handler: @escaping Handler,
    isolation: isolated (any Actor)? = #isolation,
    operation: () async throws -> Result
  ) async rethrows -> Result {
    try await $taskHandler.withValue(handler, operation: operation, isolation: isolation)
  }

  /// Runs `operation` and returns the issues it reported instead of reporting them.
  ///
  /// - Parameters:
  ///   - operation: The work to observe.
  ///   - isolation: The actor `operation` runs on; the caller's by default.
  /// - Returns: The issues, in the order they were reported.
  public static func collect(
    isolation: isolated (any Actor)? = #isolation,
    _ operation: () async throws -> Void
  ) async rethrows -> [ReportedIssue] {
    let issues = LockIsolated<[ReportedIssue]>([])
    try await withIssueHandler(
      { issue in issues.withLock { $0.append(issue) } },
      isolation: isolation,
      operation: operation
    )
    return issues.withLock { $0 }
  }

  /// Runs `operation` and returns the issues it reported instead of reporting them.
  ///
  /// The synchronous form of ``collect(isolation:_:)``: for code that reports without awaiting,
  /// such as a wrong write to an `IdentifiedArray`.
  ///
  /// - Parameter operation: The work to observe.
  /// - Returns: The issues, in the order they were reported.
  public static func collect(_ operation: () throws -> Void) rethrows -> [ReportedIssue] {
    let issues = LockIsolated<[ReportedIssue]>([])
    let handler: Handler = { issue in issues.withLock { $0.append(issue) } }
    try $taskHandler.withValue(handler, operation: operation)
    return issues.withLock { $0 }
  }

  /// The handler bound to the current task by ``withIssueHandler(_:isolation:operation:)`` or
  /// ``collect(isolation:_:)``, if any.
  ///
  /// A test helper that records failures itself (rather than through ``reportIssue(_:severity:fileID:filePath:line:column:)``)
  /// reads this to hand its failure to a collector that is listening.
  public static var currentTaskHandler: Handler? { taskHandler }

  static func route(_ issue: ReportedIssue) {
    if let handler = taskHandler ?? installed.withLock({ $0 }) ?? discoveredHandler() {
      handler(issue)
    } else {
      let label = issue.severity == .error ? "runtime warning" : "note"
      let line = "\(issue.location): \(label): \(issue.message)\n"
      FileHandle.standardError.write(Data(line.utf8))
    }
  }

  /// The handler of the test-framework bridge, when this process links one and nothing else
  /// is installed: looked up by type name once, the first time an issue has nowhere to go.
  ///
  /// So an issue reported by a library before any test tool was used (a plain `Store` in a
  /// test, a reducer called directly) still fails the running test, whatever order the tests
  /// run in.
  private static func discoveredHandler() -> Handler? {
    _ = bridgeDiscovery
    return installed.withLock { $0 }
  }

  /// Names the test the current task runs in (Swift Testing's test ID, or XCTest's test
  /// case), when a test-framework bridge is linked; `nil` outside tests.
  ///
  /// Storage that must start fresh in each test (shared state's in-memory, file and defaults
  /// storage) is kept per test under this name.
  public static var currentTestID: String? { linkedBridge?.currentTestID() }

  private static var linkedBridge: (any _IssueReportingBridge.Type)? {
    _typeByName(_IssueReportingBridgeName.mangled) as? any _IssueReportingBridge.Type
  }

  /// Installs the linked bridge, once per process (a `static let` is initialized exactly once,
  /// thread-safely).
  private static let bridgeDiscovery: Void = {
    linkedBridge?.install()
  }()
}

/// Reports a problem through ``IssueReporting``, at the caller's source location.
///
/// - Parameters:
///   - message: What went wrong, as a full sentence.
///   - severity: `.error` (default) fails the running test; `.information` never does.
///   - fileID: The file ID of the call; a failure is reported there.
///   - filePath: The path of the file of the call.
///   - line: The line of the call.
///   - column: The column of the call.
public func reportIssue(
  _ message: String,
  severity: IssueSeverity = .error,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) {
  IssueReporting.route(
    ReportedIssue(
      message: message,
      severity: severity,
      location: IssueLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  )
}

/// Reports a problem at a location captured earlier (for example where a feature was declared).
///
/// - Parameters:
///   - message: What went wrong, as a full sentence.
///   - severity: `.error` (default) fails the running test; `.information` never does.
///   - location: Where to report it.
public func reportIssue(
  _ message: String,
  severity: IssueSeverity = .error,
  at location: IssueLocation
) {
  IssueReporting.route(ReportedIssue(message: message, severity: severity, location: location))
}

/// A test-framework bridge: routes reported issues to Swift Testing or XCTest.
///
/// `ComposableArchitectureTesting.TestFrameworkBridge` conforms. This module links no test
/// framework, so it finds the bridge by its type name (see `IssueReporting`) when a test
/// process links it.
public protocol _IssueReportingBridge {
  /// Installs the bridge as the process-wide issue handler (idempotent).
  static func install()
  /// Names the test the current task runs in, if the bridge can tell.
  static func currentTestID() -> String?
}

extension _IssueReportingBridge {
  /// No test is known.
  public static func currentTestID() -> String? { nil }
}

/// The bridge's type name, as the runtime spells it.
public enum _IssueReportingBridgeName {
  /// `ComposableArchitectureTesting.TestFrameworkBridge`, mangled.
  public static let mangled = "29ComposableArchitectureTesting19TestFrameworkBridgeO"
}
