/// A clock that reports an issue whenever something sleeps on it.
///
/// It is the test value of clock dependencies: a test that did not say which clock to use fails
/// with a message naming the clock, instead of silently waiting in real time. After reporting,
/// the sleep returns at once (like ``ImmediateClock``) so the test does not hang.
///
/// ```swift
/// let issues = await IssueReporting.collect {
///   try? await UnimplementedClock(name: "continuousClock").sleep(for: .seconds(1))
/// }
/// // ["Unimplemented: continuousClock.sleep was called"]
/// ```
public final class UnimplementedClock: Clock, Sendable {
  /// An instant on this clock.
  public typealias Instant = ManualInstant

  /// The name used in reports, such as the dependency's key path.
  public let name: String
  private let base: ImmediateClock
  private let location: IssueLocation

  /// Creates a clock that reports under `name`, at the creator's source location.
  ///
  /// - Parameters:
  ///   - name: The name to report; `"UnimplementedClock"` by default.
  ///   - now: The clock's starting instant.
  ///   - fileID: The file ID of the call; a failure is reported there.
  ///   - filePath: The path of the file of the call.
  ///   - line: The line of the call.
  ///   - column: The column of the call.
  public init(
    name: String = "UnimplementedClock",
    now: Instant = Instant(),
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    self.name = name
    self.base = ImmediateClock(now: now)
    self.location = IssueLocation(fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// The current instant; reading it is allowed because it does not wait.
  public var now: Instant { base.now }

  /// The smallest step: zero.
  public var minimumResolution: Duration { .zero }

  /// Reports `Unimplemented: <name>.sleep was called`, then returns at once.
  ///
  /// - Throws: `CancellationError` when the task is cancelled.
  public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    reportIssue(
      "Unimplemented: \(name).sleep was called",
      at: location
    )
    try await base.sleep(until: deadline, tolerance: tolerance)
  }
}
