import ComposableArchitectureTesting
import ExpectedFailures
import Testing

/// The navigation-stack testing episode, as tests over `StackRoot`.
@MainActor
@Suite(.timeLimit(.minutes(1)))
struct StackTests {
  @Test func pushAndPop() async {
    let store = TestStore(initialState: StackRoot.State()) { StackRoot() }
    await store.send(.path(.push(.counter(StackCounter.State())))) {
      $0.path[id: 0] = .counter(StackCounter.State())
    }
    await store.send(.path(.popFrom(id: 0))) {
      $0.path[id: 0] = nil
    }
  }

  /// A push that names its ID, as a deep link or a test does; the next unnamed push takes an
  /// ID the stack does not hold.
  @Test func pushWithAnID() async {
    let store = TestStore(initialState: StackRoot.State()) { StackRoot() }
    await store.send(.path(.push(id: 0, state: .counter(StackCounter.State())))) {
      $0.path[id: 0] = .counter(StackCounter.State())
    }
    await store.send(.path(.push(.counter(StackCounter.State(count: 1))))) {
      $0.path[id: 1] = .counter(StackCounter.State(count: 1))
    }
  }

  @Test func pushingAnIDAlreadyOnTheStackIsReportedAndIgnored() async {
    let store = TestStore(initialState: StackRoot.State()) { StackRoot() }
    await store.send(.path(.push(id: 0, state: .counter(StackCounter.State())))) {
      $0.path[id: 0] = .counter(StackCounter.State())
    }
    await expectFailure {
      await store.send(.path(.push(id: 0, state: .counter(StackCounter.State(count: 9)))))
    } matching: { issue in
      issue.comments.contains {
        $0.rawValue.contains("received a \"push\" action for an element it already contains.")
          && $0.rawValue.contains("Existing IDs:\n    [#0]")
      }
    }
  }

  /// A test that pushes with an ID names the element the next push would get; an ID past that
  /// is a test that skipped a push, and is reported (the element is still pushed).
  @Test func pushingAnIDPastTheNextOneIsReportedAsUnexpected() async {
    let store = TestStore(initialState: StackRoot.State()) { StackRoot() }
    await expectFailure {
      await store.send(.path(.push(id: 1, state: .counter(StackCounter.State())))) {
        $0.path[id: 1] = .counter(StackCounter.State())
      }
    } matching: { issue in
      issue.comments.contains {
        $0.rawValue.contains("received a \"push\" action with an unexpected generational ID.")
          && $0.rawValue.contains("Received ID:\n    #1\n  Expected ID:\n    #0")
      }
    }
  }

  @Test func generationalIDsAreNeverReused() async {
    let store = TestStore(initialState: StackRoot.State()) { StackRoot() }
    await store.send(.path(.push(.counter(StackCounter.State())))) {
      $0.path[id: 0] = .counter(StackCounter.State())
    }
    await store.send(.path(.popFrom(id: 0))) {
      $0.path[id: 0] = nil
    }
    await store.send(.path(.push(.counter(StackCounter.State())))) {
      $0.path[id: 1] = .counter(StackCounter.State())
    }
  }

  @Test func popFromRemovesTheElementAndEverythingAbove() async {
    let store = TestStore(
      initialState: StackRoot.State(
        path: [
          .counter(StackCounter.State(count: 1)),
          .numberFact(StackNumberFact.State(number: 2)),
          .primeNumber(StackPrimeNumber.State(number: 3)),
        ]
      )
    ) {
      StackRoot()
    }
    await store.send(.path(.popFrom(id: 1))) {
      $0.path[id: 1] = nil
      $0.path[id: 2] = nil
    }
    #expect(store.state.path.ids == [0])
  }

  @Test func childAction() async {
    let store = TestStore(initialState: StackRoot.State()) { StackRoot() }
    await store.send(.path(.push(.counter(StackCounter.State())))) {
      $0.path[id: 0] = .counter(StackCounter.State())
    }
    await store.send(.path(.element(id: 0, action: .counter(.incrementButtonTapped)))) {
      modify(&$0.path[id: 0], case: \.counter) { $0.count = 1 }
    }
  }

  @Test func invalidChildAction() async {
    let store = TestStore(
      initialState: StackRoot.State(path: [.numberFact(StackNumberFact.State(number: 0))])
    ) {
      StackRoot()
    }
    await expectFailure {
      await store.send(.path(.element(id: 0, action: .counter(.incrementButtonTapped))))
    } matching: { issue in
      issue.comments.first?.rawValue.contains(
        "received a child action when child state was set to a different case"
      ) == true
    }
  }

  @Test func actionForAMissingElement() async {
    let store = TestStore(
      initialState: StackRoot.State(path: [.counter(StackCounter.State())])
    ) {
      StackRoot()
    }
    await expectFailure {
      await store.send(.path(.element(id: 5, action: .counter(.incrementButtonTapped))))
    } matching: { issue in
      let text = issue.comments.first?.rawValue ?? ""
      return text.hasPrefix(
        "A \"forEach\" at \"ComposableArchitectureTests/StackFeatures.swift:"
      ) && text.contains("received an action for a missing element")
        && text.contains("Missing ID:\n    #5") && text.contains("Existing IDs:\n    [#0]")
    }
    await expectFailure {
      await store.send(.path(.popFrom(id: 7)))
    } matching: { issue in
      issue.comments.first?.rawValue.contains("received a \"popFrom\" action for a missing element")
        == true
    }
  }

  @Test func timerWithTestClock() async {
    let clock = TestClock()
    let store = TestStore(
      initialState: StackRoot.State(path: [.counter(StackCounter.State())])
    ) {
      StackRoot()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.path(.element(id: 0, action: .counter(.toggleTimerButtonTapped)))) {
      modify(&$0.path[id: 0], case: \.counter) { $0.isTimerOn = true }
    }
    await clock.advance(by: .seconds(1))
    await store.receive(\.path[id: 0].counter.timerTick) {
      modify(&$0.path[id: 0], case: \.counter) { $0.count = 1 }
    }
    await clock.advance(by: .seconds(1))
    await store.receive(\.path[id: 0].counter.timerTick) {
      modify(&$0.path[id: 0], case: \.counter) { $0.count = 2 }
    }
    // Popping the counter cancels its timer: the test ends with nothing running.
    await store.send(.path(.popFrom(id: 0))) {
      $0.path[id: 0] = nil
    }
    await clock.advance(by: .seconds(5))
    #expect(clock.sleeperCount == 0)
  }

  @Test func timerDismissesTheCounterAt100() async {
    let store = TestStore(
      initialState: StackRoot.State(path: [.counter(StackCounter.State(count: 98))])
    ) {
      StackRoot()
    } withDependencies: {
      $0.continuousClock = ImmediateClock()
    }
    await store.send(.path(.element(id: 0, action: .counter(.toggleTimerButtonTapped)))) {
      modify(&$0.path[id: 0], case: \.counter) { $0.isTimerOn = true }
    }
    await store.receive(\.path[id: 0].counter.timerTick) {
      modify(&$0.path[id: 0], case: \.counter) { $0.count = 99 }
    }
    await store.receive(\.path[id: 0].counter.timerTick) {
      modify(&$0.path[id: 0], case: \.counter) { $0.count = 100 }
    }
    await store.receive(\.path.popFrom, 0) {
      $0.path[id: 0] = nil
    }
  }

  @Test func loadAndGoToCounter() async {
    let clock = TestClock()
    let store = TestStore(
      initialState: StackRoot.State(path: [.counter(StackCounter.State(count: 42))])
    ) {
      StackRoot()
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
      $0.path[id: 1] = .counter(StackCounter.State(count: 42))
    }
  }

  @Test func loadAndGoToCounter_nonExhaustive() async {
    let clock = TestClock()
    let store = TestStore(
      initialState: StackRoot.State(path: [.counter(StackCounter.State(count: 42))])
    ) {
      StackRoot()
    } withDependencies: {
      $0.continuousClock = clock
    }
    store.exhaustivity = .off
    await store.send(.path(.element(id: 0, action: .counter(.loadAndGoToCounterButtonTapped))))
    await clock.advance(by: .seconds(2))
    await store.receive(\.path[id: 0].counter.delegate.goToCounter) {
      $0.path[id: 1] = .counter(StackCounter.State(count: 42))
    }
  }

  @Test func summary() async {
    let store = TestStore(
      initialState: StackRoot.State(
        path: [
          .counter(StackCounter.State(count: 1)),
          .primeNumber(StackPrimeNumber.State(number: 7)),
          .counter(StackCounter.State(count: 2)),
        ]
      )
    ) {
      StackRoot()
    }
    await store.send(.path(.element(id: 2, action: .counter(.incrementButtonTapped)))) {
      modify(&$0.path[id: 2], case: \.counter) { $0.count = 3 }
    }
    await store.send(.path(.element(id: 1, action: .primeNumber(.primeIndexButtonTapped)))) {
      modify(&$0.path[id: 1], case: \.primeNumber) { $0.primeIndex = 4 }
    }
    await store.send(.path(.popFrom(id: 2))) {
      $0.path[id: 2] = nil
    }
    #expect(store.state.sum == 1)
  }

  @Test func summary_nonExhaustive() async {
    let store = TestStore(
      initialState: StackRoot.State(
        path: [
          .counter(StackCounter.State(count: 1)),
          .counter(StackCounter.State(count: 2)),
        ]
      )
    ) {
      StackRoot()
    }
    store.exhaustivity = .off
    await store.send(.path(.element(id: 0, action: .counter(.incrementButtonTapped))))
    await store.send(.path(.element(id: 1, action: .counter(.incrementButtonTapped))))
    #expect(store.state.sum == 5)
  }

  @Test func numberFact() async {
    let store = TestStore(
      initialState: StackRoot.State(path: [.numberFact(StackNumberFact.State(number: 7))])
    ) {
      StackRoot()
    } withDependencies: {
      $0.factClient.fetch = { "\($0) is the 4th prime." }
    }
    await store.send(.path(.element(id: 0, action: .numberFact(.factButtonTapped))))
    await store.receive(\.path[id: 0].numberFact.factResponse) {
      modify(&$0.path[id: 0], case: \.numberFact) { $0.fact = "7 is the 4th prime." }
    }
  }

  @Test func twoTimersOnTheStackAreIndependent() async {
    let clock = TestClock()
    let store = TestStore(
      initialState: StackRoot.State(
        path: [.counter(StackCounter.State()), .counter(StackCounter.State())]
      )
    ) {
      StackRoot()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.path(.element(id: 0, action: .counter(.toggleTimerButtonTapped)))) {
      modify(&$0.path[id: 0], case: \.counter) { $0.isTimerOn = true }
    }
    await store.send(.path(.element(id: 1, action: .counter(.toggleTimerButtonTapped)))) {
      modify(&$0.path[id: 1], case: \.counter) { $0.isTimerOn = true }
    }
    // Turning off the top counter's timer must not cancel the other's: their cancellation IDs
    // are namespaced per element.
    await store.send(.path(.element(id: 1, action: .counter(.toggleTimerButtonTapped)))) {
      modify(&$0.path[id: 1], case: \.counter) { $0.isTimerOn = false }
    }
    await clock.advance(by: .seconds(1))
    await store.receive(\.path[id: 0].counter.timerTick) {
      modify(&$0.path[id: 0], case: \.counter) { $0.count = 1 }
    }
    await store.send(.path(.popFrom(id: 0))) {
      $0.path[id: 0] = nil
      $0.path[id: 1] = nil
    }
  }
}
