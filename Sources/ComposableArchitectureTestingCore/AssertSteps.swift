import ComposableArchitecture

/// Whether a ``Step`` sends an action, as the user would, or receives one an effect sent back.
public enum StepType: Sendable {
  /// The test sends the action to the reducer.
  case send
  /// The next pending effect must send this action back.
  case receive
}

/// One step of a script for ``assert(initialValue:reducer:steps:timeout:fileID:filePath:line:column:)``:
/// an action and how the state must change, with the line that wrote it.
///
/// ```swift
/// Step(.send, .incrementButtonTapped) { $0.count = 3 }
/// Step(.receive, .nthPrimeResponse(17)) { $0.alertNthPrime = PrimeAlert(prime: 17) }
/// ```
public struct Step<State, Action> {
  /// Send or receive.
  public let type: StepType
  /// The action sent, or expected back.
  public let action: Action
  /// Changes the state before the step into the state expected after it.
  public let update: (inout State) -> Void
  /// Where the step was written: a failure is reported there.
  public let location: IssueLocation

  /// Creates a step.
  ///
  /// - Parameters:
  ///   - type: Send or receive.
  ///   - action: The action.
  ///   - update: The expected state change (none by default).
  ///   - fileID: The file ID of the call; a failure is reported there.
  ///   - filePath: The path of the file of the call.
  ///   - line: The line of the call.
  ///   - column: The column of the call.
  public init(
    _ type: StepType,
    _ action: Action,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column,
    _ update: @escaping (inout State) -> Void = { _ in }
  ) {
    self.type = type
    self.action = action
    self.update = update
    self.location = IssueLocation(fileID: fileID, filePath: filePath, line: line, column: column)
  }
}

/// Plays a script of steps through a reducer, checking the whole state after each one: the test
/// helper that came before ``TestStore``, as the "Testable State Management: Ergonomics" episode
/// builds it.
///
/// ```swift
/// await assert(
///   initialValue: Counter.State(count: 2),
///   reducer: Counter(),
///   steps: Step(.send, .incrementButtonTapped) { $0.count = 3 },
///   Step(.send, .nthPrimeButtonTapped) { $0.isNthPrimeButtonDisabled = true },
///   Step(.receive, .nthPrimeResponse(5)) {
///     $0.alertNthPrime = PrimeAlert(prime: 5)
///     $0.isNthPrimeButtonDisabled = false
///   }
/// )
/// ```
///
/// Each effect a step returns is *pending* until a `.receive` step takes the action it sends. It
/// fails, at the step's line, when an action is sent while effects are pending, when a receive
/// step finds no pending effect, when the pending effect does not finish within `timeout`, when
/// the received action or the state is not the expected one, and — at the call — when effects
/// are still pending after the last step.
///
/// > Note: It knows nothing of cancellation, dependencies or effects that keep running, and it
/// > waits for an effect to *finish* before it takes its action: the gaps the ``TestStore``
/// > closes.
///
/// - Parameters:
///   - initialValue: The state before the first step.
///   - reducer: The reducer under test.
///   - steps: The script.
///   - timeout: How long a receive step waits for its effect to finish (real time).
///   - fileID: The file ID of the call; a failure is reported there.
///   - filePath: The path of the file of the call.
///   - line: The line of the call.
///   - column: The column of the call.
@MainActor
public func assert<R: Reducer>(
  initialValue: R.State,
  reducer: R,
  steps: Step<R.State, R.Action>...,
  timeout: Duration = .seconds(1),
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) async where R.State: Equatable, R.Action: Equatable & Sendable {
  _installTestFrameworkBridge()
  var state = initialValue
  var pending: [_PendingEffect<R.Action>] = []
  for step in steps {
    var expected = state
    switch step.type {
    case .send:
      if !pending.isEmpty {
        reportIssue(
          "Action sent before handling \(pending.count) pending effect(s).",
          at: step.location
        )
      }
      let effect = reducer.reduce(into: &state, action: step.action)
      if !effect.isNone { pending.append(_PendingEffect(effect)) }

    case .receive:
      guard let first = pending.first else {
        reportIssue("No pending effects to receive from.", at: step.location)
        continue
      }
      guard await first.finish(within: timeout) else {
        reportIssue("Timed out waiting for the effect to complete.", at: step.location)
        first.cancel()
        pending.removeFirst()
        continue
      }
      guard let received = first.takeAction() else {
        reportIssue(
          "The pending effect finished without sending an action.",
          at: step.location
        )
        pending.removeFirst()
        continue
      }
      if !first.hasActions { pending.removeFirst() }
      if received != step.action {
        reportIssue(
          """
          Received unexpected action: …

          \(_TestStoreMessages.diff(expected: _dump(step.action), actual: _dump(received)))
          """,
          at: step.location
        )
      }
      let effect = reducer.reduce(into: &state, action: received)
      if !effect.isNone { pending.append(_PendingEffect(effect)) }
    }
    step.update(&expected)
    if expected != state {
      reportIssue(
        """
        A state change does not match expectation: …

        \(_TestStoreMessages.diff(expected: _dump(expected), actual: _dump(state)))
        """,
        at: step.location
      )
    }
  }
  if !pending.isEmpty {
    reportIssue(
      "Assertion failed to handle \(pending.count) pending effect(s).",
      at: IssueLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    )
    for effect in pending { effect.cancel() }
  }
}

/// An effect the script has not received from yet: running, and collecting what it sends.
@MainActor
final class _PendingEffect<Action: Sendable> {
  private var actions: [Action] = []
  private var isFinished = false
  private var task: Task<Void, Never>?

  init(_ effect: Effect<Action>) {
    task = Task { [weak self] in
      await effect._runDetached { action in self?.actions.append(action) }
      self?.isFinished = true
    }
  }

  var hasActions: Bool { !actions.isEmpty }

  /// Waits until the effect has finished; `false` if it did not within `timeout`.
  func finish(within timeout: Duration) async -> Bool {
    await _waitUntil(timeout: timeout) { isFinished }
  }

  func takeAction() -> Action? {
    actions.isEmpty ? nil : actions.removeFirst()
  }

  func cancel() { task?.cancel() }
}
