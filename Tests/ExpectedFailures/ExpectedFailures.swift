import Clocks
import Foundation
import Testing

/// Expected failures that a passing run does not print.
///
/// Many tests here prove that a tool *fails*: a `TestStore` assertion with the wrong state, the
/// harness meeting an unasserted change, an unimplemented dependency being called. Swift Testing's
/// `withKnownIssue` checks that, but prints every expected failure in full, so a green run
/// scrolls past a hundred diffs that read like red. ``expectFailure(_:fileID:filePath:line:column:_:matching:)``
/// checks the same things and stays quiet:
///
/// - every issue the operation reports through ``IssueReporting`` (the library, the harness,
///   ``recordFailure(_:severity:at:)``) is captured instead of recorded;
/// - the issues `matching` accepts are the expected ones; any other issue is recorded as a real
///   failure, where it happened;
/// - if no issue matches, the test fails at the `expectFailure` line, exactly as `withKnownIssue`
///   fails when its issue does not occur.
///
/// To see the expected failures, set `PRIME_TIME_FAILURE_GALLERY=1`: each matched issue is then
/// also recorded as a Swift Testing known issue, so `swift test` prints it with its location.
///
/// ```swift
/// await expectFailure {
///   await store.send(.incrementButtonTapped) { $0.count = 2 }
/// } matching: { issue in
///   issue.message.hasPrefix("A state change does not match expectation")
/// }
/// ```
public enum ExpectedFailures {
  /// The environment variable that turns the failure gallery on (value `1`).
  public static let galleryVariable = "PRIME_TIME_FAILURE_GALLERY"

  /// Whether matched failures are also printed as known issues.
  public static let showsGallery =
    ProcessInfo.processInfo.environment[galleryVariable] == "1"

  /// Sorts captured issues into expected and unexpected ones and reports what must be reported.
  static func settle(
    _ issues: [ReportedIssue],
    comment: Comment?,
    location: IssueLocation,
    matching: (ReportedIssue) -> Bool
  ) {
    var matched = 0
    for issue in issues {
      if matching(issue) {
        matched += 1
        if showsGallery {
          withKnownIssue(comment) {
            Issue.record(Comment(rawValue: issue.message), sourceLocation: issue.sourceLocation)
          }
        }
      } else {
        recordFailure(issue.message, severity: issue.severity, at: issue.location)
      }
    }
    if matched == 0 {
      let what = comment.map { " (\($0.rawValue))" } ?? ""
      let seen =
        issues.isEmpty
        ? "none was reported"
        : "the \(issues.count) reported did not match (recorded above)"
      recordFailure(
        "Expected a failure\(what), but \(seen).",
        at: location
      )
    }
  }
}

/// Runs `operation`, which must report at least one issue that `matching` accepts.
///
/// The synchronous form; see ``ExpectedFailures`` for what is captured and what is reported.
///
/// - Parameters:
///   - comment: Why the failure is expected; shown when it does not happen.
///   - fileID: The caller's file; a missing failure is reported at the caller's line.
///   - filePath: The caller's file path.
///   - line: The caller's line.
///   - column: The caller's column.
///   - operation: The code that should fail.
///   - matching: Which issues are the expected ones; every issue by default.
public func expectFailure(
  _ comment: Comment? = nil,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column,
  _ operation: () throws -> Void,
  matching: (ReportedIssue) -> Bool = { _ in true }
) rethrows {
  let issues = try IssueReporting.collect(operation)
  ExpectedFailures.settle(
    issues,
    comment: comment,
    location: IssueLocation(fileID: fileID, filePath: filePath, line: line, column: column),
    matching: matching
  )
}

/// Runs `operation`, which must report at least one issue that `matching` accepts.
///
/// The asynchronous form; see ``ExpectedFailures`` for what is captured and what is reported.
///
/// - Parameters:
///   - comment: Why the failure is expected; shown when it does not happen.
///   - isolation: The actor `operation` runs on; the caller's by default.
///   - fileID: The caller's file; a missing failure is reported at the caller's line.
///   - filePath: The caller's file path.
///   - line: The caller's line.
///   - column: The caller's column.
///   - operation: The code that should fail.
///   - matching: Which issues are the expected ones; every issue by default.
public func expectFailure(
  _ comment: Comment? = nil,
  isolation: isolated (any Actor)? = #isolation,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column,
  _ operation: () async throws -> Void,
  matching: (ReportedIssue) -> Bool = { _ in true }
) async rethrows {
  let issues = try await IssueReporting.collect(isolation: isolation, operation)
  ExpectedFailures.settle(
    issues,
    comment: comment,
    location: IssueLocation(fileID: fileID, filePath: filePath, line: line, column: column),
    matching: matching
  )
}

/// Records a test failure that ``expectFailure(_:fileID:filePath:line:column:_:matching:)`` can capture.
///
/// Inside an `expectFailure` (or any ``IssueReporting/collect(isolation:_:)``) the failure goes
/// to the collector; elsewhere it is recorded with Swift Testing at `location`. Use it where a
/// test would call `Issue.record` for a failure another test expects, such as a stubbed
/// dependency that must not be called.
///
/// - Parameters:
///   - message: What went wrong.
///   - severity: A failure (default) or information.
///   - location: Where it went wrong.
public func recordFailure(
  _ message: String,
  severity: IssueSeverity = .error,
  at location: IssueLocation
) {
  let issue = ReportedIssue(message: message, severity: severity, location: location)
  if let handler = IssueReporting.currentTaskHandler {
    handler(issue)
  } else {
    Issue.record(
      Comment(rawValue: message),
      severity: severity == .error ? .error : .warning,
      sourceLocation: issue.sourceLocation
    )
  }
}

/// Records a test failure at the caller's line; see ``recordFailure(_:severity:at:)``.
///
/// - Parameters:
///   - message: What went wrong.
///   - fileID: The caller's file.
///   - filePath: The caller's file path.
///   - line: The caller's line.
///   - column: The caller's column.
public func recordFailure(
  _ message: String,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) {
  recordFailure(
    message,
    at: IssueLocation(fileID: fileID, filePath: filePath, line: line, column: column)
  )
}

extension ReportedIssue {
  /// The message as Swift Testing comments, so a matcher reads as it would for an `Issue`.
  public var comments: [Comment] { [Comment(rawValue: message)] }

  /// The location as a Swift Testing source location.
  public var sourceLocation: SourceLocation {
    SourceLocation(
      fileID: location.fileID,
      filePath: location.filePath,
      line: location.line,
      column: location.column
    )
  }

  /// The message, as `Issue.description` would include it.
  public var description: String { message }
}
