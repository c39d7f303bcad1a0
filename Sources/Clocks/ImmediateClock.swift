/// A clock on which every sleep returns at once, moving time forward by the amount slept.
///
/// Use it when a test does not care *when* something happens, only that it does: a two-second
/// "loading" delay completes immediately and the clock still reports the time as two seconds on.
///
/// ```swift
/// let clock = ImmediateClock()
/// try await clock.sleep(for: .seconds(2))  // returns at once
/// clock.now.offset  // .seconds(2)
/// ```
public final class ImmediateClock: Clock, Sendable {
  /// An instant on this clock.
  public typealias Instant = ManualInstant

  private let current: LockIsolated<Instant>

  /// Creates a clock at `now`.
  ///
  /// - Parameter now: The starting instant; offset zero by default.
  public init(now: Instant = Instant()) {
    current = LockIsolated(now)
  }

  /// The current instant: the latest deadline slept until.
  public var now: Instant { current.withLock { $0 } }

  /// The smallest step: zero.
  public var minimumResolution: Duration { .zero }

  /// Moves time to `deadline` (if later) and returns after letting other ready work run.
  ///
  /// - Throws: `CancellationError` when the task is cancelled.
  public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    try Task.checkCancellation()
    current.withLock { $0 = Swift.max($0, deadline) }
    await settle(yields: 1)
    try Task.checkCancellation()
  }
}
