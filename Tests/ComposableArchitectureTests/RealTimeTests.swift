import ComposableArchitectureTesting
import Foundation
import Testing

/// Real time against controlled time: the same timer test with the live clock, and why the
/// suite never does that by default.
@MainActor
@Suite(.timeLimit(.minutes(1)))
struct RealTimeTests {
  /// Whether to run the tests that wait for real seconds (`PRIME_TIME_REAL_TIME_TESTS=1`).
  nonisolated static let realTimeEnabled =
    ProcessInfo.processInfo.environment["PRIME_TIME_REAL_TIME_TESTS"] == "1"

  /// Lesson "real time makes a slow test that needs long timeouts": the timer ticks on the live
  /// clock, so every `receive` must wait out a real second (with the default one-second timeout
  /// it races the tick: `timerAgainstTheRealClock_defaultTimeout`), and the test takes at least
  /// three seconds.
  ///
  /// Skipped by default; `PRIME_TIME_REAL_TIME_TESTS=1 swift test --filter RealTimeTests` runs
  /// it. Compare `timerWithTestClock` and `timerWithImmediateClock` in `TestStoreTests`, which
  /// assert the same ticks in milliseconds.
  @Test(.enabled(if: realTimeEnabled, "waits for real seconds"))
  func timerAgainstTheRealClock() async {
    let clock = ContinuousClock()
    let start = clock.now
    let store = TestStore(initialState: Feature.State()) {
      Feature()
    } withDependencies: {
      $0.continuousClock = ContinuousClock()
    }
    await store.send(.toggleTimerButtonTapped) { $0.isTimerOn = true }
    await store.receive(.timerTick, timeout: .seconds(3)) { $0.count = 1 }
    await store.receive(.timerTick, timeout: .seconds(3)) { $0.count = 2 }
    await store.receive(.timerTick, timeout: .seconds(3)) {
      $0.count = 3
      $0.isTimerOn = false
    }
    let elapsed = clock.now - start
    #expect(elapsed >= .seconds(3))
    print("timerAgainstTheRealClock: three ticks took \(elapsed)")
  }

  /// The same test with the default one-second `receive` timeout, which races the tick.
  ///
  /// Whether a `receive` gives up first depends on scheduling. It prints how many of its
  /// three receives timed out instead of failing, so that running it several times measures
  /// how often the copied test would fail (the figure in the chapter):
  /// `PRIME_TIME_REAL_TIME_TESTS=1 swift test --filter timerAgainstTheRealClock_defaultTimeout`,
  /// five times, in the chapter.
  @Test(.enabled(if: realTimeEnabled, "waits for real seconds"))
  func timerAgainstTheRealClock_defaultTimeout() async {
    let store = TestStore(initialState: Feature.State()) {
      Feature()
    } withDependencies: {
      $0.continuousClock = ContinuousClock()
    }
    let issues = await IssueReporting.collect {
      await store.send(.toggleTimerButtonTapped) { $0.isTimerOn = true }
      await store.receive(.timerTick) { $0.count = 1 }
      await store.receive(.timerTick) { $0.count = 2 }
      await store.receive(.timerTick) {
        $0.count = 3
        $0.isTimerOn = false
      }
      // A tick a timed-out receive missed is still queued: let it go, so only the receives
      // themselves are measured.
      await store.skipReceivedActions(strict: false)
      await store.skipInFlightEffects(strict: false)
    }
    let failures = issues.filter { $0.severity == .error }
    let timedOut = failures.count { $0.message.contains("xpected to receive") }
    print(
      "timerAgainstTheRealClock_defaultTimeout: \(failures.isEmpty ? "passed" : "failed"), "
        + "\(timedOut) of 3 receives timed out"
    )
  }

  /// The same three ticks on a `TestClock`, timed the same way for comparison.
  @Test func timerAgainstATestClock() async {
    let clock = ContinuousClock()
    let start = clock.now
    let testClock = TestClock()
    let origin = testClock.now
    let store = TestStore(initialState: Feature.State()) {
      Feature()
    } withDependencies: {
      $0.continuousClock = testClock
    }
    await store.send(.toggleTimerButtonTapped) { $0.isTimerOn = true }
    await testClock.advance(by: .seconds(3))
    await store.receive(.timerTick) { $0.count = 1 }
    await store.receive(.timerTick) { $0.count = 2 }
    await store.receive(.timerTick) {
      $0.count = 3
      $0.isTimerOn = false
    }
    // Time moved exactly as far as the test moved it, however long the machine took.
    #expect(testClock.now == origin.advanced(by: .seconds(3)))
    print("timerAgainstATestClock: three ticks took \(clock.now - start)")
  }
}
