import ComposableArchitectureTesting
import ExpectedFailures
import Testing

/// A store that keeps an effect's `send` after the effect ends: a mistake to be reported.
@MainActor
final class SendBox: Sendable {
  var send: Send<Escaper.Action>?
  func keep(_ send: Send<Escaper.Action>) { self.send = send }
}

/// A feature whose effect lets its `send` escape.
struct Escaper: Reducer {
  struct State: Equatable { var pings = 0 }
  enum Action: Equatable {
    case escapeButtonTapped
    case ping
  }
  let box: SendBox

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .escapeButtonTapped:
      return .run { [box] send in await box.keep(send) }
    case .ping:
      state.pings += 1
      return .none
    }
  }
}

/// A feature whose one effect sends many actions.
struct Burst: Reducer {
  struct State: Equatable { var received = 0 }
  enum Action: Equatable {
    case burstButtonTapped(Int)
    case response(Int)
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .burstButtonTapped(let count):
      return .run { send in
        for index in 0..<count { await send(.response(index)) }
      }
    case .response:
      state.received += 1
      return .none
    }
  }
}

/// The test store's life: what `finish` checks, dismissal at the root, actions sent after an
/// effect ended, `modify`'s own check, and many received actions.
@MainActor
@Suite(.timeLimit(.minutes(1)))
struct TestStoreLifecycleTests {
  /// `finish()` reports the unasserted actions and leaves them queued, as the Composable
  /// Architecture does: a later `receive` still finds them.
  @Test func finishReportsReceivedActionsNobodyHandled() async {
    let store = TestStore(initialState: Feature.State()) { Feature() }
    await store.send(.sendTwoLaterButtonTapped)
    let line = #line + 2
    await expectFailure {
      await store.finish()
    } matching: { issue in
      TestStoreFailureTests.matches(
        issue,
        """
        Must handle 2 received actions before finishing: …

        Unhandled actions:
          [0]: Feature.Action.first
          [1]: Feature.Action.second
        """,
        line: line
      )
    }
    await store.receive(.first) { $0.count = 10 }
    await store.receive(.second) { $0.count = 110 }
  }

  @Test func anActionSentFromACompletedEffectIsReported() async {
    let box = SendBox()
    let store = TestStore(initialState: Escaper.State()) { Escaper(box: box) }
    await store.send(.escapeButtonTapped).finish()
    expectFailure {
      box.send?(.ping)
    } matching: { issue in
      issue.comments.map(\.rawValue).joined().hasPrefix(
        """
        An action was sent from a completed effect: …

          Action:
            Escaper.Action.ping
        """
      ) && issue.sourceLocation.fileName == "TestStoreLifecycleTests.swift"
    }
    // Nothing reached the reducer: the exhaustive store saw no change and no action.
  }

  @Test func dismissAtTheRootDismissesTheTestStore() async {
    let clock = TestClock()
    let store = TestStore(initialState: Ticker.State(id: 1)) {
      Ticker()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.startButtonTapped)
    #expect(!store.isDismissed)
    await store.send(.closeButtonTapped)
    #expect(store.isDismissed)
    // The timer was cancelled with the store: no tick arrives, and none is still running.
    await clock.advance(by: .seconds(5))
    let line = #line + 2
    await expectFailure {
      await store.send(.tick)
    } matching: { issue in
      TestStoreFailureTests.matches(
        issue,
        "Can't send an action to a dismissed test store: …",
        line: line,
        prefix: true
      )
    }
  }

  @Test func modifyReportsAClosureThatChangesNothing() {
    TestFrameworkBridge.install()
    var screen = Screen.counter(Tally.State(count: 1))
    let line = #line + 2
    expectFailure {
      modify(&screen, case: \.counter) { $0.count = 1 }
    } matching: { issue in
      TestStoreFailureTests.matches(
        issue,
        "\"modify\" expected its closure to change the Tally.State payload, but it did not "
          + "change.",
        line: line,
        prefix: true
      )
    }
  }

  @Test func modifyInANonExhaustiveStoreMayChangeNothing() async {
    let store = TestStore(initialState: StackRoot.State(path: [.counter(StackCounter.State())])) {
      StackRoot()
    }
    store.exhaustivity = .off
    await store.send(.path(.element(id: 0, action: .counter(.incrementButtonTapped)))) {
      modify(&$0.path[id: 0], case: \.counter) { $0.count = 1 }
    }
    // Restating a value the store already has is fine when the store is not exhaustive.
    await store.send(.path(.element(id: 0, action: .counter(.decrementButtonTapped)))) {
      modify(&$0.path[id: 0], case: \.counter) { $0.isTimerOn = false }
    }
  }

  @Test func receivingTenThousandActionsIsLinear() async {
    let store = TestStore(initialState: Burst.State()) { Burst() }
    await store.send(.burstButtonTapped(10_000))
    for index in 0..<10_000 {
      await store.receive(.response(index)) { $0.received = index + 1 }
    }
  }

  @Test func anEndlessTimerUnderTestClockRunStopsAtItsBound() async {
    let clock = TestClock()
    let store = TestStore(initialState: Ticker.State(id: 1)) {
      Ticker()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.startButtonTapped)
    await expectFailure {
      await clock.run(maxWakeUps: 10_000)
    } matching: { issue in
      issue.comments.map(\.rawValue).joined().hasPrefix("TestClock.run() woke 10000 sleepers")
    }
    await store.skipReceivedActions()
    #expect(store.state.ticks == 10_000)
    await store.send(.stopButtonTapped)
  }
}
