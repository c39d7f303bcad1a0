import ComposableArchitectureTesting
import ExpectedFailures
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
    case shareButtonTapped
    case waitButtonTapped
  }

  var nthPrime: @Sendable (Int) async -> Int? = { _ in nil }
  /// Records an analytics event: work whose effect sends nothing back.
  var track: @Sendable (String) async -> Void = { _ in }
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
    case .shareButtonTapped:
      return .run { [count = state.count, track] _ in await track("shared \(count)") }
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
  nonisolated static func says(_ issue: ReportedIssue, _ message: String, line: Int) -> Bool {
    issue.comments.map(\.rawValue).joined().hasPrefix(message)
      && issue.location.line == line
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

  /// Lesson "two mutable values double the chance of a mistake".
  ///
  /// The copy taken one line too late (after the reducer ran) compares the state with itself,
  /// so a bug that makes `+` add 2 passes. The steps helper leaves the test one value to change,
  /// inside the step's closure.
  @Test func byHand_twoMutableValuesInviteAMistake() async {
    var state = StepCounter.State(count: 2, step: 2)  // the bug: `+` adds 2
    _ = StepCounter().reduce(into: &state, action: .incrementButtonTapped)
    let expected = state  // meant to be taken before the action
    #expect(state == expected)  // passes: nothing was compared with anything independent
    await expectFailure {
      await assert(
        initialValue: StepCounter.State(count: 2, step: 2),
        reducer: StepCounter(),
        steps: Step(.send, .incrementButtonTapped) { $0.count = 3 }
      )
    }
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
    await expectFailure {
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
    await expectFailure {
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
    await expectFailure {
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
    await expectFailure {
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
    await expectFailure {
      await assert(
        initialValue: buggy,
        reducer: StepCounter(),
        steps: Step(.send, .incrementButtonTapped) { $0.count = 1 }
      )
    }
  }

  /// Lesson "the helper took our word for it".
  ///
  /// Before the helper ran effects, a receive step fed the reducer the action the script named.
  /// The stub answers 17; the script says 15, and nothing notices.
  @Test func weakAssertion_helperThatTookOurWord() async {
    let issues = IssueReporting.collect {
      assertTakingOurWord(
        initialValue: StepCounter.State(count: 7),
        reducer: StepCounter(nthPrime: { _ in 17 }),
        steps: Step(.send, .nthPrimeButtonTapped) { $0.isNthPrimeButtonDisabled = true },
        Step(.receive, .nthPrimeResponse(15)) {
          $0.alertNthPrime = 15
          $0.isNthPrimeButtonDisabled = false
        }
      )
    }
    #expect(issues.isEmpty)  // the wrong answer passed
  }

  /// The same script with the helper that runs the effect: two failures on the receive step,
  /// the action that really came back (17, not 15) and the state it really made.
  @Test func weakAssertion_runningTheEffectCatchesIt() async {
    let line = #line + 6
    let issues = await IssueReporting.collect {
      await assert(
        initialValue: StepCounter.State(count: 7),
        reducer: StepCounter(nthPrime: { _ in 17 }),
        steps: Step(.send, .nthPrimeButtonTapped) { $0.isNthPrimeButtonDisabled = true },
        Step(.receive, .nthPrimeResponse(15)) {
          $0.alertNthPrime = 15
          $0.isNthPrimeButtonDisabled = false
        },
        timeout: .seconds(30)
      )
    }
    #expect(
      issues.map { $0.message.components(separatedBy: " …").first ?? "" } == [
        "Received unexpected action:",
        "A state change does not match expectation:",
      ]
    )
    #expect(issues.map(\.location.line) == [line, line])
    #expect(issues.first?.message.contains("+ StepCounter.Action.nthPrimeResponse(17)") == true)
  }

  /// Gap: an effect that sends nothing back (analytics, a save) has no step to receive it.
  ///
  /// Left alone it is a pending effect at the end; received, it sent nothing.
  @Test func steps_fireAndForgetEffectHasNoStep() async {
    let line = #line + 2
    let leftAlone = await IssueReporting.collect {
      await assert(
        initialValue: StepCounter.State(),
        reducer: StepCounter(),
        steps: Step(.send, .shareButtonTapped)
      )
    }
    #expect(leftAlone.map(\.message) == ["Assertion failed to handle 1 pending effect(s)."])
    #expect(leftAlone.map(\.location.line) == [line])
    let received = await IssueReporting.collect {
      await assert(
        initialValue: StepCounter.State(),
        reducer: StepCounter(),
        steps: Step(.send, .shareButtonTapped),
        Step(.receive, .alertDismissButtonTapped),
        timeout: .seconds(30)
      )
    }
    #expect(received.map(\.message) == ["The pending effect finished without sending an action."])
  }

  /// The `TestStore` closes the gap: an effect that sends nothing only has to finish (the store
  /// checks that at the end), and what it did is checked through its dependency.
  @Test func testStore_fireAndForgetEffect() async {
    let events = LockIsolated<[String]>([])
    let store = TestStore(initialState: StepCounter.State(count: 3)) {
      StepCounter(track: { event in events.withLock { $0.append(event) } })
    }
    await store.send(.shareButtonTapped)
    await store.finish()
    #expect(events.withLock { $0 } == ["shared 3"])
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

/// The steps helper as the episode first wrote it, before it ran effects.
///
/// A receive step feeds the reducer the action the script names, and trusts it. Kept to show
/// what that missed (`weakAssertion_helperThatTookOurWord`); use
/// `assert(initialValue:reducer:steps:)`.
@MainActor
func assertTakingOurWord<R: Reducer>(
  initialValue: R.State,
  reducer: R,
  steps: Step<R.State, R.Action>...
) where R.State: Equatable {
  var state = initialValue
  for step in steps {
    var expected = state
    _ = reducer.reduce(into: &state, action: step.action)
    step.update(&expected)
    if expected != state {
      reportIssue("A state change does not match expectation.", at: step.location)
    }
  }
}
