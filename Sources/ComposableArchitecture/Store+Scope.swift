extension Store where Action: CasePathable {
  /// Returns a store for a child feature: its state is a part of this store's state, and its
  /// actions are sent to this store wrapped in a case of this store's action.
  ///
  /// The same scope returns the same child store while this store lives, so a UI can compare
  /// stores by identity.
  ///
  /// ```swift
  /// let counterStore = appStore.scope(state: \.counter, action: \.counter)
  /// counterStore.send(.incrementButtonTapped)  // appStore receives .counter(.incrementButtonTapped)
  /// ```
  ///
  /// - Parameters:
  ///   - state: The child state's property.
  ///   - action: The parent action's case for child actions.
  /// - Returns: The child store.
  @inlinable
  @_disfavoredOverload
  public func scope<ChildState, ChildAction>(
    state: KeyPath<State, ChildState>,
    action: CaseKeyPath<Action, ChildAction>
  ) -> Store<ChildState, ChildAction> {
    _cachedChild(state: state, action: action) {
      let embed = Action.casePath(action).embed
      return Store<ChildState, ChildAction>(
        core: .scoped(
          // The child keeps its parent alive (a child store may outlive every other reference to
          // the parent); the parent's cache holds children weakly, so there is no cycle.
          state: { self.core.currentState[keyPath: state] },
          access: { self.core.access() },
          send: { childAction in self.send(embed(childAction)) }
        )
      )
    }
  }

  @usableFromInline
  func _cachedChild<Child: AnyObject>(
    state: AnyKeyPath,
    action: AnyKeyPath,
    create: () -> Child
  ) -> Child {
    let id = _ScopeID(state: state, action: action)
    if let child = children[id]?.object as? Child { return child }
    let child = create()
    children[id] = _WeakChild(object: child)
    return child
  }
}

@MainActor
extension Store._Core {
  /// The state without registering observation.
  @inlinable
  var currentState: State {
    switch self {
    case .root(let root): root.state
    case .scoped(let state, _, _): state()
    }
  }

  /// Registers observation of the root's state.
  @inlinable
  func access() {
    switch self {
    case .root(let root): root.access()
    case .scoped(_, let access, _): access()
    }
  }
}

/// A cached child store, held weakly: the child holds its parent, not the other way round.
struct _WeakChild {
  weak var object: AnyObject?
}

extension Store where Action: CasePathable {
  /// Returns a store for a child feature whose state is optional — a presented screen — or
  /// `nil` while it is not presented.
  ///
  /// ```swift
  /// if let modal = counterStore.scope(state: \.primeModal, action: \.primeModal.presented) {
  ///   modal.send(.saveFavoritePrimeTapped)
  /// }
  /// ```
  ///
  /// A child store kept after its state goes away keeps reading the last state it saw (when it
  /// was last read or sent to: a screen animating out still draws), and the actions it sends
  /// reach the parent, which reports them if nothing is presented.
  ///
  /// - Parameters:
  ///   - state: The optional child state's property.
  ///   - action: The parent action's case for child actions.
  /// - Returns: The child store, or `nil` when the child state is `nil`.
  public func scope<ChildState, ChildAction>(
    state: KeyPath<State, ChildState?>,
    action: CaseKeyPath<Action, ChildAction>
  ) -> Store<ChildState, ChildAction>? {
    guard let initial = core.currentState[keyPath: state] else { return nil }
    let last = _LastPresented(initial)
    let embed = Action.casePath(action).embed
    return Store<ChildState, ChildAction>(
      core: .scoped(
        state: {
          if let current = self.core.currentState[keyPath: state] { last.value = current }
          return last.value
        },
        access: { self.core.access() },
        send: { childAction in
          let task = self.send(embed(childAction))
          if let current = self.core.currentState[keyPath: state] { last.value = current }
          return task
        }
      )
    )
  }
}

/// The last state a presented child had, for a child store that outlives its presentation.
@MainActor
final class _LastPresented<Value> {
  var value: Value
  init(_ value: Value) { self.value = value }
}
