import ComposableArchitectureTesting
import ExpectedFailures
import Testing

/// The passing counterparts of the failure gallery, and how a TestStore behaves.
@MainActor
@Suite(.timeLimit(.minutes(1)))
struct TestStoreTests {
  @Test func sendAssertsEachStateChange() async {
    let store = TestStore(initialState: Feature.State()) { Feature() }
    await store.send(.incrementButtonTapped) { $0.count = 1 }
    await store.send(.decrementButtonTapped) { $0.count = 0 }
    await store.send(.noopButtonTapped)
  }

  /// One second, as in the Composable Architecture today (the episodes show 0.1 s, an older
  /// default).
  @Test func receiveWaitsOneSecondByDefault() {
    let store = TestStore(initialState: Feature.State()) { Feature() }
    #expect(store.timeout == .seconds(1))
  }

  @Test func theClosureSeesTheStateBeforeTheAction() async {
    let store = TestStore(initialState: Feature.State(count: 41)) { Feature() }
    await store.send(.incrementButtonTapped) {
      #expect(store.state.count == 41)
      #expect($0.count == 41)
      $0.count = 42
    }
    #expect(store.state.count == 42)
  }

  @Test func synchronousSendEffectsAreReceivedInOrder() async {
    let store = TestStore(initialState: Feature.State()) { Feature() }
    await store.send(.sendTwoButtonTapped)
    await store.receive(.first) { $0.count = 10 }
    await store.receive(.second) { $0.count = 110 }
  }

  @Test func anEffectThatSendsSeveralActionsIsReceivedInOrder() async {
    let store = TestStore(initialState: Feature.State()) { Feature() }
    await store.send(.sendTwoLaterButtonTapped)
    await store.receive(\.first) { $0.count = 10 }
    await store.receive({ $0 == .second }, assert: { $0.count = 110 })
  }

  @Test func receiveByCaseAndPayload() async {
    let store = TestStore(initialState: Feature.State(count: 7)) {
      Feature()
    } withDependencies: {
      $0.factClient.fetch = { "\($0) is the 4th prime." }
    }
    await store.send(.factButtonTapped)
    await store.receive(\.factResponse, "7 is the 4th prime.") { $0.fact = "7 is the 4th prime." }
  }

  @Test func finishWaitsForEffects() async {
    let store = TestStore(initialState: Feature.State()) {
      Feature()
    } withDependencies: {
      $0.continuousClock = ImmediateClock()
    }
    await store.send(.sleepButtonTapped)
    await store.finish()
  }

  @Test func dependenciesCanChangeBetweenSteps() async {
    let store = TestStore(initialState: Feature.State(count: 1)) {
      Feature()
    } withDependencies: {
      $0.factClient.fetch = { _ in "first" }
    }
    await store.send(.factButtonTapped)
    await store.receive(.factResponse("first")) { $0.fact = "first" }
    store.dependencies.factClient.fetch = { _ in "second" }
    await store.send(.factButtonTapped)
    await store.receive(.factResponse("second")) { $0.fact = "second" }
  }

  /// The episodes' timer test, with an `ImmediateClock`: the timer runs until it stops itself at 3.
  @Test func timerWithImmediateClock() async {
    let store = TestStore(initialState: Feature.State()) {
      Feature()
    } withDependencies: {
      $0.continuousClock = ImmediateClock()
    }
    await store.send(.toggleTimerButtonTapped) { $0.isTimerOn = true }
    await store.receive(.timerTick) { $0.count = 1 }
    await store.receive(.timerTick) { $0.count = 2 }
    await store.receive(.timerTick) {
      $0.count = 3
      $0.isTimerOn = false
    }
  }

  /// The episodes' timer test, with a `TestClock` advanced second by second.
  @Test func timerWithTestClock() async {
    let clock = TestClock()
    let store = TestStore(initialState: Feature.State()) {
      Feature()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.toggleTimerButtonTapped) { $0.isTimerOn = true }
    await clock.advance(by: .seconds(1))
    await store.receive(.timerTick) { $0.count = 1 }
    await clock.advance(by: .milliseconds(999))
    await clock.advance(by: .milliseconds(1))
    await store.receive(.timerTick) { $0.count = 2 }
    await store.send(.toggleTimerButtonTapped) { $0.isTimerOn = false }
    await clock.advance(by: .seconds(10))
  }

  @Test func skipInFlightEffectsCancelsThem() async {
    let clock = TestClock()
    let store = TestStore(initialState: Feature.State()) {
      Feature()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.toggleTimerButtonTapped) { $0.isTimerOn = true }
    await store.skipInFlightEffects()
    await clock.advance(by: .seconds(5))
  }

  @Test func skipReceivedActionsForgetsThem() async {
    let store = TestStore(initialState: Feature.State()) { Feature() }
    await store.send(.sendTwoButtonTapped)
    await store.skipReceivedActions()
    #expect(store.state.count == 110)
    await store.send(.incrementButtonTapped) { $0.count = 111 }
  }

  @Test func assertChecksTheCurrentState() async {
    let store = TestStore(initialState: Feature.State(count: 2)) { Feature() }
    store.assert { $0.count = 2 }
    expectFailure {
      store.assert { $0.count = 3 }
    }
  }

  /// After a `receive`, `assert` compares the state the received action left, not the state
  /// after the last `send`.
  @Test func assertAfterReceiveChecksTheCurrentState() async {
    let store = TestStore(initialState: Feature.State()) { Feature() }
    await store.send(.sendTwoButtonTapped)
    await store.receive(.first) { $0.count = 10 }
    await store.receive(.second) { $0.count = 110 }
    store.assert { $0.count = 110 }
    expectFailure {
      store.assert { $0.count = 0 }
    }
  }

  @Test func modifyChangesTheCasePayload() {
    var screen = Screen.counter(Tally.State(count: 1))
    modify(&screen, case: \.counter) { $0.count += 1 }
    #expect(screen == .counter(Tally.State(count: 2)))
    var optional: Screen? = .counter(Tally.State())
    modify(&optional, case: \.counter) { $0.count = 9 }
    #expect(optional == .counter(Tally.State(count: 9)))
  }
}

/// Non-exhaustive testing: assert only what matters.
@MainActor
@Suite(.timeLimit(.minutes(1)))
struct NonExhaustiveTestStoreTests {
  @Test func partialAssertionsPass() async {
    let store = TestStore(initialState: Feature.State()) { Feature() }
    store.exhaustivity = .off
    await store.send(.sendTwoButtonTapped)
    await store.receive(.second) { $0.count = 110 }
    await store.send(.incrementButtonTapped)
    await store.send(.incrementButtonTapped) { $0.count = 112 }
  }

  @Test func unassertedEffectsAndActionsPassAtTheEnd() async {
    let clock = TestClock()
    let store = TestStore(initialState: Feature.State()) {
      Feature()
    } withDependencies: {
      $0.continuousClock = clock
    }
    store.exhaustivity = .off
    await store.send(.toggleTimerButtonTapped)
    await store.send(.sendTwoButtonTapped)
  }

  @Test func wrongPartialAssertionsStillFail() async {
    let store = TestStore(initialState: Feature.State()) { Feature() }
    store.exhaustivity = .off
    await expectFailure {
      await store.send(.incrementButtonTapped) { $0.count = 5 }
    } matching: { issue in
      issue.comments.first?.rawValue.hasPrefix("A state change does not match expectation") == true
    }
  }

  @Test func skippedAssertionsAreReportedAsInformation() async {
    let issues = await IssueReporting.collect {
      let store = TestStore(initialState: Feature.State()) { Feature() }
      store.exhaustivity = .off(showSkippedAssertions: true)
      await store.send(.sendTwoButtonTapped)
      await store.receive(.second) { $0.count = 110 }
      await store.send(.incrementButtonTapped)
    }
    #expect(!issues.isEmpty)
    #expect(issues.allSatisfy { $0.severity == .information })
    #expect(issues.map(\.message).contains("Skipped receiving Feature.Action.first"))
    #expect(
      issues.contains {
        $0.message.hasPrefix("A state change does not match expectation (skipped, non-exhaustive)")
      }
    )
  }
}
