import Clocks
import Testing

/// A clock whose time moves only when the waiter sleeps on it (by exactly the time slept) or
/// the test pauses the waiter on purpose: real time without the real waiting.
final class ScriptedClock: Clock, Sendable {
  private let time = LockIsolated(Duration.zero)

  var now: ManualInstant { ManualInstant(offset: time.withLock { $0 }) }
  var minimumResolution: Duration { .nanoseconds(1) }

  func sleep(until deadline: ManualInstant, tolerance: Duration? = nil) async throws {
    time.withLock { $0 = max($0, deadline.offset) }
  }

  /// Moves time forward as if the waiting task had not run for `duration`.
  func pause(_ duration: Duration) {
    time.withLock { $0 += duration }
  }
}

/// The test tools' one real-time wait (`receive`, `finish`, a cancelled task's wait): how much
/// time counts against its timeout.
@MainActor
@Suite struct WaitUntilTests {
  @Test func aConditionNeverMetGivesUpAfterTheTimeout() async {
    let clock = ScriptedClock()
    let met = await waitUntil(timeout: .milliseconds(100), clock: clock) { false }
    #expect(!met)
    // The waiter sleeps a millisecond at a time: it gives up within one sleep of the timeout.
    #expect(clock.now.offset >= .milliseconds(100))
    #expect(clock.now.offset <= .milliseconds(101))
  }

  @Test func aLongPauseCountsAsATenthOfTheTimeout() async {
    let clock = ScriptedClock()
    var checks = 0
    let met = await waitUntil(timeout: .milliseconds(100), clock: clock) {
      checks += 1
      // Before the second check, the waiter is held up for five seconds: another test kept
      // the main queue.
      if checks == 2 { clock.pause(.seconds(5)) }
      return false
    }
    #expect(!met)
    // The five seconds counted as a tenth of the timeout: 90 ms more of the waiter's own time
    // before it gave up.
    #expect(clock.now.offset >= .milliseconds(5_090))
    #expect(clock.now.offset <= .milliseconds(5_091))
  }

  @Test func workThatFinishesAfterAPauseIsStillSeen() async {
    let clock = ScriptedClock()
    var checks = 0
    let met = await waitUntil(timeout: .milliseconds(100), clock: clock) {
      checks += 1
      switch checks {
      case 2: clock.pause(.seconds(3))  // the queue held longer than the whole timeout
      case 3: return true  // and then the awaited work ran
      default: break
      }
      return false
    }
    #expect(met)
  }

  @Test func aZeroTimeoutChecksOnce() async {
    let clock = ScriptedClock()
    var checks = 0
    let met = await waitUntil(timeout: .zero, clock: clock) {
      checks += 1
      return false
    }
    #expect(!met)
    #expect(checks == 1)
  }
}
