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
  public func scope<ChildState, ChildAction>(
    state: KeyPath<State, ChildState>,
    action: CaseKeyPath<Action, ChildAction>
  ) -> Store<ChildState, ChildAction> {
    _cachedChild(state: state, action: action) {
      _child(state: state, embed: Action.casePath(action).embed)
    }
  }

  /// Returns a store for a child feature whose actions are this store's own
  /// (`action: \.self`): its state is a part of this store's state.
  ///
  /// ```swift
  /// let settingsStore = appStore.scope(state: \.settings, action: \.self)
  /// ```
  ///
  /// - Parameters:
  ///   - state: The child state's property.
  ///   - action: `\.self`.
  /// - Returns: The child store.
  @inlinable
  public func scope<ChildState>(
    state: KeyPath<State, ChildState>,
    action: _SelfCaseKeyPath<Action>
  ) -> Store<ChildState, Action> {
    _cachedChild(state: state, action: action) { _child(state: state, embed: { $0 }) }
  }

  /// A new child store reading `state` and sending through `embed`.
  @inlinable
  func _child<ChildState, ChildAction>(
    state: KeyPath<State, ChildState>,
    embed: @escaping (ChildAction) -> Action
  ) -> Store<ChildState, ChildAction> {
    let path = _ResolvedReadPath(state)
    return Store<ChildState, ChildAction>(
      core: .scoped(
        // The child keeps its parent alive (a child store may outlive every other reference to
        // the parent); the parent's cache holds children weakly, so there is no cycle.
        state: { self.core.read(path) },
        observers: core.observers,
        send: { childAction in self.send(embed(childAction)) }
      )
    )
  }

  /// The child store for this pair of key paths: the one already made while it lives, else a
  /// new one.
  ///
  /// A screen scopes on every render, with the same two key path literals each time, and a key
  /// path literal (one without subscript arguments) is the same object on every evaluation. So
  /// the last few scopes are looked up first by the identity of their key paths, two pointer
  /// comparisons each; then, for an action key path made anew on each evaluation, by comparing
  /// it with theirs (see `_RecentChild`); and only then by equality in the cache, which hashes
  /// both key paths.
  ///
  /// `presented` says which cache: the one of scopes to optional state, or the other.
  @usableFromInline
  func _cachedChild<Child: AnyObject>(
    state: AnyKeyPath,
    action: AnyKeyPath,
    presented: Bool = false,
    create: () -> Child
  ) -> Child {
    let kind = ObjectIdentifier(Child.self)
    if let child = recentChild(state, action, kind) as? Child { return child }
    let id = _ScopeID(state: state, action: action, kind: kind)
    let child: Child
    if let cached = (presented ? presentedChildren[id] : children[id])?.object as? Child {
      child = cached
    } else {
      child = create()
      if presented {
        presentedChildren[id] = _WeakChild(object: child)
      } else {
        children[id] = _WeakChild(object: child)
      }
    }
    // Looked up again rather than remembered from above: making the child ran the app's code
    // (its case paths), which may have scoped this store and changed the list.
    if let entry = recentEntry(state, action, kind) {
      entry.child = child
    } else {
      if recentChildren.count == _RecentChild.capacity { recentChildren.removeFirst() }
      recentChildren.append(_RecentChild(id: id, child: child))
    }
    return child
  }

  /// Forgets the child store of this scope, if there is one: the next scope makes a new one.
  ///
  /// Called while a presented child is absent, so that a child presented again gets a store of
  /// its own rather than the one of the child that went away. A screen scopes on every render,
  /// so this is cheap when no optional child is cached or the key paths are recent ones: it
  /// hashes them only when neither is the case.
  func _forgetChild<Child: AnyObject>(
    state: AnyKeyPath,
    action: AnyKeyPath,
    of type: Child.Type
  ) {
    guard !presentedChildren.isEmpty else { return }
    let kind = ObjectIdentifier(type)
    let id: _ScopeID
    if let entry = recentEntry(state, action, kind) {
      // Nothing alive to forget: the dictionary's entry went away with the same child.
      guard entry.child != nil else { return }
      id = entry.id  // its hash is kept, and its key paths are these very objects
    } else {
      id = _ScopeID(state: state, action: action, kind: kind)
    }
    guard let child = presentedChildren.removeValue(forKey: id)?.object else { return }
    // The same scope written at another place in the code has an entry of its own.
    for entry in recentChildren where entry.child === child { entry.child = nil }
  }

  /// The child store of the recent scope with these very key path objects and this type of
  /// child store, if it is alive.
  func recentChild(
    _ state: AnyKeyPath,
    _ action: AnyKeyPath,
    _ kind: ObjectIdentifier
  ) -> AnyObject? {
    // One read of the list (one exclusivity check). The local copy of the list ends here,
    // before the caller may change the list: a copy still alive then would make that change
    // copy the whole list. (Returning the entry instead of its child costs a kept scope a
    // retain and a release of the entry: a tenth more.)
    let recent = recentChildren
    for entry in recent where entry.isFor(state, action, kind) {
      return entry.child
    }
    for entry in recent where entry.isFor(state, equal: action, kind) {
      return entry.child
    }
    return nil
  }

  /// The recent scope with these very key path objects and this type of child store, if the
  /// store remembers it.
  func recentEntry(
    _ state: AnyKeyPath,
    _ action: AnyKeyPath,
    _ kind: ObjectIdentifier
  ) -> _RecentChild? {
    let recent = recentChildren  // ends here too, before the caller may change the list
    for entry in recent where entry.isFor(state, action, kind) {
      return entry
    }
    for entry in recent where entry.isFor(state, equal: action, kind) {
      return entry
    }
    return nil
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

  /// The scope: its key paths, held strongly, and the type of child store.
  let id: _ScopeID
  /// The child store, held weakly.
  ///
  /// The child keeps its parent alive, not the other way round. When the child has gone away,
  /// the next scope puts its new child store here (no new entry is made).
  weak var child: AnyObject?

  init(id: _ScopeID, child: AnyObject) {
    self.id = id
    self.child = child
  }

  /// Whether this entry is for these very key path objects and this type of child store.
  func isFor(_ state: AnyKeyPath, _ action: AnyKeyPath, _ kind: ObjectIdentifier) -> Bool {
    id.state === state && id.action === action && id.kind == kind
  }

  /// Whether this entry is for this very state key path object, an action key path equal to
  /// this one, and this type of child store.
  ///
  /// A case key path that goes on into a case of a case through dynamic member lookup, such as
  /// `\.destination.presented.edit`, is a new object on each evaluation (a subscript component
  /// with a key path argument), so it never meets an entry by identity. Comparing it with the
  /// entries' (those of the same state key path only) costs less than hashing it for the lookup
  /// by value.
  func isFor(_ state: AnyKeyPath, equal action: AnyKeyPath, _ kind: ObjectIdentifier) -> Bool {
    id.state === state && id.kind == kind && id.action == action
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

  /// The part of the state at `path`, without registering observation: read in place from a
  /// root's state when the path has an offset, else from a copy of the state.
  @inlinable
  func read<Part>(_ path: _ResolvedReadPath<State, Part>) -> Part {
    switch self {
    case .root(let root): root.read(path)
    case .scoped(let state, _, _): path.get(state())
    }
  }

  /// The observed stores of the root: this store's, its parents' and its children's.
  @inlinable
  var observers: _ObservedStores {
    switch self {
    case .root(let root): root.observers
    case .scoped(_, let observers, _): observers
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
  /// While the child is presented, the same scope returns the same child store, as the
  /// non-optional scope does. Once a scope has found the child absent, the next presentation
  /// gets a new store. A child store kept after its state goes away keeps the last state read
  /// from it (a screen animating out still draws what it drew last), and the actions it sends
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
    guard let initial = core.currentState[keyPath: state] else {
      _forgetChild(state: state, action: action, of: Store<ChildState, ChildAction>.self)
      return nil
    }
    return _cachedChild(state: state, action: action, presented: true) {
      _childKeepingItsLastState(
        initial,
        read: { $0[keyPath: state] },
        embed: Action.casePath(action).embed
      )
    }
  }

  /// Returns a store for optional child state while it is non-`nil`, for a child whose actions
  /// are this store's own (`action: \.self`); otherwise as the optional scope through a case.
  ///
  /// ```swift
  /// if let processing = store.scope(state: \.processing, action: \.self) { … }
  /// ```
  ///
  /// - Parameters:
  ///   - state: The optional child state's property.
  ///   - action: `\.self`.
  /// - Returns: The child store, or `nil` when the child state is `nil`.
  public func scope<ChildState>(
    state: KeyPath<State, ChildState?>,
    action: _SelfCaseKeyPath<Action>
  ) -> Store<ChildState, Action>? {
    guard let initial = core.currentState[keyPath: state] else {
      _forgetChild(state: state, action: action, of: Store<ChildState, Action>.self)
      return nil
    }
    return _cachedChild(state: state, action: action, presented: true) {
      _childKeepingItsLastState(initial, read: { $0[keyPath: state] }, embed: { $0 })
    }
  }
}

extension Store {
  /// A child store whose state is there only sometimes: a presented child, a row of a list.
  ///
  /// While `read` finds the state, the store reads it; once it is gone, the store keeps the last
  /// state it read, so a screen animating out still draws what it drew last. Its actions are
  /// sent to this store through `embed` either way.
  ///
  /// Sending reads nothing: an action sent from inside a reducer (through
  /// `MainActor.assumeIsolated`) is queued while the reducer holds the state, and a read then
  /// would stop the program (`StoreReentrancyTests`).
  ///
  /// Inlinable, so that reading a row's state (each watched row, after every action) runs code
  /// specialized for the app's types rather than code that looks their metadata up.
  @inlinable
  func _childKeepingItsLastState<ChildState, ChildAction>(
    _ initial: ChildState,
    read: @escaping @MainActor (State) -> ChildState?,
    embed: @escaping (ChildAction) -> Action
  ) -> Store<ChildState, ChildAction> {
    let last = _LastSeen(initial)
    return Store<ChildState, ChildAction>(
      core: .scoped(
        // The child keeps this store alive; this store's caches hold it weakly (no cycle).
        state: {
          if let current = read(self.core.currentState) { last.replace(with: current) }
          return last.value
        },
        observers: core.observers,
        send: { childAction in self.send(embed(childAction)) }
      )
    )
  }
}

/// The last state a child had, for a child store that outlives its state (see
/// `_childKeepingItsLastState`).
@MainActor
@usableFromInline
final class _LastSeen<Value> {
  /// The state, written by each read of the child's state that finds it, and read by every one.
  ///
  /// Read and written on every read of a row's state, so its dynamic exclusivity check is
  /// switched off. Every access is main-actor isolated and runs no code of the app's: the value a
  /// write replaces is released only after it (``replace(with:)``), since its release can run a
  /// deinit of a class the app's state holds, which may read this same child's state
  /// (`ObservationGranularityTests.aDeinitInARowsStateThatReadsTheRowRunsAfterItsRead`); an
  /// assignment may destroy the old value in place before it stores the new one.
  @usableFromInline @exclusivity(unchecked) var value: Value
  @usableFromInline init(_ value: Value) { self.value = value }

  /// Writes ``value``, releasing the value it held only once the write is done.
  @inlinable
  func replace(with newValue: Value) {
    var old = newValue
    swap(&old, &value)
    extendLifetime(old)
  }
}

/// Where a row was in its list when its store last read it, so that the next read finds it
/// without hashing its ID when it has not moved.
@MainActor
@usableFromInline
final class _PositionHint {
  /// Read and written on every read of the row's state, by single operations on a plain
  /// integer that run no code of the app's (main-actor isolated), so no two accesses overlap:
  /// its dynamic exclusivity check is switched off.
  @usableFromInline @exclusivity(unchecked) var position: Int
  @usableFromInline init(_ position: Int) { self.position = position }
}
