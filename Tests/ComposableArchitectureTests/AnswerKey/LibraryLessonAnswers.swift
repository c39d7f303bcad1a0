import Clocks
import ComposableArchitecture
import ComposableArchitectureTesting
import ExpectedFailures
import Testing

/// The answer key's claims about the library lessons, each run as the exercise describes it.
///
/// `Docs/Answers.md` names these tests; if an answer stops being true, its test fails.
@MainActor
@Suite(.timeLimit(.minutes(1)))
struct LibraryLessonAnswers {
  private enum TimerID: Hashable, Sendable { case timer }

  /// The timer feature of `timerWithTestClock`, on `clock`.
  private func timerStore(_ clock: TestClock) -> TestStore<Feature.State, Feature.Action> {
    TestStore(initialState: Feature.State()) {
      Feature()
    } withDependencies: {
      $0.continuousClock = clock
    }
  }

  /// Lesson 2, exercise 5: a row removed and a new row added with its ID, while the row's screen
  /// holds its store.
  ///
  /// The list keeps row stores by ID, so drawing it again finds the store the screen holds; that
  /// store reads the new row, and its actions reach the new row.
  @Test func lesson2_exercise5_aNewRowWithTheSameIDGetsTheSameStore() {
    let rows: IdentifiedArrayOf<TimerRow.State> = [TimerRow.State(id: 3, ticks: 7)]
    let store = Store(initialState: Shelf.State(rows: rows)) { Shelf() }
    let screen = Array(store.scope(state: \.rows, action: \.rows))[0]
    #expect(screen.state.ticks == 7)
    store.send(.removeButtonTapped(id: 3))
    store.send(.addButtonTapped(id: 3))
    let drawn = Array(store.scope(state: \.rows, action: \.rows))
    #expect(drawn.count == 1)
    #expect(drawn[0] === screen)
    #expect(screen.state.ticks == 0)
    screen.send(.tick)
    #expect(store.state.rows[id: 3]?.ticks == 1)
  }

  /// Lesson 2, exercise 2: `cancelByIDStopsARunningEffect` without `.cancellable(id:)`.
  ///
  /// The `.cancel(id:)` then finds nothing to cancel: the timer keeps ticking through the five
  /// seconds, so the first expectation after them fails, and one task is still asleep at the end.
  @Test func lesson2_exercise2_withoutCancellableTheCancelFindsNothing() async {
    let clock = TestClock()
    let store = Store(initialState: [String]()) { Recorder() }
    await withMainSerialExecutor {
      let task = store.send(.start("start") { ticking(clock) })
      await clock.advance(by: .seconds(2))
      #expect(store.state == ["start", "tick", "tick"])
      store.send(.start("stop") { .cancel(id: TimerID.timer) })
      await clock.advance(by: .seconds(5))
      let fiveMoreTicks = Array(repeating: "tick", count: 5)
      #expect(store.state == ["start", "tick", "tick", "stop"] + fiveMoreTicks)
      #expect(clock.sleeperCount == 1)
      task.cancel()
      await task.finish()
    }
  }

  /// Lesson 4, exercise 1: `timerWithTestClock` without its last `send(.toggleTimerButtonTapped)`.
  ///
  /// The ten seconds deliver one more tick, which takes the count to 3, where the feature stops
  /// its own timer: so the failure is one unexpected action, reported at the last assertion —
  /// and no effect is left running.
  @Test func lesson4_exercise1_withoutTheLastToggleOneTickIsLeftOver() async {
    let lastAssertion = #line + 9
    await expectFailure {
      let clock = TestClock()
      let store = timerStore(clock)
      await store.send(.toggleTimerButtonTapped) { $0.isTimerOn = true }
      await clock.advance(by: .seconds(1))
      await store.receive(.timerTick) { $0.count = 1 }
      await clock.advance(by: .milliseconds(999))
      await clock.advance(by: .milliseconds(1))
      await store.receive(.timerTick) { $0.count = 2 }
      await clock.advance(by: .seconds(10))
    } matching: { issue in
      issue.message == """
        The store received 1 unexpected action after this one: …

        Unhandled actions:
          [0]: Feature.Action.timerTick
        """ && issue.location.line == lastAssertion
    }
  }

  /// Lesson 4, exercise 2: `partialAssertionsPass`, made to pass exhaustively.
  ///
  /// Two more lines than the non-exhaustive test: the first of the two effect actions must be
  /// received, and the first increment's change stated. Each checks something the
  /// non-exhaustive test let through — the order of the actions and every intermediate count.
  @Test func lesson4_exercise2_theSameFlowExhaustively() async {
    let store = TestStore(initialState: Feature.State()) { Feature() }
    await store.send(.sendTwoButtonTapped)
    await store.receive(.first) { $0.count = 10 }
    await store.receive(.second) { $0.count = 110 }
    await store.send(.incrementButtonTapped) { $0.count = 111 }
    await store.send(.incrementButtonTapped) { $0.count = 112 }
  }

  /// Lesson 4, exercise 3: one `advance(by: .milliseconds(999))` instead of 999 + 1.
  ///
  /// The tick is due at 2 s and the clock stops at 1.999 s, so `receive` waits — in real time,
  /// because what it waits for is an action, not a time on the test clock — and then reports
  /// that nothing came. The default wait is one second; the exercise's test passes 0.1 s to
  /// keep the suite fast.
  @Test func lesson4_exercise3_oneMillisecondShortReceivesNothing() async {
    let clock = TestClock()
    let store = timerStore(clock)
    await store.send(.toggleTimerButtonTapped) { $0.isTimerOn = true }
    await clock.advance(by: .seconds(1))
    await store.receive(.timerTick) { $0.count = 1 }
    await clock.advance(by: .milliseconds(999))
    await expectFailure {
      await store.receive(.timerTick, timeout: .milliseconds(100)) { $0.count = 2 }
    } matching: { issue in
      issue.message == "Expected to receive an action, but received none after 0.1 seconds."
    }
    await clock.advance(by: .milliseconds(1))
    await store.receive(.timerTick) { $0.count = 2 }
    await store.send(.toggleTimerButtonTapped) { $0.isTimerOn = false }
  }

  /// Lesson 4, exercise 5: the `receive` of `withExhaustivityOffSkipsInsideTheBlockOnly` moved
  /// after the block.
  ///
  /// Both actions the effect sent are still waiting when the block ends. Outside it the store is
  /// exhaustive again, so `receive` takes the oldest, `.first`, and reports it as unexpected: the
  /// non-exhaustive skipping happens only in a `receive` made inside the block.
  @Test func lesson4_exercise5_aReceiveAfterTheBlockIsExhaustive() async {
    var messages: [String] = []
    let receiveLine = #line + 7
    await expectFailure {
      let store = TestStore(initialState: Feature.State()) { Feature() }
      await store.send(.incrementButtonTapped) { $0.count = 1 }
      await store.withExhaustivity(.off) {
        await store.send(.sendTwoButtonTapped)
      }
      await store.receive(.second) { $0.count = 111 }
    } matching: { issue in
      messages.append(issue.message)
      return issue.location.line == receiveLine
    }
    #expect(
      messages == [
        """
        Received unexpected action: …

        − Feature.Action.second
        + Feature.Action.first

        (Expected: −, Actual: +)
        """,
        """
        The store received 1 unexpected action after this one: …

        Unhandled actions:
          [0]: Feature.Action.second
        """,
      ]
    )
  }

  /// Lesson 5, exercise 3: push two counters, pop the first, push a third.
  ///
  /// The third gets ID 2: IDs count every push, and a popped ID is never given out again.
  @Test func lesson5_exercise3_aPoppedIDIsNeverReused() async {
    let store = TestStore(initialState: StackRoot.State()) { StackRoot() }
    await store.send(.path(.push(.counter(StackCounter.State())))) {
      $0.path[id: 0] = .counter(StackCounter.State())
    }
    await store.send(.path(.push(.counter(StackCounter.State())))) {
      $0.path[id: 1] = .counter(StackCounter.State())
    }
    await store.send(.path(.popFrom(id: 0))) {
      $0.path = StackState()
    }
    await store.send(.path(.push(.counter(StackCounter.State())))) {
      $0.path[id: 2] = .counter(StackCounter.State())
    }
  }

  /// Lesson 5, exercise 5: a screen shown the other way (a popover as a cover) is another child.
  ///
  /// Its timer ends when the case changes, though the same screen state is carried over: a
  /// child's identity includes its enum case. Without `stopTicking()` the model would still say
  /// the screen ticks while no timer runs, which is what the fuzz then reports.
  @Test func lesson5_exercise5_anotherCaseIsAnotherChild() async {
    let clock = TestClock()
    let store = TestStore(initialState: Warren.State(id: 0)) {
      Warren(removerRunsFirst: true)
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.showPopoverButtonTapped(id: 1)) {
      $0.destination = .popover(Warren.State(id: 1))
    }
    await store.send(.destination(.presented(.popover(.startTimerButtonTapped)))) {
      $0.$destination[case: \.popover]?.isTicking = true
    }
    await clock.advance(by: .seconds(1))
    await store.receive(.destination(.presented(.popover(.tick)))) {
      $0.$destination[case: \.popover]?.ticks = 1
    }
    await store.send(.switchPresentationButtonTapped) {
      var screen = Warren.State(id: 1)
      screen.ticks = 1
      $0.destination = .cover(screen)
    }
    // No tick arrives, and nothing is left running: the popover's timer ended with it.
    await clock.advance(by: .seconds(5))
  }

  /// Lesson 5, exercise 6: closing the sheet before reading it saves nothing.
  ///
  /// Once `editor` is `nil` the edit is gone, so the score stays, and the test store's diff shows
  /// the score that was expected and the one that was kept.
  @Test func lesson5_exercise6_closingBeforeReadingSavesNothing() async {
    let edited = Scorekeeper.State(score: 2, editor: PresentedCounter.State(count: 4))
    let store = TestStore(initialState: edited) {
      Reduce<Scorekeeper.State, Scorekeeper.Action> { state, action in
        guard action == .saveButtonTapped else { return .none }
        state.editor = nil  // the exercise's order: close first…
        guard let editor = state.editor else { return .none }  // …and there is nothing to read
        state.score = editor.count
        return .none
      }
    }
    await expectFailure {
      await store.send(.saveButtonTapped) {
        $0.score = 4
        $0.editor = nil
      }
    } matching: { issue in
      issue.message.hasPrefix("A state change does not match expectation")
        && issue.message.contains("−   score: 4") && issue.message.contains("+   score: 2")
    }
    #expect(store.state.score == 2)
  }
}
