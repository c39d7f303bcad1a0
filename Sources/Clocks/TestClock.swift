/// A clock whose time moves only when a test says so.
///
/// Code under test sleeps on an injected `any Clock<Duration>`; the test injects a `TestClock`
/// and moves time with ``advance(by:)``. Sleepers whose deadline is reached are resumed in
/// deadline order (ties in the order they went to sleep), and after each wake-up the clock lets
/// the woken tasks run to their next suspension before moving on, so a one-second timer fires
/// exactly five times when the clock advances by five seconds.
///
/// ```swift
/// @Test func timerTicks() async {
///   await withMainSerialExecutor {
///     let clock = TestClock()
///     let ticks = LockedCounter()
///     let timer = Task {
///       while true {
///         try await clock.sleep(for: .seconds(1))
///         ticks.increment()
///       }
///     }
///     await clock.advance(by: .seconds(5))
///     #expect(ticks.value == 5)
///     timer.cancel()
///   }
/// }
/// ```
///
/// > Note: Woken tasks run on the cooperative thread pool. For run-to-run determinism wrap the
/// > test in ``withMainSerialExecutor(isolation:operation:)``, which runs all tasks on the main
/// > queue in a fixed order.
public final class TestClock: Clock, Sendable {
  /// An instant on this clock.
  public typealias Instant = ManualInstant

  private struct Sleeper {
    let id: Int
    let deadline: Instant
    let continuation: CheckedContinuation<Void, any Error>
  }

  private struct State {
    var now: Instant
    var nextID = 0
    var sleepers: [Sleeper] = []
  }

  private let state: LockIsolated<State>

  /// Creates a clock at `now`.
  ///
  /// - Parameter now: The starting instant; offset zero by default.
  public init(now: Instant = Instant()) {
    state = LockIsolated(State(now: now))
  }

  /// The current instant; it changes only through ``advance(by:)``, ``advance(to:fileID:filePath:line:column:)`` and
  /// ``run(maxWakeUps:fileID:filePath:line:column:)``.
  public var now: Instant { state.withLock { $0.now } }

  /// The smallest step: zero.
  public var minimumResolution: Duration { .zero }

  /// The number of tasks currently asleep on this clock.
  public var sleeperCount: Int { state.withLock { $0.sleepers.count } }

  /// Suspends until the clock is advanced to `deadline`.
  ///
  /// A deadline equal to `now` (a sleep for `.zero`) waits for the next ``advance(by:)`` or
  /// ``run(maxWakeUps:fileID:filePath:line:column:)``; only a deadline strictly in the past
  /// returns at once.
  ///
  /// - Throws: `CancellationError` when the sleeping task is cancelled.
  public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    try Task.checkCancellation()
    let id = state.withLock { state in
      defer { state.nextID += 1 }
      return state.nextID
    }
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation {
        (continuation: CheckedContinuation<Void, any Error>) in
        let immediate: Result<Void, any Error>? = state.withLock { state in
          if Task.isCancelled { return .failure(CancellationError()) }
          // Only a deadline strictly in the past returns at once: a sleep to `now` waits for
          // the next `advance` or `run`, as the Composable Architecture's test clock does.
          if deadline < state.now { return .success(()) }
          state.sleepers.append(Sleeper(id: id, deadline: deadline, continuation: continuation))
          return nil
        }
        if let immediate { continuation.resume(with: immediate) }
      }
    } onCancel: {
      let cancelled = state.withLock { state -> Sleeper? in
        guard let index = state.sleepers.firstIndex(where: { $0.id == id }) else { return nil }
        return state.sleepers.remove(at: index)
      }
      cancelled?.continuation.resume(throwing: CancellationError())
    }
  }

  /// Moves time forward by `duration`, waking every sleeper whose deadline is passed.
  ///
  /// - Parameter duration: How far to move; `.zero` only lets due work run.
  public func advance(by duration: Duration = .zero) async {
    await advance(to: now.advanced(by: duration))
  }

  /// Moves time forward to `deadline`, waking sleepers in deadline order.
  ///
  /// Time moves to each sleeper's deadline in turn, so a task that sleeps again while the clock
  /// advances is woken again if its new deadline is still within reach.
  ///
  /// - Parameters:
  ///   - deadline: The instant to reach. An earlier instant than ``now`` is reported as
  ///     an issue and leaves time unchanged: time never goes backwards.
  ///   - fileID: The file ID of the call; a failure is reported there.
  ///   - filePath: The path of the file of the call.
  ///   - line: The line of the call.
  ///   - column: The column of the call.
  public func advance(
    to deadline: Instant,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    let start = now
    if deadline < start {
      reportIssue(
        "TestClock cannot move backwards: asked to advance to \(deadline), but it is already \(start).",
        fileID: fileID,
        filePath: filePath,
        line: line,
        column: column
      )
      return
    }
    await settle()
    while let due = wakeNext(notAfter: deadline) {
      for sleeper in due { sleeper.continuation.resume() }
      await settle()
    }
  }

  /// Advances time until no task is asleep on the clock.
  ///
  /// - Parameters:
  ///   - maxWakeUps: A bound for code that sleeps forever (a timer); reaching it is
  ///     reported as an issue naming how many tasks are still asleep.
  ///   - fileID: The file ID of the call; a failure is reported there.
  ///   - filePath: The path of the file of the call.
  ///   - line: The line of the call.
  ///   - column: The column of the call.
  public func run(
    maxWakeUps: Int = 10_000,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    await settle()
    var wakeUps = 0
    while let due = wakeNext(notAfter: nil) {
      for sleeper in due { sleeper.continuation.resume() }
      wakeUps += due.count
      await settle()
      if wakeUps >= maxWakeUps, sleeperCount > 0 {
        reportIssue(
          "TestClock.run() woke \(wakeUps) sleepers and \(sleeperCount) are still asleep: "
            + "a task sleeps forever (a timer?). Advance by a duration instead.",
          fileID: fileID,
          filePath: filePath,
          line: line,
          column: column
        )
        return
      }
    }
  }

  /// Advances time until no task is asleep on the clock, for at most `timeout` of real time: the
  /// Composable Architecture's spelling of ``run(maxWakeUps:fileID:filePath:line:column:)``.
  ///
  /// Time on the clock jumps from one deadline to the next without waiting; `timeout` only
  /// bounds code that sleeps forever (a timer), which is reported as an issue naming how many
  /// tasks are still asleep.
  ///
  /// - Parameters:
  ///   - timeout: The real time after which tasks still asleep are reported.
  ///   - fileID: The file ID of the call; a failure is reported there.
  ///   - filePath: The path of the file of the call.
  ///   - line: The line of the call.
  ///   - column: The column of the call.
  public func run(
    timeout: Duration,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    let realTime = ContinuousClock()
    let deadline = realTime.now.advanced(by: timeout)
    await settle()
    while let due = wakeNext(notAfter: nil) {
      for sleeper in due { sleeper.continuation.resume() }
      await settle()
      if realTime.now >= deadline, sleeperCount > 0 {
        reportIssue(
          "TestClock.run(timeout: \(timeout)) ran out of time with \(sleeperCount) tasks still "
            + "asleep: a task sleeps forever (a timer?). Advance by a duration instead.",
          fileID: fileID,
          filePath: filePath,
          line: line,
          column: column
        )
        return
      }
    }
  }

  /// Removes the sleepers with the earliest deadline (if not after `limit`) and moves time to it;
  /// with nothing due, moves time to `limit`.
  private func wakeNext(notAfter limit: Instant?) -> [Sleeper]? {
    state.withLock { state in
      let earliest = state.sleepers.min { ($0.deadline, $0.id) < ($1.deadline, $1.id) }
      guard let earliest, limit.map({ earliest.deadline <= $0 }) ?? true else {
        if let limit, limit > state.now { state.now = limit }
        return nil
      }
      state.now = max(state.now, earliest.deadline)
      let due = state.sleepers.filter { $0.deadline == earliest.deadline }
      state.sleepers.removeAll { $0.deadline == earliest.deadline }
      return due.sorted { $0.id < $1.id }
    }
  }
}
