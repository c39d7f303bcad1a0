import Observation

/// What a `Store` talks to: the root (which owns state and runs the reducer) or a scope of it.
@MainActor
class _StoreCore<State, Action> {
  /// The current state (derived, for a scope).
  var state: State { fatalError("abstract") }
  /// Registers an observation access of the state with the root's registrar.
  func access() { fatalError("abstract") }
  /// Sends an action to the root.
  func send(_ action: Action) -> StoreTask { fatalError("abstract") }
  /// Whether the root store still exists (a scope outlives nothing).
  var rootIdentifier: ObjectIdentifier { fatalError("abstract") }
}

/// A scope of a parent core: state derived by a key path, actions embedded by a case path.
@MainActor
final class _ScopedCore<ParentState, ParentAction, State, Action>: _StoreCore<State, Action> {
  let parent: _StoreCore<ParentState, ParentAction>
  let toState: KeyPath<ParentState, State>
  let fromAction: (Action) -> ParentAction

  init(
    parent: _StoreCore<ParentState, ParentAction>,
    toState: KeyPath<ParentState, State>,
    fromAction: @escaping (Action) -> ParentAction
  ) {
    self.parent = parent
    self.toState = toState
    self.fromAction = fromAction
  }

  override var state: State { parent.state[keyPath: toState] }
  override func access() { parent.access() }
  override func send(_ action: Action) -> StoreTask { parent.send(fromAction(action)) }
  override var rootIdentifier: ObjectIdentifier { parent.rootIdentifier }
}
