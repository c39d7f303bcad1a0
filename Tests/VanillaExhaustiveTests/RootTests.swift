import Clocks
import ExhaustiveHarness
import ExpectedFailures
import Foundation
import PrimeTimeFixtures
import Testing
import VanillaPrimeTime

/// The navigation stack's models through the exhaustive harness: every push, pop and tick is
/// stated, screens are checked to be the same objects from step to step, and a timer still asleep
/// on the test clock at the end fails the test.
@MainActor
@Suite(.timeLimit(.minutes(1)))
struct RootTests {
  func makeHarness(_ clock: TestClock) -> ExhaustiveHarness<RootModel> {
    Fixtures.failOnUnwiredCallbacks()
    return ExhaustiveHarness(
      RootModel(clock: clock, fetchFact: Fixtures.numberFact),
      clocks: [clock]
    )
  }

  @Test func pushAndPop() {
    let clock = TestClock()
    let harness = makeHarness(clock)
    var counter: CounterModel?
    harness.send {
      counter = harness.model.pushCounter()
    } assert: {
      $0.path = [.counter(CounterModel(clock: clock))]
    }
    harness.send {
      harness.model.pop(from: .counter(counter!))
    } assert: {
      $0.path = []
    }
  }

  /// Pushing again after a pop makes a new object, and the harness holds the test to it: the
  /// expected model must make a new counter too.
  @Test func generationalIDs() {
    let clock = TestClock()
    let harness = makeHarness(clock)
    let root = harness.model
    var first: CounterModel?
    harness.send {
      first = root.pushCounter()
    } assert: {
      $0.path = [.counter(CounterModel(clock: clock))]
    }
    harness.send {
      root.pop(from: .counter(first!))
    } assert: {
      $0.path = []
    }
    harness.send {
      _ = root.pushCounter()
    } assert: {
      $0.path = [.counter(CounterModel(clock: clock))]
    }
    #expect(first !== root.path.first?.counter)
  }

  @Test func popFromRemovesTheElementAndEverythingAbove() {
    let clock = TestClock()
    let harness = makeHarness(clock)
    let root = harness.model
    harness.send {
      root.pushCounter(count: 1)
    } assert: {
      $0.path.append(.counter(CounterModel(count: 1, clock: clock)))
    }
    var fact: NumberFactModel?
    harness.send {
      fact = root.pushNumberFact(number: 2)
    } assert: {
      $0.path.append(.numberFact(NumberFactModel(number: 2, fetchFact: Fixtures.numberFact)))
    }
    harness.send {
      root.pushPrimeNumber(number: 3)
    } assert: {
      $0.path.append(.primeNumber(PrimeNumberModel(number: 3)))
    }
    harness.send {
      root.pop(from: .numberFact(fact!))
    } assert: {
      $0.path.removeLast(2)
    }
    #expect(root.sum == 1)
  }

  @Test func childAction() {
    let clock = TestClock()
    let harness = makeHarness(clock)
    var counter: CounterModel?
    harness.send {
      counter = harness.model.pushCounter()
    } assert: {
      $0.path = [.counter(CounterModel(clock: clock))]
    }
    harness.send {
      counter?.incrementButtonTapped()
    } assert: {
      $0.path[0].counter?.count = 1
    }
    #expect(harness.model.sum == 1)
  }

  @Test func timerWithTestClock() async {
    await withMainSerialExecutor {
      let clock = TestClock()
      let harness = makeHarness(clock)
      let root = harness.model
      var counter: CounterModel?
      harness.send {
        counter = root.pushCounter()
      } assert: {
        $0.path = [.counter(CounterModel(clock: clock))]
      }
      harness.send {
        counter?.toggleTimerButtonTapped()
      } assert: {
        $0.path[0].counter?.isTimerOn = true
      }
      await harness.send {
        await clock.advance(by: .seconds(1))
      } assert: {
        $0.path[0].counter?.count = 1
      }
      await harness.send {
        await clock.advance(by: .seconds(1))
      } assert: {
        $0.path[0].counter?.count = 2
      }
      #expect(root.sum == 2)
      // Popping stops the timer: the root cancels the counter's tasks.
      harness.send {
        root.pop(from: .counter(counter!))
      } assert: {
        $0.path = []
      }
      await harness.send { await clock.advance(by: .seconds(5)) }
      #expect(counter?.count == 2)
    }
  }

  @Test func timerDismissesTheCounterAt100() async {
    await withMainSerialExecutor {
      let clock = TestClock()
      let harness = makeHarness(clock)
      var counter: CounterModel?
      harness.send {
        counter = harness.model.pushCounter(count: 98)
      } assert: {
        $0.path = [.counter(CounterModel(count: 98, clock: clock))]
      }
      harness.send {
        counter?.toggleTimerButtonTapped()
      } assert: {
        $0.path[0].counter?.isTimerOn = true
      }
      await harness.send {
        await clock.advance(by: .seconds(1))
      } assert: {
        $0.path[0].counter?.count = 99
      }
      await harness.send {
        await clock.advance(by: .seconds(1))
      } assert: {
        $0.path = []
      }
      #expect(counter?.count == 100)
    }
  }

  /// With an `ImmediateClock` there is nothing to advance: the intent polls until the timer has
  /// run, and the harness checks where it ended.
  @Test func timerDismissesTheCounterAt100_immediateClock() async {
    await withMainSerialExecutor {
      Fixtures.failOnUnwiredCallbacks()
      let harness = ExhaustiveHarness(
        RootModel(clock: ImmediateClock(), fetchFact: Fixtures.numberFact)
      )
      let root = harness.model
      var counter: CounterModel?
      harness.send {
        counter = root.pushCounter(count: 98)
      } assert: {
        $0.path = [.counter(CounterModel(count: 98, clock: ImmediateClock()))]
      }
      await harness.send {
        counter?.toggleTimerButtonTapped()
        for _ in 0..<1_000 where !root.path.isEmpty { await Task.yield() }
      } assert: {
        $0.path = []
      }
      #expect(counter?.count == 100)
    }
  }

  @Test func loadAndGoToCounter() async {
    await withMainSerialExecutor {
      let clock = TestClock()
      let harness = makeHarness(clock)
      var counter: CounterModel?
      harness.send {
        counter = harness.model.pushCounter(count: 42)
      } assert: {
        $0.path = [.counter(CounterModel(count: 42, clock: clock))]
      }
      harness.send {
        counter?.loadAndGoToCounterButtonTapped()
      } assert: {
        $0.path[0].counter?.isLoading = true
      }
      await harness.send {
        await clock.advance(by: .seconds(2))
      } assert: {
        $0.path[0].counter?.isLoading = false
        $0.path.append(.counter(CounterModel(count: 42, clock: clock)))
      }
      #expect(harness.model.sum == 84)
    }
  }

  /// The harness has no non-exhaustive mode: this twin states every change, as `loadAndGoToCounter`
  /// does, where the composable twin checks only the outcome.
  @Test func loadAndGoToCounter_nonExhaustive() async {
    await withMainSerialExecutor {
      let clock = TestClock()
      let harness = makeHarness(clock)
      harness.send {
        harness.model.pushCounter(count: 42).loadAndGoToCounterButtonTapped()
      } assert: {
        $0.path = [.counter(CounterModel(count: 42, clock: clock))]
        $0.path[0].counter?.isLoading = true
      }
      await harness.send {
        await clock.advance(by: .seconds(2))
      } assert: {
        $0.path[0].counter?.isLoading = false
        $0.path.append(.counter(CounterModel(count: 42, clock: clock)))
      }
    }
  }

  @Test func summary() {
    let clock = TestClock()
    let harness = makeHarness(clock)
    let root = harness.model
    var first: CounterModel?
    var second: CounterModel?
    harness.send {
      first = root.pushCounter(count: 42)
    } assert: {
      $0.path = [.counter(CounterModel(count: 42, clock: clock))]
    }
    #expect(root.sum == 42)
    harness.send {
      second = root.pushCounter(count: 1_729)
    } assert: {
      $0.path.append(.counter(CounterModel(count: 1_729, clock: clock)))
    }
    #expect(root.sum == 1_771)
    harness.send {
      root.pushNumberFact(number: 1_729)
    } assert: {
      $0.path.append(.numberFact(NumberFactModel(number: 1_729, fetchFact: Fixtures.numberFact)))
    }
    #expect(root.sum == 1_771)
    harness.send {
      root.pop(from: .counter(second!))
    } assert: {
      $0.path.removeLast(2)
    }
    #expect(root.sum == 42)
    harness.send {
      root.pop(from: .counter(first!))
    } assert: {
      $0.path = []
    }
    #expect(root.sum == 0)
  }

  /// No non-exhaustive mode: `summary` again, with every step stated.
  @Test func summary_nonExhaustive() {
    let clock = TestClock()
    let harness = makeHarness(clock)
    let root = harness.model
    var second: CounterModel?
    harness.send {
      root.pushCounter(count: 42)
      second = root.pushCounter(count: 1_729)
      root.pushNumberFact(number: 1_729)
    } assert: {
      $0.path = [
        .counter(CounterModel(count: 42, clock: clock)),
        .counter(CounterModel(count: 1_729, clock: clock)),
        .numberFact(NumberFactModel(number: 1_729, fetchFact: Fixtures.numberFact)),
      ]
    }
    #expect(root.sum == 1_771)
    harness.send {
      root.pop(from: .counter(second!))
    } assert: {
      $0.path.removeLast(2)
    }
    #expect(root.sum == 42)
  }

  @Test func summaryWithTimers() async {
    await withMainSerialExecutor {
      let clock = TestClock()
      let harness = makeHarness(clock)
      let root = harness.model
      var first: CounterModel?
      var second: CounterModel?
      harness.send {
        first = root.pushCounter(count: 42)
        first?.toggleTimerButtonTapped()
        second = root.pushCounter(count: 55)
        second?.toggleTimerButtonTapped()
      } assert: {
        $0.path = [
          .counter(CounterModel(count: 42, clock: clock)),
          .counter(CounterModel(count: 55, clock: clock)),
        ]
        $0.path[0].counter?.isTimerOn = true
        $0.path[1].counter?.isTimerOn = true
      }
      #expect(root.sum == 97)
      await harness.send {
        await clock.advance(by: .seconds(5))
      } assert: {
        $0.path[0].counter?.count = 47
        $0.path[1].counter?.count = 60
      }
      #expect(root.sum == 107)
      harness.send {
        first?.toggleTimerButtonTapped()
        second?.toggleTimerButtonTapped()
      } assert: {
        $0.path[0].counter?.isTimerOn = false
        $0.path[1].counter?.isTimerOn = false
      }
    }
  }

  @Test func summaryWithTimers_nonExhaustive() async {
    await withMainSerialExecutor {
      let clock = TestClock()
      let harness = makeHarness(clock)
      let root = harness.model
      harness.send {
        root.pushCounter(count: 42).toggleTimerButtonTapped()
        root.pushCounter(count: 1_729).toggleTimerButtonTapped()
      } assert: {
        $0.path = [
          .counter(CounterModel(count: 42, clock: clock)),
          .counter(CounterModel(count: 1_729, clock: clock)),
        ]
        $0.path[0].counter?.isTimerOn = true
        $0.path[1].counter?.isTimerOn = true
      }
      #expect(root.sum == 1_771)
      // Not 1,781: the 1,729 counter dismissed itself on its first tick (it is over 100).
      await harness.send {
        await clock.advance(by: .seconds(5))
      } assert: {
        $0.path[0].counter?.count = 47
        $0.path.removeLast()
      }
      #expect(root.sum == 47)
      harness.send {
        root.path.first?.counter?.toggleTimerButtonTapped()
      } assert: {
        $0.path[0].counter?.isTimerOn = false
      }
    }
  }

  @Test func timerDismissesTheCounter_nonExhaustive() async {
    await withMainSerialExecutor {
      let clock = TestClock()
      let harness = makeHarness(clock)
      harness.send {
        harness.model.pushCounter(count: 98).toggleTimerButtonTapped()
      } assert: {
        $0.path = [.counter(CounterModel(count: 98, clock: clock))]
        $0.path[0].counter?.isTimerOn = true
      }
      await harness.send {
        await clock.advance(by: .seconds(1))
      } assert: {
        $0.path[0].counter?.count = 99
      }
      await harness.send {
        await clock.advance(by: .seconds(1))
      } assert: {
        $0.path = []
      }
    }
  }

  /// The fact arrives in a task the screen returns: the test awaits it inside the intent.
  @Test func numberFact() async {
    let clock = TestClock()
    let harness = makeHarness(clock)
    var fact: NumberFactModel?
    harness.send {
      fact = harness.model.pushNumberFact(number: 7)
    } assert: {
      $0.path = [.numberFact(NumberFactModel(number: 7, fetchFact: Fixtures.numberFact))]
    }
    await harness.send {
      await fact?.factButtonTapped().value
    } assert: {
      if case .numberFact(let model) = $0.path[0] { model.fact = "7 is a good number." }
    }
  }

  /// The stepper's binding writes the number straight to the model; a new number clears the
  /// fact about the old one, and the harness sees both changes.
  @Test func numberFactStepperClearsTheFact() async {
    let clock = TestClock()
    let harness = makeHarness(clock)
    var fact: NumberFactModel?
    harness.send {
      fact = harness.model.pushNumberFact(number: 7)
    } assert: {
      $0.path = [.numberFact(NumberFactModel(number: 7, fetchFact: Fixtures.numberFact))]
    }
    await harness.send {
      await fact?.factButtonTapped().value
    } assert: {
      if case .numberFact(let model) = $0.path[0] { model.fact = "7 is a good number." }
    }
    harness.send {
      fact?.number = 8
    } assert: {
      if case .numberFact(let model) = $0.path[0] {
        model.number = 8
        model.fact = nil
      }
    }
  }

  /// A request still in flight when the number changes was about the old number: when its
  /// answer arrives, nothing changes.
  @Test func numberFactStepperDropsTheAnswerForTheOldNumber() async {
    Fixtures.failOnUnwiredCallbacks()
    let clock = TestClock()
    let (answers, answer) = AsyncStream.makeStream(of: String.self)
    let fetchFact: @Sendable (Int) async -> String = { _ in await answers.first { _ in true } ?? ""
    }
    let harness = ExhaustiveHarness(RootModel(clock: clock, fetchFact: fetchFact), clocks: [clock])
    var fact: NumberFactModel?
    harness.send {
      fact = harness.model.pushNumberFact(number: 7)
    } assert: {
      $0.path = [.numberFact(NumberFactModel(number: 7, fetchFact: fetchFact))]
    }
    var request: Task<Void, Never>?
    harness.send {
      request = fact?.factButtonTapped()
      fact?.number = 8
    } assert: {
      if case .numberFact(let model) = $0.path[0] { model.number = 8 }
    }
    answer.yield("7 is a good number.")
    answer.finish()
    await harness.send {
      await request?.value
    }
  }

  @Test func primeNumber() {
    let clock = TestClock()
    let harness = makeHarness(clock)
    var prime: PrimeNumberModel?
    harness.send {
      prime = harness.model.pushPrimeNumber(number: 7)
    } assert: {
      $0.path = [.primeNumber(PrimeNumberModel(number: 7))]
    }
    #expect(prime?.isPrime == true)
    #expect(prime?.primeIndex == 4)
    var composite: PrimeNumberModel?
    harness.send {
      composite = harness.model.pushPrimeNumber(number: 8)
    } assert: {
      $0.path.append(.primeNumber(PrimeNumberModel(number: 8)))
    }
    #expect(composite?.primeIndex == nil)
  }

  /// "A Task outlives its screen unless cancelled by hand": the harness sees the timer still
  /// asleep on the clock when the test ends, and fails it.
  ///
  /// Without the root's bookkeeping
  /// nothing stops it; here the test stops it by hand once the failure is recorded.
  @Test func timerAfterTheScreenIsGone() async {
    await withMainSerialExecutor {
      let clock = TestClock()
      let harness = ExhaustiveHarness(CounterModel(clock: clock), clocks: [clock])
      harness.send(harness.model.toggleTimerButtonTapped) { $0.isTimerOn = true }
      await harness.send {
        await clock.advance(by: .seconds(1))
      } assert: {
        $0.count = 1
      }
      expectFailure {
        harness.finish()
      } matching: { issue in
        issue.comments.contains { $0.rawValue.contains("1 task is still asleep on a test clock") }
      }
      harness.model.cancelTasks()
    }
  }
}
