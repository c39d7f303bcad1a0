import Clocks
import Foundation
import PrimeTimeFixtures
import Testing
import VanillaPrimeTime

/// The navigation stack as observable models, tested the vanilla way.
///
/// Time comes from a `TestClock`; `withMainSerialExecutor` makes the models' tasks run in a fixed
/// order.
@MainActor
@Suite(.timeLimit(.minutes(1)))
struct RootTests {
  func makeRoot(_ clock: any Clock<Duration> = TestClock()) -> RootModel {
    Fixtures.failOnUnwiredCallbacks()
    return RootModel(clock: clock, fetchFact: Fixtures.numberFact)
  }

  @Test func pushAndPop() {
    let root = makeRoot()
    let counter = root.pushCounter()
    #expect(root.path == [.counter(counter)])
    root.pop(from: .counter(counter))
    #expect(root.path.isEmpty)
  }

  /// The vanilla stack has no IDs: a screen is its model object, so pushing again after a pop
  /// makes a new, distinct object.
  @Test func generationalIDs() {
    let root = makeRoot()
    let first = root.pushCounter()
    root.pop(from: .counter(first))
    let second = root.pushCounter()
    #expect(first !== second)
    #expect(root.path == [.counter(second)])
  }

  @Test func popFromRemovesTheElementAndEverythingAbove() {
    let root = makeRoot()
    root.pushCounter(count: 1)
    let fact = root.pushNumberFact(number: 2)
    root.pushPrimeNumber(number: 3)
    root.pop(from: .numberFact(fact))
    #expect(root.path.count == 1)
    #expect(root.sum == 1)
  }

  @Test func childAction() {
    let root = makeRoot()
    let counter = root.pushCounter()
    counter.incrementButtonTapped()
    #expect(counter.count == 1)
    #expect(root.sum == 1)
  }

  @Test func timerWithTestClock() async {
    await withMainSerialExecutor {
      let clock = TestClock()
      let root = makeRoot(clock)
      let counter = root.pushCounter()
      counter.toggleTimerButtonTapped()
      #expect(counter.isTimerOn)
      await clock.advance(by: .seconds(1))
      #expect(counter.count == 1)
      await clock.advance(by: .seconds(1))
      #expect(counter.count == 2)
      #expect(root.sum == 2)
      // Popping stops the timer: the root cancels the counter's tasks.
      root.pop(from: .counter(counter))
      await clock.advance(by: .seconds(5))
      #expect(counter.count == 2)
      #expect(clock.sleeperCount == 0)
    }
  }

  @Test func timerDismissesTheCounterAt100() async {
    await withMainSerialExecutor {
      let clock = TestClock()
      let root = makeRoot(clock)
      let counter = root.pushCounter(count: 98)
      counter.toggleTimerButtonTapped()
      await clock.advance(by: .seconds(2))
      #expect(counter.count == 100)
      #expect(root.path.isEmpty)
      #expect(root.sum == 0)
      #expect(clock.sleeperCount == 0)
    }
  }

  @Test func timerDismissesTheCounterAt100_immediateClock() async {
    await withMainSerialExecutor {
      let root = makeRoot(ImmediateClock())
      let counter = root.pushCounter(count: 98)
      counter.toggleTimerButtonTapped()
      // Nothing to advance: the test can only poll the models until the timer has run, a
      // bounded number of times (each yield lets the serial queue run one more step).
      for _ in 0..<1_000 where !root.path.isEmpty { await Task.yield() }
      #expect(counter.count == 100)
      #expect(root.path.isEmpty)
    }
  }

  @Test func loadAndGoToCounter() async {
    await withMainSerialExecutor {
      let clock = TestClock()
      let root = makeRoot(clock)
      let counter = root.pushCounter(count: 42)
      counter.loadAndGoToCounterButtonTapped()
      #expect(counter.isLoading)
      await clock.advance(by: .seconds(2))
      #expect(counter.isLoading == false)
      #expect(root.path.count == 2)
      #expect(root.path.last?.counter?.count == 42)
      #expect(root.sum == 84)
    }
  }

  /// Vanilla tests are non-exhaustive by nature: this one checks only the outcome, as the
  /// composable `_nonExhaustive` test chooses to.
  @Test func loadAndGoToCounter_nonExhaustive() async {
    await withMainSerialExecutor {
      let clock = TestClock()
      let root = makeRoot(clock)
      root.pushCounter(count: 42).loadAndGoToCounterButtonTapped()
      await clock.advance(by: .seconds(2))
      #expect(root.path.last?.counter?.count == 42)
    }
  }

  @Test func summary() {
    let root = makeRoot()
    #expect(root.sum == 0)
    let first = root.pushCounter(count: 42)
    #expect(root.sum == 42)
    let second = root.pushCounter(count: 1_729)
    #expect(root.sum == 1_771)
    root.pushNumberFact(number: 1_729)
    #expect(root.sum == 1_771)
    root.pop(from: .counter(second))
    #expect(root.sum == 42)
    root.pop(from: .counter(first))
    #expect(root.sum == 0)
  }

  /// A vanilla test is non-exhaustive whether it likes it or not: this is `summary` again, and
  /// nothing it leaves out could fail it.
  @Test func summary_nonExhaustive() {
    let root = makeRoot()
    root.pushCounter(count: 42)
    let second = root.pushCounter(count: 1_729)
    root.pushNumberFact(number: 1_729)
    #expect(root.sum == 1_771)
    root.pop(from: .counter(second))
    #expect(root.sum == 42)
  }

  @Test func summaryWithTimers() async {
    await withMainSerialExecutor {
      let clock = TestClock()
      let root = makeRoot(clock)
      let first = root.pushCounter(count: 42)
      first.toggleTimerButtonTapped()
      let second = root.pushCounter(count: 55)
      second.toggleTimerButtonTapped()
      #expect(root.sum == 97)
      await clock.advance(by: .seconds(5))
      // The models changed as the ticks came in: there is nothing to receive first.
      #expect(root.sum == 107)
      first.toggleTimerButtonTapped()
      second.toggleTimerButtonTapped()
      #expect(clock.sleeperCount == 0)
    }
  }

  @Test func summaryWithTimers_nonExhaustive() async {
    await withMainSerialExecutor {
      let clock = TestClock()
      let root = makeRoot(clock)
      root.pushCounter(count: 42).toggleTimerButtonTapped()
      root.pushCounter(count: 1_729).toggleTimerButtonTapped()
      #expect(root.sum == 1_771)
      await clock.advance(by: .seconds(5))
      // Not 1,781: the 1,729 counter dismissed itself on its first tick (it is over 100).
      #expect(root.sum == 47)
      #expect(root.path.count == 1)
      root.path.first?.counter?.toggleTimerButtonTapped()
    }
  }

  @Test func timerDismissesTheCounter_nonExhaustive() async {
    await withMainSerialExecutor {
      let clock = TestClock()
      let root = makeRoot(clock)
      root.pushCounter(count: 98).toggleTimerButtonTapped()
      await clock.advance(by: .seconds(2))
      #expect(root.path.isEmpty)
    }
  }

  @Test func numberFact() async {
    let root = makeRoot()
    let fact = root.pushNumberFact(number: 7)
    await fact.factButtonTapped().value
    #expect(fact.fact == "7 is a good number.")
  }

  /// The stepper's binding writes the number straight to the model; a new number clears the
  /// fact about the old one.
  @Test func numberFactStepperClearsTheFact() async {
    let root = makeRoot()
    let fact = root.pushNumberFact(number: 7)
    await fact.factButtonTapped().value
    fact.number = 8
    #expect(fact.number == 8)
    #expect(fact.fact == nil)
  }

  /// A request still in flight when the number changes was about the old number: its answer is
  /// dropped.
  @Test func numberFactStepperDropsTheAnswerForTheOldNumber() async {
    let (answers, answer) = AsyncStream.makeStream(of: String.self)
    let fact = NumberFactModel(number: 7) { _ in await answers.first { _ in true } ?? "" }
    let request = fact.factButtonTapped()
    fact.number = 8
    answer.yield("7 is a good number.")
    answer.finish()
    await request.value
    #expect(fact.number == 8)
    #expect(fact.fact == nil)
  }

  @Test func primeNumber() {
    let root = makeRoot()
    let prime = root.pushPrimeNumber(number: 7)
    #expect(prime.isPrime)
    #expect(prime.primeIndex == 4)
    #expect(root.pushPrimeNumber(number: 8).primeIndex == nil)
  }

  /// Lesson "a Task outlives its screen unless cancelled by hand": a counter that leaves the screen
  /// without going through the root's bookkeeping keeps its timer task asleep on the clock until
  /// the next tick.
  ///
  /// The task holds the model weakly, so that tick finds the model gone and ends
  /// the task; a model still held elsewhere (a closure, a cache) would tick on, forever, unless
  /// something calls `cancelTasks()`.
  @Test func timerAfterTheScreenIsGone() async {
    await withMainSerialExecutor {
      let clock = TestClock()
      var counter: CounterModel? = CounterModel(clock: clock)
      counter?.toggleTimerButtonTapped()
      // The task is private to the model: only reflection reaches it, to wait for its end.
      let task =
        counter.flatMap { Mirror(reflecting: $0).descendant("timerTask") }
        as? Task<Void, Never>
      #expect(task != nil)
      await clock.advance(by: .seconds(1))
      #expect(counter?.count == 1)
      counter = nil  // the screen is gone…
      await clock.advance()
      #expect(clock.sleeperCount == 1)  // …but its task is still asleep on the clock…
      await clock.advance(by: .seconds(1))  // …until the next tick, which finds no model
      #expect(clock.sleeperCount == 0)
      // Ended already; cancelling first keeps a regression from hanging the test here.
      task?.cancel()
      await task?.value
    }
  }
}
