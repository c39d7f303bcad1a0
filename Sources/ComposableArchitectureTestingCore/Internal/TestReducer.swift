import ComposableArchitecture

/// Whether an action came from the test (`send`) or from an effect (`receive`).
enum _TestAction<Action> {
  case send(Action)
  case receive(Action)
}

extension _TestAction: _CustomDumpRepresentable {
  /// Failure messages show the feature's action, not the test store's wrapper.
  var _dumpValue: Any {
    switch self {
    case .send(let action), .receive(let action): action
    }
  }
}

/// What the test reducer saw.
///
/// The state right after the sent action, and each received action with the state right after
/// it. Used only on the main actor, by the store and the test store. Every operation is O(1)
/// per action (amortized), so a test that receives many actions stays linear.
final class _TestRecorder<State, Action> {
  /// An action an effect sent, the state after it, and the stack-ID generation before it (so
  /// an assertion closure can replay the pushes the reducer made).
  struct Received {
    let action: Action
    let state: State
    let nextGeneration: Int?
    /// The step this action was, for the shared state it changed.
    let step: Int
  }

  /// The test's dependencies; changing them makes the next action rebuild the reducer.
  var dependencies: DependencyValues {
    didSet { built = nil }
  }
  /// The feature's reducer, built under `dependencies` (see `Reducer._reduceFunction()`).
  private var built: _ReduceFunction<State, Action>?
  var stateAfterSend: State?
  /// The step the last sent action was, for the shared state it changed.
  var stepAfterSend = 0
  /// The shared references this test adopted, and the step the test is on.
  let sharedContext: _SharedTestContext
  private var storage: [Received] = []
  private var head = 0
  var finalizer: _TestStoreFinalizer?

  init(dependencies: DependencyValues, sharedContext: _SharedTestContext) {
    self.dependencies = dependencies
    self.sharedContext = sharedContext
  }

  /// The feature's reducer built under the current dependencies: once, and again after the
  /// test changes them, so a `body` that reads a dependency while it is built sees the change.
  func reduceFunction<Base: Reducer>(_ base: Base) -> _ReduceFunction<State, Action>
  where Base.State == State, Base.Action == Action {
    if let built { return built }
    let function = DependencyValues.$_current.withValue(dependencies) { base._reduceFunction() }
    built = function
    return function
  }

  /// The received actions not yet handled, oldest first.
  var received: ArraySlice<Received> { storage[head...] }

  func append(_ entry: Received) {
    storage.append(entry)
    // Keep the end-of-test check current even for actions that arrive after the last step
    // (dumped only if that check fails: dumping is the expensive part).
    finalizer?.unhandledActions.append(entry.action)
  }

  @discardableResult
  func removeFirst() -> Received {
    let first = storage[head]
    head += 1
    finalizer?.unhandledActions.removeFirst()
    if head == storage.count {
      storage.removeAll(keepingCapacity: true)
      head = 0
    }
    return first
  }

  func removeAll() {
    storage.removeAll(keepingCapacity: true)
    head = 0
    finalizer?.unhandledActions.removeAll()
  }
}

/// Runs the feature's reducer with the test's dependencies and records what happened.
///
/// The feature's reducer is built as a store builds it, by the recorder.
struct _TestReducer<Base: Reducer>: Reducer {
  let base: Base
  let recorder: _TestRecorder<Base.State, Base.Action>

  func reduce(
    into state: inout Base.State,
    action: _TestAction<Base.Action>
  ) -> Effect<_TestAction<Base.Action>> {
    let effect: Effect<Base.Action>
    let reduce = recorder.reduceFunction(base)
    let step = recorder.sharedContext.nextStep()
    switch action {
    case .send(let action):
      effect = DependencyValues.$_current.withValue(recorder.dependencies) {
        reduce(&state, action)
      }
      recorder.stateAfterSend = state
      recorder.stepAfterSend = step
    case .receive(let action):
      let generation = recorder.dependencies.stackElementID._nextGeneration
      effect = DependencyValues.$_current.withValue(recorder.dependencies) {
        reduce(&state, action)
      }
      recorder.append(
        .init(action: action, state: state, nextGeneration: generation, step: step)
      )
    }
    return effect.isNone ? .none : effect.map { .receive($0) }
  }
}
