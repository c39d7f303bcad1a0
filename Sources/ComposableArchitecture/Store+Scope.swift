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

  /// The child store for this pair of key paths: the one already made while it lives, else a
  /// new one.
  ///
  /// A screen scopes on every render, with the same two key path literals each time, and a key
  /// path literal (one without subscript arguments) is the same object on every evaluation. So
  /// the last few scopes are looked up first by the identity of their key paths, two pointer
  /// comparisons each, before the lookup by equality, which hashes both key paths.
  @usableFromInline
  func _cachedChild<Child: AnyObject>(
    state: AnyKeyPath,
    action: AnyKeyPath,
    create: () -> Child
  ) -> Child {
    if let child = recentChild(state, action) as? Child { return child }
    let id = _ScopeID(state: state, action: action)
    let child: Child
    if let cached = children[id]?.object as? Child {
      child = cached
    } else {
      child = create()
      children[id] = _WeakChild(object: child)
    }
    // Looked up again rather than remembered from above: making the child ran the app's code
    // (its case paths), which may have scoped this store and changed the list.
    if !refreshRecent(state, action, child) {
      let entry = _RecentChild(state: state, action: action, child: child)
      if recentChildren.count == _RecentChild.capacity { recentChildren.removeFirst() }
      recentChildren.append(entry)
    }
    return child
  }

  /// The child store of the recent scope with these very key path objects, if it is alive.
  func recentChild(_ state: AnyKeyPath, _ action: AnyKeyPath) -> AnyObject? {
    // One read of the list (one exclusivity check). The local copy of the list ends here,
    // before the caller may change the list: a copy still alive then would make that change
    // copy the whole list.
    let recent = recentChildren
    for entry in recent where entry.isFor(state, action) {
      return entry.child
    }
    return nil
  }

  /// Puts `child` in the recent scope with these very key path objects, if the store remembers
  /// it; returns whether it did.
  func refreshRecent(_ state: AnyKeyPath, _ action: AnyKeyPath, _ child: AnyObject) -> Bool {
    let recent = recentChildren  // ends here too, before the caller may append to the list
    for entry in recent where entry.isFor(state, action) {
      entry.child = child
      return true
    }
    return false
  }
}

/// A recently scoped child store, found by the identity of its two key paths.
///
/// The key paths are held strongly, so that while the entry exists no other key path can be
/// created at the same address: the same object means the same key path, never a new one that
/// reused a freed one's memory. Equal key paths that are different objects (the same path
/// written at two places in the code) miss here and meet in the lookup by equality, which
/// returns the same child store. A class, so that looking through the list copies no weak
/// reference (copying one costs a call into the runtime).
@MainActor
final class _RecentChild {
  /// How many scopes a store remembers this way (a screen rarely has more children).
  static let capacity = 8

  let state: AnyKeyPath
  let action: AnyKeyPath
  /// The child store, held weakly.
  ///
  /// The child keeps its parent alive, not the other way round. When the child has gone away,
  /// the next scope puts its new child store here (no new entry is made).
  weak var child: AnyObject?

  init(state: AnyKeyPath, action: AnyKeyPath, child: AnyObject) {
    self.state = state
    self.action = action
    self.child = child
  }

  /// Whether this entry is for these very key path objects.
  func isFor(_ state: AnyKeyPath, _ action: AnyKeyPath) -> Bool {
    self.state === state && self.action === action
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
