import ComposableArchitecture

/// Whether an action came from the test (`send`) or from an effect (`receive`).
enum _TestAction<Action> {
  case send(Action)
  case receive(Action)
}

/// What the test reducer saw.
///
/// The state right after the sent action, and each received action with the state right after
/// it. Used only on the main actor, by the store and the test store.
final class _TestRecorder<State, Action> {
  var dependencies: DependencyValues
  var stateAfterSend: State?
  var received: [(action: Action, state: State)] = [] {
    didSet {
      // Keep the end-of-test check current even for actions that arrive after the last step.
      let unhandled = received.map { _dump($0.action) }
      finalizer?.snapshot.withLock { $0.unhandledActions = unhandled }
    }
  }
  var finalizer: _TestStoreFinalizer?

  init(dependencies: DependencyValues) {
    self.dependencies = dependencies
  }
}

/// Runs the feature's reducer with the test's dependencies and records what happened.
struct _TestReducer<Base: Reducer>: Reducer {
  let base: Base
  let recorder: _TestRecorder<Base.State, Base.Action>

  func reduce(
    into state: inout Base.State,
    action: _TestAction<Base.Action>
  ) -> Effect<_TestAction<Base.Action>> {
    let effect: Effect<Base.Action>
    switch action {
    case .send(let action):
      effect = DependencyValues.$_current.withValue(recorder.dependencies) {
        base.reduce(into: &state, action: action)
      }
      recorder.stateAfterSend = state
    case .receive(let action):
      effect = DependencyValues.$_current.withValue(recorder.dependencies) {
        base.reduce(into: &state, action: action)
      }
      recorder.received.append((action, state))
    }
    return effect.isNone ? .none : effect.map { .receive($0) }
  }
}
