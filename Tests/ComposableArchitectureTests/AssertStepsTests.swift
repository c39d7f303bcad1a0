import ComposableArchitectureTesting
import Testing

/// The counter of the testing episodes: a count, an nth-prime request and its alert.
struct StepCounter: Reducer {
  struct State: Equatable {
    var count = 0
    var alertNthPrime: Int?
    var isNthPrimeButtonDisabled = false
    /// How much `+` adds: 1, unless a bug says otherwise.
    var step = 1
  }

  enum Action: Equatable, Sendable {
    case alertDismissButtonTapped
    case decrementButtonTapped
    case incrementButtonTapped
    case nthPrimeButtonTapped
    case nthPrimeResponse(Int?)
    case waitButtonTapped
  }

  var nthPrime: @Sendable (Int) async -> Int? = { _ in nil }
  var clock: any Clock<Duration> = TestClock()

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .alertDismissButtonTapped:
      state.alertNthPrime = nil
      return .none
    case .decrementButtonTapped:
      state.count -= 1
      return .none
    case .incrementButtonTapped:
      state.count += state.step
      return .none
    case .nthPrimeButtonTapped:
      state.isNthPrimeButtonDisabled = true
      return .run { [count = state.count, nthPrime] send in
        await send(.nthPrimeResponse(await nthPrime(count)))
      }
    case .nthPrimeResponse(let prime):
      state.alertNthPrime = prime
      state.isNthPrimeButtonDisabled = false
      return .none
    case .waitButtonTapped:
      return .run { [clock] _ in try await clock.sleep(for: .seconds(1)) }
    }
  }
}

/// From a reducer run by hand to `TestStore`, one step at a time, as the "Testable State
/// Management: Ergonomics" episode takes it.
@MainActor
@Suite(.timeLimit(.minutes(1)))
struct AssertStepsTests {
  /// Whether `issue` says `message` at `line`.
  nonisolated static func says(_ issue: Issue, _ message: String, line: Int) -> Bool {
    issue.comments.map(\.rawValue).joined().hasPrefix(message)
      && issue.sourceLocation?.line == line
  }

  /// Step 1: run the reducer by hand and rebuild the whole expected state — every field, in
  /// every test, even the ones the action does not touch.
  @Test func byHand_wholeStateReconstruction() {
    var state = StepCounter.State(count: 2)
    let effect = StepCounter().reduce(into: &state, action: .incrementButtonTapped)
    #expect(
      state
        == StepCounter.State(
          count: 3,
          alertNthPrime: nil,
          isNthPrimeButtonDisabled: false,
          step: 1
        )
    )
    #expect(effect.isNone)
  }

  /// Step 2: copy the state and change only what the action should change.
  @Test func byHand_expectedCopy() {
    var state = StepCounter.State(count: 2)
    var expected = state
    let effect = StepCounter().reduce(into: &state, action: .incrementButtonTapped)
    expected.count = 3
    #expect(state == expected)
    #expect(effect.isNone)
  }

  /// Step 3: a script of steps, with the effect's answer received and asserted like any action.
  @Test func steps_script() async {
    await assert(
      initialValue: StepCounter.State(count: 2),
      reducer: StepCounter(nthPrime: { _ in 3 }),
      steps: Step(.send, .incrementButtonTapped) { $0.count = 3 },
      Step(.send, .incrementButtonTapped) { $0.count = 4 },
      Step(.send, .decrementButtonTapped) { $0.count = 3 },
      Step(.send, .nthPrimeButtonTapped) { $0.isNthPrimeButtonDisabled = true },
      Step(.receive, .nthPrimeResponse(3)) {
        $0.alertNthPrime = 3
        $0.isNthPrimeButtonDisabled = false
      },
      Step(.send, .alertDismissButtonTapped) { $0.alertNthPrime = nil },
      // The helper waits in real time, as the episode's did. The effect answers at once, but on
      // a loaded machine (two cores, a sanitizer, other tests computing primes) its task can wait
      // more than the default second to be scheduled; thirty seconds only ends a real hang.
      timeout: .seconds(30)
    )
  }

  /// A wrong step fails at its own line, not at the `assert` call.
  @Test func steps_failureAtTheStepsLine() async {
    let line = #line + 6
    await withKnownIssue {
      await assert(
        initialValue: StepCounter.State(count: 2),
        reducer: StepCounter(),
        steps: Step(.send, .incrementButtonTapped) { $0.count = 3 },
        Step(.send, .decrementButtonTapped) { $0.count = 5 }
      )
    } matching: { issue in
      Self.says(issue, "A state change does not match expectation: …", line: line)
    }
  }

  /// Edge case: an action sent while an effect's answer is still to be received (and, since it
  /// is never received, still pending at the end).
  @Test func steps_sendBeforeHandlingPendingEffects() async {
    let line = #line + 6
    let issues = await IssueReporting.collect {
      await assert(
        initialValue: StepCounter.State(),
        reducer: StepCounter(nthPrime: { _ in 2 }),
        steps: Step(.send, .nthPrimeButtonTapped) { $0.isNthPrimeButtonDisabled = true },
        Step(.send, .alertDismissButtonTapped)
      )
    }
    #expect(
      issues.map(\.message) == [
        "Action sent before handling 1 pending effect(s).",
        "Assertion failed to handle 1 pending effect(s).",
      ]
    )
    #expect(issues.map(\.location.line) == [line, line - 4])
  }

  /// Edge case: the script ends with an effect nobody received.
  @Test func steps_pendingEffectsAtTheEnd() async {
    let line = #line + 2
    await withKnownIssue {
      await assert(
        initialValue: StepCounter.State(),
        reducer: StepCounter(nthPrime: { _ in 2 }),
        steps: Step(.send, .nthPrimeButtonTapped) { $0.isNthPrimeButtonDisabled = true }
      )
    } matching: { issue in
      Self.says(issue, "Assertion failed to handle 1 pending effect(s).", line: line)
    }
  }

  /// Edge case: a receive step with no effect to receive from.
  @Test func steps_receiveWithNothingPending() async {
    let line = #line + 5
    await withKnownIssue {
      await assert(
        initialValue: StepCounter.State(),
        reducer: StepCounter(),
        steps: Step(.receive, .nthPrimeResponse(2)) { $0.alertNthPrime = 2 }
      )
    } matching: { issue in
      Self.says(issue, "No pending effects to receive from.", line: line)
    }
  }

  /// Edge case: waiting on an effect that never finishes (it sleeps on a clock nobody moves).
  @Test func steps_effectThatNeverFinishes() async {
    let line = #line + 6
    await withKnownIssue {
      await assert(
        initialValue: StepCounter.State(),
        reducer: StepCounter(),
        steps: Step(.send, .waitButtonTapped),
        Step(.receive, .nthPrimeResponse(nil)),
        timeout: .milliseconds(50)
      )
    } matching: { issue in
      Self.says(issue, "Timed out waiting for the effect to complete.", line: line)
    }
  }

  /// Lesson "logic in the closure makes a weak assertion": with a bug that makes `+` add 2,
  /// `$0.count += $0.step` repeats the reducer's own arithmetic and passes; `$0.count = 1` states
  /// the value and catches it.
  @Test func weakAssertion_logicInTheClosure() async {
    let buggy = StepCounter.State(step: 2)
    await assert(
      initialValue: buggy,
      reducer: StepCounter(),
      steps: Step(.send, .incrementButtonTapped) { $0.count += $0.step }
    )
    await withKnownIssue {
      await assert(
        initialValue: buggy,
        reducer: StepCounter(),
        steps: Step(.send, .incrementButtonTapped) { $0.count = 1 }
      )
    }
  }

  /// Step 4: the `TestStore` — the same script, plus what the helper cannot do: it receives an
  /// action as soon as it is sent (not when its effect ends), controls dependencies and time,
  /// and checks at the end that nothing is left running.
  @Test func testStore_theSameScript() async {
    let store = TestStore(initialState: StepCounter.State(count: 2)) {
      StepCounter(nthPrime: { _ in 3 })
    }
    await store.send(.incrementButtonTapped) { $0.count = 3 }
    await store.send(.incrementButtonTapped) { $0.count = 4 }
    await store.send(.decrementButtonTapped) { $0.count = 3 }
    await store.send(.nthPrimeButtonTapped) { $0.isNthPrimeButtonDisabled = true }
    await store.receive(.nthPrimeResponse(3)) {
      $0.alertNthPrime = 3
      $0.isNthPrimeButtonDisabled = false
    }
    await store.send(.alertDismissButtonTapped) { $0.alertNthPrime = nil }
  }
}
