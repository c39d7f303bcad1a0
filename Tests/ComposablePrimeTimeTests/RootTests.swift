import ComposableArchitectureTesting
import ComposablePrimeTime
import Foundation
import PrimeTimeFixtures
import Testing

/// The navigation stack, tested with an exhaustive `TestStore`.
@MainActor
@Suite(.timeLimit(.minutes(1)))
struct RootTests {
  @Test func pushAndPop() async {
    let store = TestStore(initialState: RootFeature.State()) { RootFeature() }
    await store.send(.path(.push(.counter(CounterFeature.State())))) {
      $0.path[id: 0] = .counter(CounterFeature.State())
    }
    await store.send(.path(.popFrom(id: 0))) {
      $0.path[id: 0] = nil
    }
  }

  @Test func generationalIDs() async {
    let store = TestStore(initialState: RootFeature.State()) { RootFeature() }
    await store.send(.path(.push(.counter(CounterFeature.State())))) {
      $0.path[id: 0] = .counter(CounterFeature.State())
    }
    await store.send(.path(.popFrom(id: 0))) {
      $0.path[id: 0] = nil
    }
    await store.send(.path(.push(.counter(CounterFeature.State())))) {
      $0.path[id: 1] = .counter(CounterFeature.State())
    }
  }

  @Test func popFromRemovesTheElementAndEverythingAbove() async {
    let store = TestStore(
      initialState: RootFeature.State(
        path: [
          .counter(CounterFeature.State(count: 1)),
          .numberFact(NumberFactFeature.State(number: 2)),
          .primeNumber(PrimeNumberFeature.State(number: 3)),
        ]
      )
    ) {
      RootFeature()
    }
    await store.send(.path(.popFrom(id: 1))) {
      $0.path[id: 1] = nil
      $0.path[id: 2] = nil
    }
  }

  @Test func childAction() async {
    let store = TestStore(initialState: RootFeature.State(path: [.counter(CounterFeature.State())]))
    {
      RootFeature()
    }
    await store.send(.path(.element(id: 0, action: .counter(.incrementButtonTapped)))) {
      modify(&$0.path[id: 0], case: \.counter) { $0.count = 1 }
      $0.sum = 1
    }
  }

  @Test func timerWithTestClock() async {
    let clock = TestClock()
    let store = TestStore(initialState: RootFeature.State(path: [.counter(CounterFeature.State())]))
    {
      RootFeature()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.path(.element(id: 0, action: .counter(.toggleTimerButtonTapped)))) {
      modify(&$0.path[id: 0], case: \.counter) { $0.isTimerOn = true }
    }
    await clock.advance(by: .seconds(1))
    await store.receive(\.path[id: 0].counter.timerTick) {
      modify(&$0.path[id: 0], case: \.counter) { $0.count = 1 }
      $0.sum = 1
    }
    await clock.advance(by: .seconds(1))
    await store.receive(\.path[id: 0].counter.timerTick) {
      modify(&$0.path[id: 0], case: \.counter) { $0.count = 2 }
      $0.sum = 2
    }
    await store.send(.path(.popFrom(id: 0))) {
      $0.path[id: 0] = nil
      $0.sum = 0
    }
  }

  @Test func timerDismissesTheCounterAt100() async {
    let clock = TestClock()
    let store = TestStore(
      initialState: RootFeature.State(path: [.counter(CounterFeature.State(count: 98))])
    ) {
      RootFeature()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.path(.element(id: 0, action: .counter(.toggleTimerButtonTapped)))) {
      modify(&$0.path[id: 0], case: \.counter) { $0.isTimerOn = true }
    }
    await clock.advance(by: .seconds(1))
    await store.receive(\.path[id: 0].counter.timerTick) {
      modify(&$0.path[id: 0], case: \.counter) { $0.count = 99 }
      $0.sum = 99
    }
    await clock.advance(by: .seconds(1))
    await store.receive(\.path[id: 0].counter.timerTick) {
      modify(&$0.path[id: 0], case: \.counter) { $0.count = 100 }
      $0.sum = 100
    }
    await store.receive(\.path.popFrom, 0) {
      $0.path[id: 0] = nil
      $0.sum = 0
    }
  }

  @Test func timerDismissesTheCounterAt100_immediateClock() async {
    let store = TestStore(
      initialState: RootFeature.State(path: [.counter(CounterFeature.State(count: 98))])
    ) {
      RootFeature()
    } withDependencies: {
      $0.continuousClock = ImmediateClock()
    }
    await store.send(.path(.element(id: 0, action: .counter(.toggleTimerButtonTapped)))) {
      modify(&$0.path[id: 0], case: \.counter) { $0.isTimerOn = true }
    }
    await store.receive(\.path[id: 0].counter.timerTick) {
      modify(&$0.path[id: 0], case: \.counter) { $0.count = 99 }
      $0.sum = 99
    }
    await store.receive(\.path[id: 0].counter.timerTick) {
      modify(&$0.path[id: 0], case: \.counter) { $0.count = 100 }
      $0.sum = 100
    }
    await store.receive(\.path.popFrom, 0) {
      $0.path[id: 0] = nil
      $0.sum = 0
    }
  }

  @Test func loadAndGoToCounter() async {
    let clock = TestClock()
    let store = TestStore(
      initialState: RootFeature.State(path: [.counter(CounterFeature.State(count: 42))])
    ) {
      RootFeature()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.path(.element(id: 0, action: .counter(.loadAndGoToCounterButtonTapped)))) {
      modify(&$0.path[id: 0], case: \.counter) { $0.isLoading = true }
    }
    await clock.advance(by: .seconds(2))
    await store.receive(\.path[id: 0].counter.loadResponse) {
      modify(&$0.path[id: 0], case: \.counter) { $0.isLoading = false }
    }
    await store.receive(\.path[id: 0].counter.delegate.goToCounter, 42) {
      $0.path[id: 1] = .counter(CounterFeature.State(count: 42))
      $0.sum = 84
    }
  }

  @Test func loadAndGoToCounter_nonExhaustive() async {
    let clock = TestClock()
    let store = TestStore(
      initialState: RootFeature.State(path: [.counter(CounterFeature.State(count: 42))])
    ) {
      RootFeature()
    } withDependencies: {
      $0.continuousClock = clock
    }
    store.exhaustivity = .off
    await store.send(.path(.element(id: 0, action: .counter(.loadAndGoToCounterButtonTapped))))
    await clock.advance(by: .seconds(2))
    await store.receive(\.path[id: 0].counter.delegate.goToCounter) {
      $0.path[id: 1] = .counter(CounterFeature.State(count: 42))
    }
  }

  @Test func summary() async {
    let store = TestStore(
      initialState: RootFeature.State(
        path: [
          .counter(CounterFeature.State(count: 1)),
          .primeNumber(PrimeNumberFeature.State(number: 7)),
          .counter(CounterFeature.State(count: 2)),
        ]
      )
    ) {
      RootFeature()
    }
    #expect(store.state.sum == 3)
    await store.send(.path(.element(id: 2, action: .counter(.incrementButtonTapped)))) {
      modify(&$0.path[id: 2], case: \.counter) { $0.count = 3 }
      $0.sum = 4
    }
    await store.send(.path(.popFrom(id: 2))) {
      $0.path[id: 2] = nil
      $0.sum = 1
    }
    await store.send(.path(.element(id: 0, action: .counter(.decrementButtonTapped)))) {
      modify(&$0.path[id: 0], case: \.counter) { $0.count = 0 }
      $0.sum = 0
    }
  }

  @Test func summary_nonExhaustive() async {
    let store = TestStore(
      initialState: RootFeature.State(
        path: [.counter(CounterFeature.State(count: 1)), .counter(CounterFeature.State(count: 2))]
      )
    ) {
      RootFeature()
    }
    store.exhaustivity = .off
    await store.send(.path(.element(id: 0, action: .counter(.incrementButtonTapped))))
    await store.send(.path(.element(id: 1, action: .counter(.incrementButtonTapped)))) {
      $0.sum = 5
    }
  }

  @Test func numberFact() async {
    let store = TestStore(
      initialState: RootFeature.State(path: [.numberFact(NumberFactFeature.State(number: 7))])
    ) {
      RootFeature()
    } withDependencies: {
      $0.numberFact.fetch = { Fixtures.numberFact($0) }
    }
    await store.send(.path(.element(id: 0, action: .numberFact(.factButtonTapped))))
    await store.receive(\.path[id: 0].numberFact.factResponse, "7 is a good number.") {
      modify(&$0.path[id: 0], case: \.numberFact) { $0.fact = "7 is a good number." }
    }
  }

  @Test func primeNumber() {
    #expect(PrimeNumberFeature.State(number: 7).isPrime)
    #expect(PrimeNumberFeature.State(number: 7).primeIndex == 4)
    #expect(PrimeNumberFeature.State(number: 8).primeIndex == nil)
    #expect(NumberFactClient.localFact(7) == "7 is the 4th prime.")
    #expect(NumberFactClient.localFact(8) == "8 is not prime.")
  }

  /// A screen's effects end with the screen, however it leaves the stack: after the pop, the
  /// timer is cancelled and the test ends with nothing running (an exhaustive TestStore would
  /// fail otherwise).
  @Test func timerAfterTheScreenIsGone() async {
    let clock = TestClock()
    let store = TestStore(initialState: RootFeature.State(path: [.counter(CounterFeature.State())]))
    {
      RootFeature()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.path(.element(id: 0, action: .counter(.toggleTimerButtonTapped)))) {
      modify(&$0.path[id: 0], case: \.counter) { $0.isTimerOn = true }
    }
    await store.send(.path(.popFrom(id: 0))) {
      $0.path[id: 0] = nil
    }
    await clock.advance(by: .seconds(5))
    #expect(clock.sleeperCount == 0)
  }
}
