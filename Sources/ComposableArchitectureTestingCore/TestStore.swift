import ComposableArchitecture
import Foundation

/// Tests a feature exhaustively: every action's state change, every action an effect sends
/// back, and every effect's completion must be asserted.
///
/// Send actions as the user would and describe, in a closure, how the state should change;
/// receive the actions effects send back; control time and dependencies so the test is
/// deterministic. A failure names the test line and prints a diff of the state.
///
/// ```swift
/// @MainActor
/// @Test func nthPrimeButtonTapped_happyPath() async {
///   let store = TestStore(initialState: Counter.State(count: 7)) {
///     Counter()
///   } withDependencies: {
///     $0.primeClient.nthPrime = { _ in 17 }
///   }
///   await store.send(.nthPrimeButtonTapped) {
///     $0.isNthPrimeButtonDisabled = true
///   }
///   await store.receive(.nthPrimeResponse(17)) {
///     $0.alertNthPrime = PrimeAlert(prime: 17)
///     $0.isNthPrimeButtonDisabled = false
///   }
///   await store.send(.alertDismissButtonTapped) {
///     $0.alertNthPrime = nil
///   }
/// }
/// ```
///
/// Failures go to the running test framework (Swift Testing or XCTest). While a test store
/// exists, tasks run serially on the main queue (see `withMainSerialExecutor`), so effects and
/// clocks behave the same way on every run.
@MainActor
public final class TestStore<State: Equatable, Action> {
  /// The state as asserted so far.
  ///
  /// Inside an assertion closure this is still the state before the action.
  public internal(set) var state: State

  /// How long `receive` and `finish` wait for effects (real time); one second by default.
  public var timeout: Duration

  /// How much this store insists on; `.on` by default.
  ///
  /// Setting the environment variable `PRIME_TIME_TESTSTORE_EXHAUSTIVITY=off` makes `.off` the
  /// default for every store of a test run: it measures what a suite catches when its stores
  /// are not exhaustive (the mutation matrix does), without editing the tests.
  public var exhaustivity: Exhaustivity = TestStore.defaultExhaustivity {
    didSet { finalizer.snapshot.withLock { $0.exhaustivity = exhaustivity } }
  }

  /// The dependencies the feature runs with; change them between steps of a test.
  ///
  /// ```swift
  /// store.dependencies.date = .constant(Date(timeIntervalSince1970: 1))
  /// ```
  public var dependencies: DependencyValues {
    get { recorder.dependencies }
    set { recorder.dependencies = newValue }
  }

  let store: Store<State, _TestAction<Action>>
  let recorder: _TestRecorder<State, Action>
  let finalizer: _TestStoreFinalizer
  let dismissal: _RootDismissal

  /// Whether the feature at the root called `\.dismiss`: the test store is then dismissed, its
  /// effects cancelled, and no further action can be sent.
  public var isDismissed: Bool { dismissal.isDismissed }

  /// Creates a test store.
  ///
  /// - Parameters:
  ///   - initialState: The feature's starting state.
  ///   - reducer: The feature's reducer.
  ///   - prepareDependencies: Sets the dependencies the test controls. The context is `.test`,
  ///     so any dependency without a test value that the feature uses fails the test.
  ///   - timeout: How long `receive` and `finish` wait for an effect, in real time, unless
  ///     the call gives its own.
  ///   - fileID: The file ID of the call; a failure is reported there.
  ///   - filePath: The path of the file of the call.
  ///   - line: The line of the call.
  ///   - column: The column of the call.
  public init<R: Reducer<State, Action>>(
    initialState: @autoclosure () -> State,
    @ReducerBuilder<State, Action> reducer: () -> R,
    withDependencies prepareDependencies: (inout DependencyValues) -> Void = { _ in },
    timeout: Duration = .seconds(1),
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    _installTestFrameworkBridge()
    MainSerialExecutor.enter()
    let dismissal = _RootDismissal()
    var dependencies = DependencyValues._current
    dependencies.context = .test
    // Each test store counts stack element IDs from 0, so tests can write `path[id: 0]`.
    dependencies.stackElementID = .incrementing
    // `\.dismiss` called by the feature at the root dismisses the test store itself.
    dependencies.dismiss = DismissEffect { dismissal.dismiss() }
    // Shared state made by the feature joins this test, so its changes must be asserted.
    let sharedContext = _SharedTestContext()
    dependencies._sharedTestContext = sharedContext
    prepareDependencies(&dependencies)
    let (state, reducer) = DependencyValues.$_current.withValue(dependencies) {
      (initialState(), reducer())
    }
    // …and so does shared state the test made before the store.
    sharedContext.adoptReferences(in: state)
    let recorder = _TestRecorder<State, Action>(
      dependencies: dependencies,
      sharedContext: sharedContext
    )
    self.state = state
    self.timeout = timeout
    self.recorder = recorder
    self.dismissal = dismissal
    self.finalizer = _TestStoreFinalizer(
      location: IssueLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    )
    let store = Store(initialState: state) {
      _TestReducer(base: reducer, recorder: recorder)
    }
    self.store = store
    recorder.finalizer = finalizer
    finalizer.snapshot.withLock { [exhaustivity] in $0.exhaustivity = exhaustivity }
    dismissal.cancelEffects = { [weak store] in store?._cancelAllEffects() }
  }

  /// Checks the current state without sending an action.
  ///
  /// ```swift
  /// await store.assert { $0.count = 2 }
  /// ```
  ///
  /// - Parameters:
  ///   - updateStateToExpectedResult: Changes the asserted state into the expected one.
  ///   - fileID: The file ID of the call; a failure is reported there.
  ///   - filePath: The path of the file of the call.
  ///   - line: The line of the call.
  ///   - column: The column of the call.
  public func assert(
    _ updateStateToExpectedResult: (_ state: inout State) throws -> Void,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    let location = IssueLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    // The state the feature is in now: after the last action it ran, sent or received.
    let actual = store.withState { $0 }
    withoutActuallyEscaping(updateStateToExpectedResult) { update in
      checkState(
        actual: actual,
        update,
        expectsChange: false,
        replayingFrom: recorder.dependencies.stackElementID._nextGeneration,
        step: recorder.sharedContext.step,
        at: location
      )
    }
    state = actual
  }

  /// Compares the state `actual` after a step with ``state`` changed by the test's closure.
  ///
  /// The closure runs under the store's dependencies, with a stack-ID generator that replays
  /// the IDs the reducer drew from `generation` on, so `$0.path.append(…)` in the closure makes
  /// the same ID the reducer's `append` made. With `expectsChange` (a `send` or `receive`), a
  /// closure that changes nothing while the state did not change either is reported: the
  /// closure is then misleading.
  ///
  /// Shared state is read on sides (see `_SharedSide`): the closure sees and states the
  /// shared values as asserted before the step, and the comparison reads them as `step` left
  /// them; afterwards the step's shared changes count as asserted, whatever the outcome.
  func checkState(
    actual: State,
    _ updateStateToExpectedResult: ((inout State) throws -> Void)?,
    expectsChange: Bool = true,
    replayingFrom generation: Int?,
    step: Int,
    at location: IssueLocation
  ) {
    defer { recorder.sharedContext.accept(through: step) }
    let actualSide = _SharedSide.actual(step: step)
    switch exhaustivity {
    case .on:
      var expected = state
      guard
        apply(
          updateStateToExpectedResult,
          to: &expected,
          side: .expected,
          replayingFrom: generation,
          at: location
        )
      else { return }
      if _SharedSide.comparing(.expected, actualSide, { expected != actual }) {
        let headline =
          updateStateToExpectedResult == nil
          ? "State was not expected to change, but a change occurred: …"
          : "A state change does not match expectation: …"
        let diff = Self.diff(expected, on: .expected, actual, on: actualSide)
        reportIssue("\(headline)\n\n\(diff)", at: location)
      } else if expectsChange, updateStateToExpectedResult != nil,
        _SharedSide.comparing(actualSide, .asserted, { actual == state })
      {
        reportIssue(
          """
          Expected state to change, but no change occurred.

          The trailing closure made no observable modifications to state. If no change to \
          state is expected, omit the trailing closure.
          """,
          at: location
        )
      }

    case .off(let showSkippedAssertions):
      var partial = actual
      let partialSide = _SharedSide.expectedOver(step: step)
      guard
        apply(
          updateStateToExpectedResult,
          to: &partial,
          side: partialSide,
          replayingFrom: generation,
          at: location
        )
      else { return }
      if _SharedSide.comparing(partialSide, actualSide, { partial != actual }) {
        let diff = Self.diff(partial, on: partialSide, actual, on: actualSide)
        reportIssue("A state change does not match expectation: …\n\n\(diff)", at: location)
        return
      }
      // Only to show what was skipped is the closure also run on the state before the action
      // (a closure written for the actual state may not make sense there).
      guard showSkippedAssertions else { return }
      recorder.sharedContext.forgetExpectations()
      var expected = state
      guard
        apply(
          updateStateToExpectedResult,
          to: &expected,
          side: .expected,
          replayingFrom: generation,
          at: location
        )
      else { return }
      if _SharedSide.comparing(.expected, actualSide, { expected != actual }) {
        let diff = Self.diff(expected, on: .expected, actual, on: actualSide)
        reportIssue(
          "A state change does not match expectation (skipped, non-exhaustive): …\n\n\(diff)",
          severity: .information,
          at: location
        )
      }
    }
  }

  /// Runs an assertion closure on `value` under the store's dependencies; reports a thrown
  /// error and returns `false`.
  private func apply(
    _ update: ((inout State) throws -> Void)?,
    to value: inout State,
    side: _SharedSide,
    replayingFrom generation: Int?,
    at location: IssueLocation
  ) -> Bool {
    guard let update else { return true }
    var dependencies = recorder.dependencies
    dependencies.stackElementID = dependencies.stackElementID._copy(startingAt: generation)
    do {
      try DependencyValues.$_current.withValue(dependencies) {
        try _ModifyContext.$isExhaustive.withValue(exhaustivity == .on) {
          try _SharedSide.with(side) { try update(&value) }
        }
      }
      return true
    } catch {
      reportIssue("Threw error: \(error)", at: location)
      return false
    }
  }

  /// Takes `newState` as asserted without checking it (a skipped or mismatched step), shared
  /// state included.
  func accept(_ newState: State, through step: Int) {
    state = newState
    recorder.sharedContext.accept(through: step)
  }

  /// The diff of two states, each dumped with its shared values read on its own side.
  static func diff(
    _ expected: State,
    on expectedSide: _SharedSide,
    _ actual: State,
    on actualSide: _SharedSide
  ) -> String {
    _TestStoreMessages.diff(
      expected: _SharedSide.with(expectedSide) { _dump(expected) },
      actual: _SharedSide.with(actualSide) { _dump(actual) }
    )
  }

  /// Lets woken effects run to their next suspension (deterministic under the serial executor).
  func settle() async {
    for _ in 0..<32 { await Task.yield() }
  }

  /// Records where the test is, for reports made when the store goes away, and forgets
  /// effects that have finished.
  func note(_ location: IssueLocation) {
    finalizer.snapshot.withLock { snapshot in
      snapshot.lastLocation = location
      snapshot.inFlight.removeAll { !$0.task._isRunning }
    }
  }

  /// The effects started by `send`s of this test that are still running.
  var inFlightEffects: [(task: StoreTask, location: IssueLocation)] {
    finalizer.snapshot.withLock { $0.inFlight }.filter { $0.task._isRunning }
  }
}

extension TestStore {
  /// `.off` when `PRIME_TIME_TESTSTORE_EXHAUSTIVITY=off` is set, else `.on`.
  nonisolated static var defaultExhaustivity: Exhaustivity {
    ProcessInfo.processInfo.environment["PRIME_TIME_TESTSTORE_EXHAUSTIVITY"] == "off" ? .off : .on
  }
}

/// What `\.dismiss` does when the feature at the root of a test store calls it: the store is
/// dismissed, its effects are cancelled, and later sends fail.
@MainActor
final class _RootDismissal: Sendable {
  var isDismissed = false
  var cancelEffects: (() -> Void)?

  func dismiss() {
    isDismissed = true
    cancelEffects?()
  }
}
