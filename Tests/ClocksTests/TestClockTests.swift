import Clocks
import Foundation
import Testing

/// A counter safe to bump from any task.
final class Counter: Sendable {
  private let storage = LockIsolated(0)
  var value: Int { storage.withLock { $0 } }
  func increment() { storage.withLock { $0 += 1 } }
}

/// Records names in order from any task.
final class OrderLog: Sendable {
  private let storage = LockIsolated<[String]>([])
  var entries: [String] { storage.withLock { $0 } }
  func append(_ name: String) { storage.withLock { $0.append(name) } }
}

@Suite(.timeLimit(.minutes(1)))
struct TestClockTests {
  @Test func sleeperWakesOnlyWhenDeadlineIsReached() async {
    await withMainSerialExecutor {
      let clock = TestClock()
      let woke = Counter()
      let task = Task {
        try await clock.sleep(for: .seconds(1))
        woke.increment()
      }
      await clock.advance(by: .milliseconds(999))
      #expect(woke.value == 0)
      #expect(clock.sleeperCount == 1)
      await clock.advance(by: .milliseconds(1))
      #expect(woke.value == 1)
      #expect(clock.now.offset == .seconds(1))
      try? await task.value
    }
  }

  /// A sleep to `now` waits for the next `advance`, so a test can cancel work in between.
  @Test func sleepForZeroWaitsForTheNextAdvance() async {
    await withMainSerialExecutor {
      let clock = TestClock()
      let woke = Counter()
      let task = Task {
        try await clock.sleep(for: .zero)
        woke.increment()
      }
      for _ in 0..<32 { await Task.yield() }  // the task runs until it sleeps
      #expect(clock.sleeperCount == 1)
      #expect(woke.value == 0)
      await clock.advance(by: .zero)
      #expect(woke.value == 1)
      try? await task.value
    }
  }

  @Test func sleepUntilAPastDeadlineReturnsAtOnce() async throws {
    let clock = TestClock()
    await clock.advance(by: .seconds(2))
    try await clock.sleep(until: clock.now.advanced(by: .seconds(-1)))
    #expect(clock.sleeperCount == 0)
  }

  @Test func timerFiresOncePerIntervalAdvanced() async {
    await withMainSerialExecutor {
      let clock = TestClock()
      let ticks = Counter()
      let timer = Task {
        while true {
          try await clock.sleep(for: .seconds(1))
          ticks.increment()
        }
      }
      await clock.advance(by: .seconds(5))
      #expect(ticks.value == 5)
      await clock.advance(by: .milliseconds(500))
      #expect(ticks.value == 5)
      await clock.advance(by: .milliseconds(500))
      #expect(ticks.value == 6)
      timer.cancel()
      await clock.advance(by: .seconds(10))
      #expect(ticks.value == 6)
    }
  }

  @Test func sleepersWakeInDeadlineOrderThenArrivalOrder() async {
    await withMainSerialExecutor {
      let clock = TestClock()
      let order = OrderLog()
      var tasks: [Task<Void, any Error>] = []
      for (name, seconds) in [("c", 3), ("a1", 1), ("b", 2), ("a2", 1)] {
        tasks.append(
          Task {
            try await clock.sleep(for: .seconds(seconds))
            order.append(name)
          }
        )
        await clock.advance()  // let each task register before the next starts
      }
      await clock.advance(by: .seconds(3))
      #expect(order.entries == ["a1", "a2", "b", "c"])
      for task in tasks { try? await task.value }
    }
  }

  @Test func cancellationWakesTheSleeperWithCancellationError() async {
    let clock = TestClock()
    let task = Task { try await clock.sleep(for: .seconds(60)) }
    task.cancel()
    await #expect(throws: CancellationError.self) { try await task.value }
    #expect(clock.sleeperCount == 0)
  }

  @Test func sleepingUntilThePastReturnsAtOnce() async throws {
    let clock = TestClock()
    await clock.advance(by: .seconds(5))
    try await clock.sleep(until: ManualInstant(offset: .seconds(1)))
    #expect(clock.now.offset == .seconds(5))
  }

  @Test func runAdvancesUntilNothingSleeps() async {
    await withMainSerialExecutor {
      let clock = TestClock()
      let done = Counter()
      let task = Task {
        try await clock.sleep(for: .seconds(2))
        try await clock.sleep(for: .seconds(3))
        done.increment()
      }
      await clock.run()
      #expect(done.value == 1)
      #expect(clock.now.offset == .seconds(5))
      try? await task.value
    }
  }

  @Test func runReportsATimerThatNeverStops() async {
    let issues = await IssueReporting.collect {
      await withMainSerialExecutor {
        let clock = TestClock()
        let timer = Task {
          while true { try await clock.sleep(for: .seconds(1)) }
        }
        await clock.run(maxWakeUps: 10)
        timer.cancel()
      }
    }
    #expect(issues.count == 1)
    #expect(issues.first?.message.contains("are still asleep") == true)
  }

  @Test func advancingBackwardsIsReported() async {
    let clock = TestClock(now: ManualInstant(offset: .seconds(10)))
    let issues = await IssueReporting.collect {
      await clock.advance(to: ManualInstant(offset: .seconds(1)))
    }
    #expect(
      issues.map(\.message) == [
        "TestClock cannot move backwards: asked to advance to 1.0 seconds, but it is already 10.0 seconds."
      ]
    )
    #expect(issues.first?.location.fileID == #fileID)
    #expect(clock.now.offset == .seconds(10))
  }

  @Test func serialExecutorIsAvailableOnThisRuntime() async {
    // If this fails, time-based tests lose their determinism on this platform.
    #expect(await serialExecutorIsAvailable)
  }
}

/// Whether `withMainSerialExecutor` redirects the runtime's enqueue hook here, observed by
/// running a detached task inside it and checking it ran on the main dispatch queue. (On Linux
/// the main queue may drain on a worker thread after `dispatchMain()`, so `Thread.isMainThread`
/// is not the right question.)
var serialExecutorIsAvailable: Bool {
  get async {
    let key = DispatchSpecificKey<Int>()
    DispatchQueue.main.setSpecific(key: key, value: 1)
    // Only the inside is checked: other tests may hold the (process-wide) executor meanwhile.
    let inside = await withMainSerialExecutor {
      await Task.detached { DispatchQueue.getSpecific(key: key) }.value
    }
    return inside == 1
  }
}
