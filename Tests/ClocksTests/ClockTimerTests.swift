import Clocks
import Testing

/// `clock.timer(interval:)` against a loop that sleeps after each tick: when each tick takes
/// time to handle, the loop's ticks drift later and later, the timer's stay on the second.
@Suite(.timeLimit(.minutes(1)))
struct ClockTimerTests {
  /// Handling a tick takes 300 ms of clock time (an action sent, a reducer run, a request).
  static let work = Duration.milliseconds(300)

  @Test func aSleepLoopDrifts() async {
    let clock = TestClock()
    let ticks = Ticks()
    let task = Task {
      while !Task.isCancelled {
        do {
          try await clock.sleep(for: .seconds(1))
          await ticks.append(clock.now)
          try await clock.sleep(for: Self.work)
        } catch { return }
      }
    }
    await clock.advance(by: .seconds(4))
    task.cancel()
    await task.value
    #expect(await ticks.milliseconds() == [1000, 2300, 3600])
  }

  @Test func aTimerDoesNotDrift() async {
    let clock = TestClock()
    let ticks = Ticks()
    let task = Task {
      for await _ in clock.timer(interval: .seconds(1)) {
        await ticks.append(clock.now)
        try? await clock.sleep(for: Self.work)
      }
    }
    await clock.advance(by: .seconds(4))
    task.cancel()
    await task.value
    #expect(await ticks.milliseconds() == [1000, 2000, 3000, 4000])
  }

  /// A tick missed while the loop was busy is skipped; the next is still on the grid.
  @Test func aBusyLoopSkipsMissedTicksAndStaysOnTheGrid() async {
    let clock = TestClock()
    let ticks = Ticks()
    let task = Task {
      for await _ in clock.timer(interval: .seconds(1)) {
        await ticks.append(clock.now)
        try? await clock.sleep(for: .milliseconds(1_500))
      }
    }
    await clock.advance(by: .seconds(5))
    task.cancel()
    await task.value
    #expect(await ticks.milliseconds() == [1000, 3000, 5000])
  }

  /// The spelling the Composable Architecture's docs recommend: a timer on a clock held as
  /// `any Clock<Duration>`, as `@Dependency(\.continuousClock)` gives it.
  @Test func aTimerOnAnyClockOfDurationTicksOnTheGrid() async {
    let testClock = TestClock()
    let clock: any Clock<Duration> = testClock
    let ticks = Ticks()
    let task = Task {
      for await _ in clock.timer(interval: .seconds(1)) {
        await ticks.append(testClock.now)
        try? await clock.sleep(for: Self.work)
      }
    }
    await testClock.advance(by: .seconds(3))
    task.cancel()
    await task.value
    #expect(await ticks.milliseconds() == [1000, 2000, 3000])
  }

  @Test func cancellingTheTaskEndsTheSequence() async {
    let clock = TestClock()
    let task = Task {
      var count = 0
      for await _ in clock.timer(interval: .seconds(1)) { count += 1 }
      return count
    }
    await clock.advance(by: .seconds(2))
    task.cancel()
    #expect(await task.value == 2)
    #expect(clock.sleeperCount == 0)
  }
}

/// The instants ticks were handled at.
private actor Ticks {
  var instants: [TestClock.Instant] = []

  func append(_ instant: TestClock.Instant) { instants.append(instant) }

  /// Milliseconds from the clock's start to each tick.
  func milliseconds() -> [Int64] {
    instants.map { instant in
      let elapsed = TestClock.Instant().duration(to: instant).components
      return elapsed.seconds * 1000 + elapsed.attoseconds / 1_000_000_000_000_000
    }
  }
}
