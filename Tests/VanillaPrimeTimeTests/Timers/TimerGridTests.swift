import Clocks
import Testing
import VanillaPrimeTime

/// A clock on which every sleep returns at once, as if `handling` of work followed each
/// wake-up before the sleeper read the time again; it records the deadlines it was asked for.
final class SlowTickClock: Clock, Sendable {
  typealias Instant = ManualInstant

  private let state = LockIsolated((now: ManualInstant(), deadlines: [ManualInstant]()))
  private let handling: Duration

  init(handling: Duration) {
    self.handling = handling
  }

  var now: ManualInstant { state.withLock { $0.now } }
  var minimumResolution: Duration { .zero }

  /// The deadlines the sleeps were asked for, in seconds from the start.
  var deadlines: [Double] {
    state.withLock { state in
      state.deadlines.map { $0.offset / .milliseconds(1) / 1_000 }
    }
  }

  func sleep(until deadline: ManualInstant, tolerance: Duration?) async throws {
    try Task.checkCancellation()
    state.withLock { state in
      state.deadlines.append(deadline)
      state.now = max(state.now, deadline).advanced(by: handling)
    }
  }
}

/// The stack counter's timer ticks on the grid, as `clock.timer(interval:)` does in the
/// composable app: the time spent handling a tick does not add up.
@MainActor
@Suite(.timeLimit(.minutes(1)))
struct TimerGridTests {
  /// Four ticks, each followed by 300 ms of work: the timer asks to wake at 1, 2, 3 and 4 s,
  /// where sleeping a second after each tick would ask for 1, 2.3, 3.6 and 4.9 s.
  @Test func aSlowTickDoesNotMakeTheTimerDrift() async {
    let clock = SlowTickClock(handling: .milliseconds(300))
    let counter = CounterModel(count: 96, clock: clock)
    let (dismissals, dismiss) = AsyncStream.makeStream(of: Void.self)
    counter.onDismiss = { dismiss.yield() }
    counter.toggleTimerButtonTapped()
    for await _ in dismissals { break }
    #expect(counter.count == 100)
    #expect(clock.deadlines == [1, 2, 3, 4])
  }

  /// A tick whose work outlasts the interval skips the deadlines that passed meanwhile, rather
  /// than ticking late ones back to back.
  @Test func aTickLongerThanTheIntervalSkipsTheMissedOnes() async {
    let clock = SlowTickClock(handling: .milliseconds(1_500))
    let counter = CounterModel(count: 97, clock: clock)
    let (dismissals, dismiss) = AsyncStream.makeStream(of: Void.self)
    counter.onDismiss = { dismiss.yield() }
    counter.toggleTimerButtonTapped()
    for await _ in dismissals { break }
    #expect(counter.count == 100)
    #expect(clock.deadlines == [1, 3, 5])
  }
}
