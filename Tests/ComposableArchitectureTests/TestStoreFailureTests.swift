import ComposableArchitectureTesting
import ExpectedFailures
import Testing

/// The failure gallery: one test per TestStore failure kind.
///
/// Each runs a wrong test inside
/// `expectFailure` (which fails if the issue does *not* occur) and checks the message text and
/// that it points at the test's own line.
@MainActor
@Suite(.timeLimit(.minutes(1)))
struct TestStoreFailureTests {
  /// Whether `issue` carries exactly `message` (or starts with it) at `line`.
  nonisolated static func matches(
    _ issue: ReportedIssue,
    _ message: String,
    line: Int,
    prefix: Bool = false
  ) -> Bool {
    let text = issue.comments.map(\.rawValue).joined(separator: "\n")
    let textMatches = prefix ? text.hasPrefix(message) : text == message
    return textMatches && issue.location.line == line
  }

  @Test func stateChangeDoesNotMatchExpectation() async {
    let store = TestStore(initialState: Feature.State()) { Feature() }
    let line = #line + 2
    await expectFailure {
      await store.send(.incrementButtonTapped) { $0.count = 2 }
    } matching: { issue in
      Self.matches(
        issue,
        """
        A state change does not match expectation: …

          Feature.State(
        −   count: 2,
        +   count: 1,
            fact: nil,
            isTimerOn: false,
          )

        (Expected: −, Actual: +)
        """,
        line: line
      )
    }
  }

  @Test func stateChangedWithoutAClosure() async {
    let store = TestStore(initialState: Feature.State()) { Feature() }
    let line = #line + 2
    await expectFailure {
      await store.send(.incrementButtonTapped)
    } matching: { issue in
      Self.matches(
        issue,
        """
        State was not expected to change, but a change occurred: …

          Feature.State(
        −   count: 0,
        +   count: 1,
            fact: nil,
            isTimerOn: false,
          )

        (Expected: −, Actual: +)
        """,
        line: line
      )
    }
  }

  @Test func closureGivenButNothingChanged() async {
    let store = TestStore(initialState: Feature.State()) { Feature() }
    let line = #line + 2
    await expectFailure {
      await store.send(.noopButtonTapped) { $0.count = 0 }
    } matching: { issue in
      Self.matches(
        issue,
        "Expected state to change, but no change occurred.",
        line: line,
        prefix: true
      )
    }
  }

  @Test func unhandledReceivedActionsBeforeSend() async {
    let store = TestStore(initialState: Feature.State()) { Feature() }
    await store.send(.sendTwoButtonTapped)
    let line = #line + 2
    await expectFailure {
      await store.send(.incrementButtonTapped) { $0.count = 111 }
    } matching: { issue in
      Self.matches(
        issue,
        """
        Must handle 2 received actions before sending an action: …

        Unhandled actions:
          [0]: Feature.Action.first
          [1]: Feature.Action.second
        """,
        line: line
      )
    }
    // The unhandled actions stay queued, in order, for the test to handle next.
    await store.receive(.first) { $0.count = 10 }
    await store.receive(.second) { $0.count = 110 }
  }

  @Test func receiveTimesOutWithTheRealTimeoutInTheMessage() async {
    let clock = TestClock()
    let store = TestStore(initialState: Feature.State()) {
      Feature()
    } withDependencies: {
      $0.continuousClock = clock
    }
    let task = await store.send(.toggleTimerButtonTapped) { $0.isTimerOn = true }
    let line = #line + 2
    await expectFailure {
      await store.receive(.timerTick, timeout: .milliseconds(100))
    } matching: { issue in
      Self.matches(
        issue,
        "Expected to receive an action, but received none after 0.1 seconds.",
        line: line
      )
    }
    await task.cancel()
  }

  @Test func receivedTheWrongAction() async {
    let store = TestStore(initialState: Feature.State()) { Feature() }
    await store.send(.sendTwoButtonTapped)
    let line = #line + 2
    await expectFailure {
      await store.receive(.second)
    } matching: { issue in
      Self.matches(
        issue,
        """
        Received unexpected action: …

        − Feature.Action.second
        + Feature.Action.first

        (Expected: −, Actual: +)
        """,
        line: line
      )
    }
    await store.receive(.second) { $0.count = 110 }
  }

  @Test func receivedTheWrongCase() async {
    let store = TestStore(initialState: Feature.State()) { Feature() }
    await store.send(.sendTwoButtonTapped)
    let line = #line + 2
    await expectFailure {
      await store.receive(\.timerTick)
    } matching: { issue in
      Self.matches(
        issue,
        """
        Received unexpected action: …

          Feature.Action.first

        Expected an action matching \\.timerTick.
        """,
        line: line
      )
    }
    await store.receive(.second) { $0.count = 110 }
  }

  @Test func effectStillRunningAtTheEndOfTheTest() async {
    let clock = TestClock()
    let line = #line + 8
    await expectFailure {
      // The store goes away at the end of this closure, as at the end of a test.
      let store = TestStore(initialState: Feature.State()) {
        Feature()
      } withDependencies: {
        $0.continuousClock = clock
      }
      await store.send(.toggleTimerButtonTapped) { $0.isTimerOn = true }
    } matching: { issue in
      Self.matches(issue, _effectStillRunningHeadline, line: line, prefix: true)
    }
  }

  @Test func unhandledReceivedActionsAtTheEndOfTheTest() async {
    let line = #line + 3
    await expectFailure {
      let store = TestStore(initialState: Feature.State()) { Feature() }
      await store.send(.sendTwoButtonTapped)
    } matching: { issue in
      Self.matches(
        issue,
        """
        The store received 2 unexpected actions after this one: …

        Unhandled actions:
          [0]: Feature.Action.first
          [1]: Feature.Action.second
        """,
        line: line
      )
    }
  }

  @Test func unimplementedDependencyFailsTheTest() async {
    let store = TestStore(initialState: Feature.State(count: 7)) { Feature() }
    await expectFailure {
      await store.send(.factButtonTapped)
      await store.receive(.factResponse("7 is a number."), timeout: .milliseconds(100)) {
        $0.fact = "7 is a number."
      }
    } matching: { issue in
      issue.comments.map(\.rawValue) == [
        "@Dependency(\\.factClient) has no test implementation, but was accessed from a test context."
      ]
    }
  }

  @Test func finishTimesOutWhileAnEffectRuns() async {
    let clock = TestClock()
    let store = TestStore(initialState: Feature.State()) {
      Feature()
    } withDependencies: {
      $0.continuousClock = clock
    }
    let task = await store.send(.sleepButtonTapped)
    let line = #line + 2
    await expectFailure {
      await store.finish(timeout: .milliseconds(100))
    } matching: { issue in
      Self.matches(
        issue,
        "Expected effects to finish, but there are still effects in-flight after 0.1 seconds.",
        line: line
      )
    }
    await task.cancel()
  }

  @Test func cancellingAnEffectThatIgnoresCancellation() async {
    let callback = CallbackIgnoringCancellation()
    let store = TestStore(initialState: Feature.State()) {
      Feature()
    } withDependencies: {
      $0.factClient.fetch = { _ in await callback.answer() }
    }
    let task = await store.send(.factButtonTapped)
    let line = #line + 2
    await expectFailure {
      await task.cancel(timeout: .milliseconds(100))
    } matching: { issue in
      Self.matches(
        issue,
        """
        Expected the effect to stop when it was cancelled, but it is still running after 0.1 \
        seconds. …

        Cancelling an effect cancels its task, and the effect stops only when the work it \
        awaits responds to cancellation. A "Task.sleep", a clock's "sleep" or a "for await" \
        loop over an "AsyncStream" ends at once; a continuation that nothing resumes on \
        cancellation (a callback API wrapped with "withCheckedContinuation"), or a loop that \
        never checks "Task.isCancelled", keeps running. Resume the continuation from the \
        "onCancel" of a "withTaskCancellationHandler", or check for cancellation in the loop.
        """,
        line: line
      )
    }
    // The callback comes at last: the cancelled effect ends, and its action is dropped.
    callback.callBack(with: "0 is a number.")
    await task.finish()
    #expect(store.state.fact == nil)
  }

  @Test func skippingAnEffectThatIgnoresCancellation() async {
    let callback = CallbackIgnoringCancellation()
    let store = TestStore(initialState: Feature.State()) {
      Feature()
    } withDependencies: {
      $0.factClient.fetch = { _ in await callback.answer() }
    }
    store.timeout = .milliseconds(100)
    await store.send(.factButtonTapped)
    let line = #line + 2
    await expectFailure {
      await store.skipInFlightEffects()
    } matching: { issue in
      Self.matches(
        issue,
        "Expected the effect to stop when it was cancelled, but it is still running after 0.1 "
          + "seconds. …",
        line: line,
        prefix: true
      )
    }
    callback.callBack(with: "0 is a number.")
    await store.finish()
  }

  @Test func skippingNothingStrictlyFails() async {
    let store = TestStore(initialState: Feature.State()) { Feature() }
    await expectFailure {
      await store.skipReceivedActions()
      await store.skipInFlightEffects()
    } matching: { issue in
      let text = issue.comments.map(\.rawValue)
      return text == ["There were no received actions to skip."]
        || text == ["There were no in-flight effects to skip."]
    }
  }

  @Test func modifyTheWrongCase() async {
    var screen = Screen.message("hi")
    let line = #line + 2
    expectFailure {
      modify(&screen, case: \.counter) { $0.count += 1 }
    } matching: { issue in
      Self.matches(
        issue,
        "Can't modify \"Screen.message(\"hi\")\": it is not the expected case (Tally.State).",
        line: line
      )
    }
    #expect(screen == .message("hi"))
  }
}

/// The first line of the effect-still-running failure.
let _effectStillRunningHeadline =
  "An effect returned for this action is still running. It must complete before the end of the test. …"
